import { bigint, bigserial, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './accounts';
import { providers } from './providers';

/**
 * An appointment with a doctor or a facility (the "appointable"). `facility_id` is the hospital
 * or medical center where a doctor's appointment takes place, so a facility's list includes
 * appointments with its doctors. `appointment_time` is local wall-clock time, without a zone.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider_id: bigint('provider_id', { mode: 'number' }).notNull().references(() => providers.id, { onDelete: 'cascade' }),
    facility_id: bigint('facility_id', { mode: 'number' }).references(() => providers.id, { onDelete: 'set null' }),
    appointment_time: timestamp('appointment_time', { withTimezone: false, mode: 'string' }).notNull(),
    type: text('type').notNull().default('website'),
    status: text('status', { enum: ['pending', 'confirmed', 'completed', 'cancelled'] }).notNull().default('pending'),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    index('appointments_provider_time_idx').on(t.provider_id, t.appointment_time.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('appointments_facility_time_idx').on(t.facility_id, t.appointment_time.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('appointments_user_idx').on(t.user_id),
  ],
);
