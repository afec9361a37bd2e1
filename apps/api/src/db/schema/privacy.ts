import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  accessActorKinds,
  accessKinds,
  accessPurposes,
  consentPurposes,
  dataRequestKinds,
  dataRequestStatuses,
  legalDocuments,
  privacyChannels,
} from '@sehha/contract/status-codes';
import { foreignId, foreignIndex, oneOf, primaryId, timestamps } from './columns';
import { users } from './accounts';

/**
 * Who read health data or documents: one row per request of a sensitive read route (its declared purpose), or per
 * signed file opened. Append-only like the audit log (a trigger refuses UPDATE and TRUNCATE, and DELETE outside the
 * retention job's transaction). A list's rows may concern many people: `subject_user_ids` holds each of them.
 */
export const accessLogs = pgTable(
  'access_logs',
  {
    id: primaryId(),
    actor_kind: text('actor_kind', { enum: accessActorKinds }).notNull(),
    actor_id: foreignId('actor_id', () => users.id, 'no action'),
    kind: text('kind', { enum: accessKinds }).notNull(),
    purpose: text('purpose', { enum: accessPurposes }).notNull(),
    /** `METHOD /route/:pattern` as registered, or `GET /storage` for a signed file. */
    route: text('route').notNull(),
    /** The kind of record read (prescription, appointment, provider_attachment …) and which ones. */
    entity: text('entity'),
    record_ids: text('record_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The people the read data is about (patients, provider accounts): "who accessed this person's data". */
    subject_user_ids: bigint('subject_user_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /** An export's list, filters and row count; a file's storage key. */
    details: jsonb('details'),
    address: text('address'),
    user_agent: text('user_agent'),
    /** When the read happened (rows are written in batches, a little later). */
    created_at: timestamps.created_at,
  },
  (t) => [
    oneOf('access_logs_actor_kind_check', t.actor_kind, accessActorKinds),
    oneOf('access_logs_kind_check', t.kind, accessKinds),
    oneOf('access_logs_purpose_check', t.purpose, accessPurposes),
    index('access_logs_created_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('access_logs_actor_created_idx').on(t.actor_id, t.created_at.desc().nullsFirst()),
    index('access_logs_kind_created_idx').on(t.kind, t.created_at.desc().nullsFirst()),
    index('access_logs_subjects_idx').using('gin', t.subject_user_ids),
  ],
);

/**
 * The consent register: one row per decision (given or withdrawn) of an account for a purpose, to a version of the
 * document that states it. Never updated; the account's current state is also kept on `users` (privacy_version,
 * terms_version, marketing_opt_in) so that every request can check it without another read.
 */
export const consents = pgTable(
  'consents',
  {
    id: primaryId(),
    user_id: foreignId('user_id', () => users.id, 'no action').notNull(),
    purpose: text('purpose', { enum: consentPurposes }).notNull(),
    document: text('document', { enum: legalDocuments }).notNull(),
    version: integer('version').notNull(),
    given: boolean('given').notNull(),
    channel: text('channel', { enum: privacyChannels }).notNull().default('app'),
    /** The admin who recorded a consent or withdrawal that came by another channel. */
    recorded_by: foreignId('recorded_by', () => users.id, 'no action'),
    address: text('address'),
    created_at: timestamps.created_at,
  },
  (t) => [
    oneOf('consents_purpose_check', t.purpose, consentPurposes),
    oneOf('consents_document_check', t.document, legalDocuments),
    oneOf('consents_channel_check', t.channel, privacyChannels),
    index('consents_user_purpose_created_idx').on(t.user_id, t.purpose, t.created_at.desc().nullsFirst()),
  ],
);

/**
 * A person's request about their data (access, erasure, correction), from the app or recorded by an admin, with
 * its legal deadline. An access request's archive is a private storage key, downloadable once until it expires.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: primaryId(),
    user_id: foreignId('user_id', () => users.id, 'no action').notNull(),
    kind: text('kind', { enum: dataRequestKinds }).notNull(),
    status: text('status', { enum: dataRequestStatuses }).notNull().default('received'),
    channel: text('channel', { enum: privacyChannels }).notNull().default('app'),
    note: text('note'),
    due_at: timestamp('due_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** The admin who recorded or last acted on the request. */
    handled_by: foreignId('handled_by', () => users.id, 'no action'),
    completed_at: timestamp('completed_at', { withTimezone: true, mode: 'string' }),
    archive_key: text('archive_key'),
    archive_expires_at: timestamp('archive_expires_at', { withTimezone: true, mode: 'string' }),
    downloaded_at: timestamp('downloaded_at', { withTimezone: true, mode: 'string' }),
    /** Why the last attempt failed (an archive that could not be built), for the admin's screen. */
    last_error: text('last_error'),
    ...timestamps,
  },
  (t) => [
    oneOf('data_requests_kind_check', t.kind, dataRequestKinds),
    oneOf('data_requests_status_check', t.status, dataRequestStatuses),
    oneOf('data_requests_channel_check', t.channel, privacyChannels),
    // One open request of a kind per person: a retried request answers the open one.
    uniqueIndex('data_requests_open_unique')
      .on(t.user_id, t.kind)
      .where(sql`${t.status} in ('received', 'in_progress')`),
    index('data_requests_status_due_idx').on(t.status, t.due_at, t.id),
    index('data_requests_created_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    foreignIndex('data_requests', t.user_id),
  ],
);
