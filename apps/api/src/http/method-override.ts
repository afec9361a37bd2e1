import type { FastifyInstance, FastifyRequest, RouteOptions, preValidationHookHandler } from 'fastify';
import { HttpError } from './errors';
import { commonMessages } from '../i18n/messages';

const overridable = new Set(['PATCH', 'PUT', 'DELETE']);

/** The `_method` a POST carries (any case), from a JSON or multipart body or the query. */
export function spoofedMethod(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const fromBody = body && typeof body === 'object' ? body._method : undefined;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?._method;
  const value = fromBody ?? fromQuery;
  return typeof value === 'string' ? value.toUpperCase() : undefined;
}

/**
 * Laravel's method spoofing: a POST whose `_method` field says PATCH, PUT or DELETE reaches that
 * route. Every PATCH/PUT/DELETE route is also registered for POST; the POST is only accepted when
 * it carries the matching `_method`. A path may therefore have one such method besides GET.
 */
export function registerMethodOverride(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const method = typeof route.method === 'string' ? route.method.toUpperCase() : undefined;
    if (!method || !overridable.has(method)) return;
    route.method = [method, 'POST'];
    const requireSpoof: preValidationHookHandler = (request, _reply, done) => {
      if (request.method === 'POST' && spoofedMethod(request) !== method) {
        done(new HttpError(405, commonMessages.methodNotAllowed, { allow: `${method}, POST with _method=${method}` }));
        return;
      }
      done();
    };
    const existing = route.preValidation;
    route.preValidation = existing ? [requireSpoof, ...(Array.isArray(existing) ? existing : [existing])] : [requireSpoof];
  });
}
