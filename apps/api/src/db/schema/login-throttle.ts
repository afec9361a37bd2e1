import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Login attempts counted per throttle key (an account and address pair, an account, an
 * address) in a fixed window that starts with the key's first attempt. Keys are hashes
 * (see auth/login-throttle.ts): no email or address is stored in the clear. Shared by every
 * API process; rows whose window has ended are reset by the next attempt or deleted.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    window_ends_at: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('login_attempts_window_ends_idx').on(t.window_ends_at)],
);
