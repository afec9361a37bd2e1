import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, time, timestamp } from 'drizzle-orm/pg-core';
import { defaultProviderTimeZone } from '@sehha/contract/status-codes';
import { foreignId, foreignIndex, primaryId } from './columns';
import { facilityUnits, providers } from './providers';

/**
 * A doctor's booking settings (issue 27): the zone its wall-clock hours are in, the slot length, how far
 * ahead patients may book and the minimum notice. Slots are computed from these rows, never stored.
 */
export const providerSchedules = pgTable(
  'provider_schedules',
  {
    provider_id: foreignId('provider_id', () => providers.id, 'cascade').primaryKey(),
    time_zone: text('time_zone').notNull().default(defaultProviderTimeZone),
    slot_minutes: integer('slot_minutes').notNull().default(30),
    horizon_days: integer('horizon_days').notNull().default(30),
    min_notice_minutes: integer('min_notice_minutes').notNull().default(60),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    check('provider_schedules_slot_check', sql`${t.slot_minutes} between 5 and 240`),
    check('provider_schedules_horizon_check', sql`${t.horizon_days} between 1 and 365`),
    check('provider_schedules_notice_check', sql`${t.min_notice_minutes} between 0 and 10080`),
  ],
);

/**
 * A doctor's weekly hours: a wall-clock range on a weekday (0 Sunday … 6 Saturday), several a day. `unit_id`
 * when the doctor sees patients in a hospital's department or a medical center's clinic then (its doctors
 * each have their own hours); a booking in that range takes place at the unit's facility.
 */
export const availabilityHours = pgTable(
  'availability_hours',
  {
    id: primaryId(),
    provider_id: foreignId('provider_id', () => providers.id, 'cascade').notNull(),
    unit_id: foreignId('unit_id', () => facilityUnits.id, 'cascade'),
    weekday: smallint('weekday').notNull(),
    start_time: time('start_time').notNull(),
    end_time: time('end_time').notNull(),
  },
  (t) => [
    check('availability_hours_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('availability_hours_range_check', sql`${t.end_time} > ${t.start_time}`),
    foreignIndex('availability_hours', t.provider_id, t.weekday),
    foreignIndex('availability_hours', t.unit_id),
  ],
);

/**
 * A date that differs from the weekly hours: a day off (no times) or that day's own ranges, which replace
 * the weekday's.
 */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: primaryId(),
    provider_id: foreignId('provider_id', () => providers.id, 'cascade').notNull(),
    unit_id: foreignId('unit_id', () => facilityUnits.id, 'cascade'),
    on_date: date('on_date', { mode: 'string' }).notNull(),
    start_time: time('start_time'),
    end_time: time('end_time'),
  },
  (t) => [
    check(
      'availability_exceptions_range_check',
      sql`(${t.start_time} is null and ${t.end_time} is null) or (${t.start_time} is not null and ${t.end_time} is not null and ${t.end_time} > ${t.start_time})`,
    ),
    index('availability_exceptions_provider_date_idx').on(t.provider_id, t.on_date),
    foreignIndex('availability_exceptions', t.unit_id),
  ],
);
