import { bigint, bigserial, index, jsonb, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './accounts';

/**
 * A change an account asked for (e.g. new name, phone or speciality), decided by an admin.
 * status: 0 waiting, 1 approved, 2 rejected (see contract/status-codes).
 */
export const changeRequests = pgTable(
  'change_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    decided_by: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [index('change_requests_status_created_idx').on(t.status, t.created_at.desc().nullsFirst()), index('change_requests_user_idx').on(t.user_id)],
);
