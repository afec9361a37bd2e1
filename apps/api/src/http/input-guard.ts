import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ValidationMessageKey } from '@sehha/contract/validation-messages';
import { ValidationError } from './errors';
import { maxFieldDepth, nestedTooDeeply } from './multipart';

/** A lone UTF-16 surrogate: not encodable as UTF-8 (the drivers would store U+FFFD instead). */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text PostgreSQL cannot store as sent: a NUL character (`text` refuses it: "invalid byte sequence
 * for encoding UTF8: 0x00") or a lone surrogate.
 */
export const isStorableText = (text: string) => !text.includes('\u0000') && !loneSurrogate.test(text);

/** More fields than this with bad text are not listed one by one. */
const maxReportedFields = 20;

/**
 * The fields (named as the 422s name them: `features.0.title_en`) whose text cannot be stored.
 * Walks without recursion and refuses values nested deeper than any form (400).
 */
export function unstorableTextFields(value: unknown): string[] {
  const fields: string[] = [];
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (pending.length > 0 && fields.length < maxReportedFields) {
    const item = pending.pop()!;
    if (typeof item.value === 'string') {
      if (!isStorableText(item.value)) fields.push(item.path.join('.') || '_');
    } else if (typeof item.value === 'object' && item.value !== null) {
      if (item.path.length > maxFieldDepth) throw nestedTooDeeply();
      const entries = Object.entries(item.value);
      for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i]![1], path: [...item.path, entries[i]![0]] });
    }
  }
  return fields;
}

/**
 * One check for every route, before its schema: no query, path or body string may carry text the
 * database cannot store (422 naming each field), and no body may nest deeper than a form can (400).
 * Runs after the multipart hook, so that multipart fields are checked as the route will see them.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const fields = [request.params, request.query, request.body].flatMap((part) => unstorableTextFields(part));
    if (fields.length === 0) return;
    const invalid: ValidationMessageKey[] = ['textCharacterInvalid'];
    throw new ValidationError(Object.fromEntries(fields.map((field) => [field, invalid])));
  });
}
