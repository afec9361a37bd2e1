import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { foreignId, foreignIndex, primaryId, timestamps } from './columns';
import { users } from './accounts';
import { providers } from './providers';

/** A prescription image a user uploaded for a pharmacy. Health data: never logged. */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: primaryId(),
    user_id: foreignId('user_id', () => users.id, 'cascade').notNull(),
    pharmacy_id: foreignId('pharmacy_id', () => providers.id, 'cascade').notNull(),
    image: text('image').notNull(),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    index('prescriptions_created_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('prescriptions_pharmacy_idx').on(t.pharmacy_id, t.created_at.desc().nullsFirst()),
    foreignIndex('prescriptions', t.user_id),
  ],
);
