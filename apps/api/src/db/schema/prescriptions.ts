import { bigint, bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './accounts';
import { providers } from './providers';

/** A prescription image a user uploaded for a pharmacy. Health data: never logged. */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    pharmacy_id: bigint('pharmacy_id', { mode: 'number' }).notNull().references(() => providers.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('prescriptions_created_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()), index('prescriptions_pharmacy_idx').on(t.pharmacy_id, t.created_at.desc().nullsFirst()), index('prescriptions_user_idx').on(t.user_id)],
);
