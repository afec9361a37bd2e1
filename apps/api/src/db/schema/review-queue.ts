import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { reviewRecordKinds } from '@sehha/contract/status-codes';
import { foreignId, foreignIndex, oneOf, primaryId } from './columns';
import { users } from './accounts';

/**
 * Who is reviewing which record of the review queue, until when (issue 29). One row per record at most
 * (the unique index is the lock: a claim is taken by INSERT … ON CONFLICT that only overwrites an expired
 * row or the admin's own), so two admins are never handed the same record; an expired row is free again.
 * `record_id` names a row of providers, licenses or change_requests by `kind` (no foreign key: three tables).
 */
export const reviewClaims = pgTable(
  'review_claims',
  {
    id: primaryId(),
    kind: text('kind', { enum: reviewRecordKinds }).notNull(),
    record_id: bigint('record_id', { mode: 'number' }).notNull(),
    admin_id: foreignId('admin_id', () => users.id, 'cascade').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('review_claims_record_unique').on(t.kind, t.record_id),
    oneOf('review_claims_kind_check', t.kind, reviewRecordKinds),
    foreignIndex('review_claims', t.admin_id),
  ],
);
