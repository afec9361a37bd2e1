import { index, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { changeRequestStatuses } from '@sehha/contract/status-codes';
import { foreignId, foreignIndex, oneOf, primaryId, timestamps } from './columns';
import { users } from './accounts';

/**
 * A change an account asked for (e.g. new name, phone or speciality), decided by an admin.
 * status: 0 waiting, 1 approved, 2 rejected (contract/status-codes, enforced by a CHECK).
 */
export const changeRequests = pgTable(
  'change_requests',
  {
    id: primaryId(),
    user_id: foreignId('user_id', () => users.id, 'cascade').notNull(),
    status: smallint('status').notNull().default(0),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    decided_by: foreignId('decided_by', () => users.id, 'set null'),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
    /** Why a request was rejected, in the admin's words; quoted in the requester's SMS/email. */
    reason: text('reason'),
    ...timestamps,
  },
  (t) => [
    oneOf('change_requests_status_check', t.status, changeRequestStatuses),
    index('change_requests_status_created_idx').on(t.status, t.created_at.desc().nullsFirst()),
    foreignIndex('change_requests', t.user_id),
  ],
);
