import { index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { appointmentStatuses, appointmentTypes } from '@sehha/contract/status-codes';
import { foreignId, foreignIndex, oneOf, primaryId, timestamps } from './columns';
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
    id: primaryId(),
    user_id: foreignId('user_id', () => users.id, 'cascade').notNull(),
    provider_id: foreignId('provider_id', () => providers.id, 'cascade').notNull(),
    facility_id: foreignId('facility_id', () => providers.id, 'set null'),
    appointment_time: timestamp('appointment_time', { withTimezone: false, mode: 'string' }).notNull(),
    // Typed as text in code (readers treat anything but 'website' as cash); the CHECK below holds it to appointmentTypes.
    type: text('type').notNull().default('website'),
    status: text('status', { enum: appointmentStatuses }).notNull().default('pending'),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    oneOf('appointments_type_check', t.type, appointmentTypes),
    oneOf('appointments_status_check', t.status, appointmentStatuses),
    index('appointments_provider_time_idx').on(t.provider_id, t.appointment_time.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('appointments_facility_time_idx').on(t.facility_id, t.appointment_time.desc().nullsFirst(), t.id.desc().nullsFirst()),
    foreignIndex('appointments', t.user_id),
  ],
);
