import { clearSession, getToken } from './session';
import { fallbackLanguage } from './language';

/** A failed call, parsed from Laravel's error bodies: `{message}` or 422 `{message, errors}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  readonly body: unknown;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}, body: unknown = undefined) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  /** The first message of a field, as Laravel sends a list per field. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type ApiClientConfig = {
  /** Language of the UI, sent as Accept-Language so server messages come translated. */
  getLanguage: () => string;
  /** Called after any 401 once the session is cleared (the app navigates to /{lng}/login). */
  onUnauthorized: () => void;
  fetch: typeof fetch;
};

const config: ApiClientConfig = {
  getLanguage: () => (typeof document !== 'undefined' && document.documentElement.lang) || fallbackLanguage,
  onUnauthorized: () => {},
  fetch: (...args) => globalThis.fetch(...args),
};

export function configureApiClient(overrides: Partial<ApiClientConfig>): void {
  Object.assign(config, overrides);
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | undefined;
  query?: QueryParams | undefined;
  /** FormData goes as multipart; anything else as JSON. */
  body?: FormData | Record<string, unknown> | undefined;
  signal?: AbortSignal | undefined;
  /** Extra headers; they win over the defaults (e.g. a fixed Accept-Language). */
  headers?: Record<string, string> | undefined;
};

export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Turns an error response into an ApiError; tolerant of bodies that are not Laravel-shaped. */
export function parseError(status: number, body: unknown, statusText = ''): ApiError {
  let message = '';
  const errors: Record<string, string[]> = {};
  if (isRecord(body)) {
    if (typeof body.message === 'string') message = body.message;
    if (isRecord(body.errors)) {
      for (const [field, value] of Object.entries(body.errors)) {
        if (Array.isArray(value)) errors[field] = value.map(String);
        else if (typeof value === 'string') errors[field] = [value];
      }
    }
  } else if (typeof body === 'string' && body.length < 300) {
    message = body;
  }
  if (!message) message = Object.values(errors)[0]?.[0] ?? (statusText || `Request failed with status ${status}`);
  return new ApiError(status, message, errors, body);
}

/** The one fetch wrapper: bearer token, Accept-Language, Laravel error parsing, 401 → logout. */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': config.getLanguage() });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);

  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }

  let response: Response;
  try {
    response = await config.fetch(buildUrl(path, request.query), {
      method: request.method ?? (body ? 'POST' : 'GET'),
      headers,
      body: body ?? null,
      signal: request.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }

  const payload = await readBody(response);
  if (!response.ok) {
    const error = parseError(response.status, payload, response.statusText);
    if (response.status === 401) {
      clearSession();
      config.onUnauthorized();
    }
    throw error;
  }
  return payload as T;
}
