import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { primaryId, timestamps } from './columns';

/**
 * One-time sign-in codes of the app, one row per code sent. Only an HMAC of the code is stored. The rows of
 * the last hour are also the send counters (per number, per client address, per number prefix), so that
 * every API process counts the same sends.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: primaryId(),
    /** E.164. */
    phone: text('phone').notNull(),
    /** The number without its last digits: a block of numbers an SMS-pumping attack walks through. */
    phone_prefix: text('phone_prefix').notNull(),
    address: text('address').notNull(),
    code_hash: text('code_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** Wrong codes tried against this one; at the limit the code is void. */
    failed_attempts: integer('failed_attempts').notNull().default(0),
    /** Set when the code signed in, or was replaced by a newer one: it is never accepted again. */
    used_at: timestamp('used_at', { withTimezone: true, mode: 'string' }),
    created_at: timestamps.created_at,
  },
  (t) => [
    index('otp_codes_phone_created_idx').on(t.phone, t.created_at),
    index('otp_codes_address_created_idx').on(t.address, t.created_at),
    index('otp_codes_prefix_created_idx').on(t.phone_prefix, t.created_at),
    index('otp_codes_created_idx').on(t.created_at),
  ],
);
