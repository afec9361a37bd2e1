import { z } from 'zod';
import type { ValidationMessageKey } from './validation-messages';
import { envelope, paginator } from './envelope';
import { dateField, idParam, pageField, perPageField, searchField } from './fields';

const key = (k: ValidationMessageKey) => ({ error: k });

/**
 * The audit log: one row per admin change, written in the change's transaction and never rewritten
 * (a database trigger refuses UPDATE, DELETE and TRUNCATE on the table).
 */
export const auditLogPaths = {
  list: '/api/admin/audit-logs',
  history: (entity: string, id: string | number) => `/api/admin/audit-logs/${entity}/${id}`,
} as const;

/** The kinds of records the admin changes, as the log names them. */
export const auditEntities = [
  'provider',
  'provider_ad',
  'license',
  'change_request',
  'user',
  'speciality',
  'pharmacy_category',
  'institution_type',
  'country',
  'city',
  'state',
  'home_ad',
  'subscription_plan',
  'admin',
  /** Read-only records, named by exports (who took which rows) and views (who opened which patient file). */
  'appointment',
  'prescription',
  'user_subscription',
  'audit_log',
  'pharmacy_branch',
  'medicine',
  'facility_unit',
  'provider_attachment',
  /** The retention job's rounds (no actor): what each deleted, counted per category. */
  'retention',
  /** A person's request about their data (issue 28): recorded, run, rejected or noted by an admin. */
  'data_request',
  /** An outbox message (SMS or email) an admin sent again after it failed. */
  'notification',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

export const auditActions = [
  'create',
  'update',
  'delete',
  'archive',
  'status',
  'approve',
  'reject',
  'deactivate',
  'deactivate_all',
  'reactivate',
  'reactivate_all',
  /** A decision taken back by its admin within seconds (the toast's Undo); `before` is the decided state. */
  'undo',
  'change_role',
  'reset_password',
  /** A list exported to a file (who took which rows); `after` holds the format and the filters. */
  'export',
  /** A patient's file opened (a prescription image, a provider's attachment): who looked at what. */
  'view',
  /** Personal data deleted at the end of its retention period; `after` holds the counts per category. */
  'retention',
  /** A data request carried out by an admin (an archive queued, an account erased, a correction done). */
  'run',
  /** A note added to a record (a data request's). */
  'note',
  /** A failed message put back to be sent once more. */
  'retry',
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * `?search=&actor_id=&action=&entity=&from=&to=` (days, inclusive, in the platform's time zone) and paging. `search`
 * finds a name: the admin's, or the record's (a provider, an account, a catalog entry, a request's person).
 * `action=approve|reject` also finds the decisions recorded as a status change (a provider or a licence accepted or
 * rejected is stored as `status` with its new status in `after`).
 */
export const auditLogListQuery = z
  .object({
    page: pageField,
    per_page: perPageField(25),
    search: searchField,
    actor_id: idParam.optional(),
    action: z.enum(auditActions, key('invalid')).optional(),
    entity: z.enum(auditEntities, key('invalid')).optional(),
    from: dateField.optional(),
    to: dateField.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { ...key('dateRangeInvalid'), path: ['to'] });
export type AuditLogListQuery = z.infer<typeof auditLogListQuery>;

export const auditHistoryParams = z.object({ entity: z.enum(auditEntities, key('invalid')), id: idParam });
export const auditHistoryQuery = z.object({ page: pageField, per_page: perPageField(25) });

export const auditLogEntry = z.object({
  id: z.number().int(),
  /** The admin who made the change; null when that account no longer exists. */
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The record's name in each language (as it is now, else as the change recorded it); null for a record without one. */
  subject: z.object({ name_en: z.string(), name_ar: z.string() }).nullable(),
  /** The record's fields before and after the change (null for a creation or a deletion). */
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;
export const auditLogListResponse = envelope(paginator(auditLogEntry));
