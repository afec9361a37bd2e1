import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isValidationMessageKey, validationMessages } from '@sehha/contract/validation-messages';
import { z } from 'zod';
import { HttpError, ValidationError } from './errors';
import { databaseUnavailable, describeDatabaseError, isForeignKeyViolation, isUniqueViolation, postgresError } from '../db/errors';
import { foreignKeyRule, uniqueConstraintRule } from '../db/constraints';
import { commonMessages, requestLanguage, translate, type Language, type Message } from '../i18n/messages';

type FieldErrors = Record<string, string[]>;

function fieldMessage(message: string | Message, language: Language): string {
  if (typeof message !== 'string') return message[language];
  return isValidationMessageKey(message) ? validationMessages[language][message] : message;
}

/** Laravel's summary: the first message, plus "(and N more errors)". */
function summary(errors: FieldErrors, language: Language): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? translate(commonMessages.givenDataInvalid, language);
  if (all.length <= 1) return first;
  const more = all.length - 1;
  return `${first} ${translate(commonMessages.andMoreErrors, language, { count: more })}`;
}

const arabicZod = z.locales.ar().localeError;

type ZodValidationItem = { keyword: string; instancePath: string; message: string; params: Record<string, unknown> };

function zodFieldErrors(items: ZodValidationItem[], language: Language): FieldErrors {
  const errors: FieldErrors = {};
  for (const item of items) {
    const field = item.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || '_';
    let text = fieldMessage(item.message, language);
    if (text === item.message && language === 'ar' && !isValidationMessageKey(item.message)) {
      const localized = arabicZod({ code: item.keyword, ...item.params, path: [], message: item.message } as never);
      if (typeof localized === 'string') text = localized;
      else if (localized && typeof localized === 'object' && 'message' in localized) text = String(localized.message);
    }
    // One schema can fail twice with the same text (e.g. 1e300 is neither a safe integer nor <= max): say it once.
    const messages = (errors[field] ??= []);
    if (!messages.includes(text)) messages.push(text);
  }
  return errors;
}

/** Retry-After of a 503 while the database is unreachable: the pool reconnects on the next request. */
const databaseRetryAfterSeconds = 5;

function send(reply: FastifyReply, statusCode: number, body: Record<string, unknown>) {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** Answers every failure in Laravel's shapes; never leaks internals on 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = requestLanguage(request);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = zodFieldErrors(error.validation as unknown as ZodValidationItem[], language);
      for (const [field, keys] of Object.entries(request.missingUploads ?? {}))
        errors[field] = keys.map((key) => fieldMessage(key, language));
      return send(reply, 422, { message: summary(errors, language), errors });
    }
    if (error instanceof ValidationError) {
      const errors: FieldErrors = Object.fromEntries(
        Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.map((m) => fieldMessage(m, language))]),
      );
      return send(reply, 422, { message: summary(errors, language), errors });
    }
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return send(reply, error.statusCode, { message: translate(error.body, language, error.params) });
    }
    // The database is down, restarting or too slow: a passing condition, not a fault of the request.
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      request.log.warn({ database: describeDatabaseError(error) }, 'database unavailable');
      reply.header('retry-after', String(databaseRetryAfterSeconds));
      const message = unavailable === 'timeout' ? commonMessages.databaseTimeout : commonMessages.databaseUnavailable;
      return send(reply, 503, { message: translate(message, language) });
    }
    // Unique indexes are the source of truth for "already in use" (no race between check and write).
    // Which field and message: the constraint table (db/constraints.ts); an index no input can reach falls through to 500.
    const uniqueRule = isUniqueViolation(error) ? uniqueConstraintRule(postgresError(error)?.constraint) : undefined;
    if (uniqueRule) {
      const errors: FieldErrors = { [uniqueRule.field]: [validationMessages[language][uniqueRule.message]] };
      return send(reply, 422, { message: summary(errors, language), errors });
    }
    // Foreign keys likewise: which relation and message, from the same file's table.
    if (isForeignKeyViolation(error)) {
      return send(reply, 422, { message: translate(foreignKeyRule(postgresError(error)?.constraint).message, language) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: { message: error.message, issues: (error.cause as { issues?: unknown | undefined })?.issues } },
        'response does not match its schema',
      );
      return send(reply, 500, { message: translate(commonMessages.serverError, language) });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, 429, { message: translate(commonMessages.tooManyRequests, language) });
    if (status === 413) return send(reply, 413, { message: translate(commonMessages.payloadTooLarge, language) });
    // A body of a type the API does not read (neither JSON nor multipart) cannot be read: the client's malformed request.
    if (status === 415) return send(reply, 400, { message: translate(commonMessages.unsupportedMediaType, language) });
    if (status >= 400 && status < 500) return send(reply, status, { message: translate(commonMessages.badRequest, language) });
    // A database error's message and Drizzle's "params: …" carry patient names, search terms and body values.
    const database = describeDatabaseError(error);
    request.log.error(database ? { database } : { err: error }, 'unhandled error');
    return send(reply, 500, { message: translate(commonMessages.serverError, language) });
  });

  app.setNotFoundHandler((request, reply) => {
    send(reply, 404, { message: translate(commonMessages.routeNotFound, requestLanguage(request)) });
  });
}
