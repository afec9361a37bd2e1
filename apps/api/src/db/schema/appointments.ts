import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appointmentCancellers, appointmentStatuses, appointmentTypes } from '@sehha/contract/status-codes';
import { foreignId, foreignIndex, oneOf, primaryId, timestamps } from './columns';
import { users } from './accounts';
import { providers } from './providers';

/**
 * An appointment with a doctor or a facility (the "appointable"). `facility_id` is the hospital
 * or medical center where a doctor's appointment takes place, so a facility's list includes
 * appointments with its doctors. The visit is [starts_at, ends_at): instants (timestamptz); shown in the
 * provider's zone. Two exclusion constraints (migration 0017, btree_gist) keep active appointments
 * (held, booked) of one provider, and of one patient, from overlapping: double booking is impossible by
 * construction, whatever the requests' concurrency.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: primaryId(),
    user_id: foreignId('user_id', () => users.id, 'cascade').notNull(),
    provider_id: foreignId('provider_id', () => providers.id, 'cascade').notNull(),
    facility_id: foreignId('facility_id', () => providers.id, 'set null'),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'string' }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'string' }).notNull(),
    // Typed as text in code (readers treat anything but 'website' as cash); the CHECK below holds it to appointmentTypes.
    type: text('type').notNull().default('website'),
    status: text('status', { enum: appointmentStatuses }).notNull().default('booked'),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }),
    /** An online booking is held until then for its payment; past it, the hold is released (cancelled by system). */
    hold_expires_at: timestamp('hold_expires_at', { withTimezone: true, mode: 'string' }),
    cancelled_by: text('cancelled_by', { enum: appointmentCancellers }),
    cancel_reason: text('cancel_reason'),
    /** The patient app's Idempotency-Key and a hash of the request it came with (a retried POST answers the same row). */
    idempotency_key: text('idempotency_key'),
    request_hash: text('request_hash'),
    /** When each reminder was written to the outbox; a reschedule clears them. */
    reminded_day_before_at: timestamp('reminded_day_before_at', { withTimezone: true, mode: 'string' }),
    reminded_hours_before_at: timestamp('reminded_hours_before_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    oneOf('appointments_type_check', t.type, appointmentTypes),
    oneOf('appointments_status_check', t.status, appointmentStatuses),
    oneOf('appointments_cancelled_by_check', t.cancelled_by, appointmentCancellers),
    check('appointments_range_check', sql`${t.ends_at} > ${t.starts_at}`),
    index('appointments_provider_time_idx').on(t.provider_id, t.starts_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('appointments_facility_time_idx').on(t.facility_id, t.starts_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    foreignIndex('appointments', t.user_id, t.starts_at),
    uniqueIndex('appointments_idempotency_idx')
      .on(t.user_id, t.idempotency_key)
      .where(sql`${t.idempotency_key} is not null`),
    // The all-appointments list (issue 29): newest booking first, and a day's bookings as one range of it.
    index('appointments_created_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A day's cancellations by patients and providers (the operations home's card and its list).
    index('appointments_cancelled_updated_idx')
      .on(t.updated_at)
      .where(sql`${t.status} = 'cancelled' and ${t.cancelled_by} in ('patient', 'provider')`),
    // The reminder job's and the hold release's scans.
    index('appointments_booked_starts_idx')
      .on(t.starts_at)
      .where(sql`${t.status} = 'booked'`),
    index('appointments_held_expiry_idx')
      .on(t.hold_expires_at)
      .where(sql`${t.status} = 'held'`),
  ],
);
