import { z } from 'zod';
import type { ValidationMessageKey } from './validation-messages';
import { envelope, paginator } from './envelope';
import { dateField, idParam, pageField, perPageField } from './fields';
import { accessActorKinds, accessKinds, accessPurposes } from './status-codes';

const key = (k: ValidationMessageKey) => ({ error: k });

/**
 * The access log (issue 28): who read health data or documents, which records, when, from where and why (the
 * route's declared purpose). Append-only; its own reads are logged too (kind `access_log`).
 */
export const accessLogPaths = {
  list: '/api/admin/access-logs',
} as const;

/** `?subject_user_id=&actor_id=&kind=&from=&to=` (days, inclusive, in the platform's time zone) and paging. */
export const accessLogListQuery = z
  .object({
    page: pageField,
    per_page: perPageField(25),
    /** The person the data is about: "who accessed this patient's data". */
    subject_user_id: idParam.optional(),
    /** The reader (an admin or an app account). */
    actor_id: idParam.optional(),
    kind: z.enum(accessKinds, key('invalid')).optional(),
    from: dateField.optional(),
    to: dateField.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { ...key('dateRangeInvalid'), path: ['to'] });
export type AccessLogListQuery = z.infer<typeof accessLogListQuery>;

const person = z.object({ id: z.number().int(), name: z.string(), role: z.string() });

export const accessLogEntry = z.object({
  id: z.number().int(),
  actor_kind: z.enum(accessActorKinds),
  /** The reader; null for the platform itself. */
  actor: person.nullable(),
  kind: z.enum(accessKinds),
  purpose: z.enum(accessPurposes),
  /** `METHOD /route/:pattern` as registered. */
  route: z.string(),
  entity: z.string().nullable(),
  record_ids: z.array(z.string()),
  /** The people the data read is about (at most the first 10 with their names; `subject_count` gives all). */
  subjects: z.array(person),
  subject_count: z.number().int(),
  /** An export's list, filters and row count; a file's storage key. */
  details: z.unknown(),
  address: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntry>;
export const accessLogListResponse = envelope(paginator(accessLogEntry));
