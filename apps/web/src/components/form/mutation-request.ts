import type { ApiRequest } from '../../lib/api-client';
import { toFormData, toJsonBody, type FormValues } from '../../lib/form-data';

/** What one mutation sends. Laravel updates go as POST multipart with `_method` (e.g. 'Patch'). */
export type MutationRequest = {
  path: string;
  method?: 'POST' | 'PATCH' | 'PUT' | 'DELETE' | undefined;
  body?: FormValues | undefined;
  /** Default multipart, as the API's forms expect; JSON for small calls such as status toggles. */
  encoding?: 'multipart' | 'json' | undefined;
  methodOverride?: string | undefined;
};

export function buildMutationRequest(request: MutationRequest): { path: string; init: ApiRequest } {
  const method = request.method ?? 'POST';
  if (!request.body && !request.methodOverride) return { path: request.path, init: { method } };
  const values = request.body ?? {};
  if ((request.encoding ?? 'multipart') === 'multipart') {
    return { path: request.path, init: { method, body: toFormData(values, request.methodOverride) } };
  }
  const json = toJsonBody(values);
  if (request.methodOverride) json._method = request.methodOverride;
  return { path: request.path, init: { method, body: json } };
}
