import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, buildUrl, configureApiClient, parseError } from './api-client';
import { getSession, setSession } from './session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubFetch(response: (() => Response) | Error) {
  const fetch = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response();
  });
  configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
  return fetch;
}

afterEach(() => configureApiClient({ onUnauthorized: () => {}, getLanguage: () => 'en' }));

describe('parseError', () => {
  it('reads a Laravel 422 body: message plus every field', () => {
    const error = parseError(422, {
      message: 'The name ar field is required. (and 1 more error)',
      errors: { name_ar: ['The name ar field is required.'], name_en: ['Taken', 'Too short'] },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('The name ar field is required. (and 1 more error)');
    expect(error.errors).toEqual({ name_ar: ['The name ar field is required.'], name_en: ['Taken', 'Too short'] });
    expect(error.fieldError('name_en')).toBe('Taken');
  });

  it('reads {message} bodies of 401/403/404/429', () => {
    expect(parseError(401, { message: 'Unauthenticated.' }).message).toBe('Unauthenticated.');
    expect(parseError(429, { message: 'Too Many Attempts.' }).isClientError).toBe(true);
  });

  it('falls back to the first field message, then to the status text', () => {
    expect(parseError(422, { errors: { email: 'bad' } }).message).toBe('bad');
    expect(parseError(500, undefined, 'Internal Server Error').message).toBe('Internal Server Error');
    expect(parseError(502, '<html>').message).toBe('<html>');
    expect(parseError(500, null).message).toBe('Request failed with status 500');
  });
});

describe('apiRequest', () => {
  it('sends the bearer token and the UI language', async () => {
    setSession({ token: 'abc', role: 'admin' });
    configureApiClient({ getLanguage: () => 'ar' });
    const fetch = stubFetch(() => json(200, { data: { ok: true } }));
    await expect(apiRequest('/api/thing', { query: { page: 2, search: '', active: true } })).resolves.toEqual({ data: { ok: true } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/thing?page=2&active=1');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(headers.get('Accept-Language')).toBe('ar');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('sends objects as JSON and FormData as multipart (no explicit content type)', async () => {
    const fetch = stubFetch(() => json(200, {}));
    await apiRequest('/a', { method: 'PATCH', body: { is_active: 1 } });
    const form = new FormData();
    await apiRequest('/b', { body: form });
    const [, jsonInit] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const [, formInit] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(new Headers(jsonInit.headers).get('Content-Type')).toBe('application/json');
    expect(jsonInit.body).toBe('{"is_active":1}');
    expect(formInit.method).toBe('POST');
    expect(formInit.body).toBe(form);
    expect(new Headers(formInit.headers).has('Content-Type')).toBe(false);
  });

  it('throws an ApiError with the field errors of a 422', async () => {
    stubFetch(() => json(422, { message: 'Invalid', errors: { email: ['These credentials do not match our records.'] } }));
    const error = await apiRequest('/api/auth/login', { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors.email).toEqual(['These credentials do not match our records.']);
  });

  it('on 401 clears the session and calls the unauthorized handler', async () => {
    setSession({ token: 'expired', role: 'admin' });
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    stubFetch(() => json(401, { message: 'Unauthenticated.' }));
    await expect(apiRequest('/api/admin/home/stats')).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });
    expect(getSession()).toEqual({ token: null, role: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on other errors (403 is not a logout)', async () => {
    setSession({ token: 'abc', role: 'admin' });
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    stubFetch(() => json(403, { message: 'Forbidden.' }));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 403 });
    expect(getSession().token).toBe('abc');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a network failure into status 0', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });
});

describe('buildUrl', () => {
  it('skips empty values and appends to an existing query', () => {
    expect(buildUrl('/a', { search: '', page: undefined, x: null })).toBe('/a');
    expect(buildUrl('/a?tab=1', { page: 3 })).toBe('/a?tab=1&page=3');
  });
});

describe('session', () => {
  it('removes empty values from localStorage', () => {
    setSession({ token: 't', role: 'admin' });
    expect(localStorage.getItem('token')).toBe('t');
    setSession({ token: '', role: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
  });
});
