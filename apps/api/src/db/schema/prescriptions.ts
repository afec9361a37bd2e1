import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { prescriptionReplyStatuses } from '@sehha/contract/status-codes';
import { foreignId, foreignIndex, oneOf, primaryId, timestamps } from './columns';
import { users } from './accounts';
import { providers } from './providers';

/**
 * A prescription a user sent to a pharmacy: 1–5 images (storage keys, private; the admin API's `image` is the
 * first) and the pharmacy's reply. Health data: never logged.
 */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: primaryId(),
    user_id: foreignId('user_id', () => users.id, 'cascade').notNull(),
    pharmacy_id: foreignId('pharmacy_id', () => providers.id, 'cascade').notNull(),
    images: text('images').array().notNull(),
    note: text('note'),
    reply_status: text('reply_status', { enum: prescriptionReplyStatuses }),
    /** The price of what is available (EGP), with `available` or `partly_available`. */
    reply_price: numeric('reply_price', { precision: 10, scale: 2, mode: 'number' }),
    reply_note: text('reply_note'),
    replied_at: timestamp('replied_at', { withTimezone: true, mode: 'string' }),
    /** Set when the retention job (or an erasure) deleted the images: `images` is empty from then on. */
    images_purged_at: timestamp('images_purged_at', { withTimezone: true, mode: 'string' }),
    /** The app's Idempotency-Key and a hash of the upload it came with (a retried upload answers the same row). */
    idempotency_key: text('idempotency_key'),
    request_hash: text('request_hash'),
    ...timestamps,
  },
  (t) => [
    oneOf('prescriptions_reply_status_check', t.reply_status, prescriptionReplyStatuses),
    check('prescriptions_images_check', sql`cardinality(${t.images}) between 1 and 5 or ${t.images_purged_at} is not null`),
    // The retention job finds the replied prescriptions whose images are due.
    index('prescriptions_replied_unpurged_idx')
      .on(t.replied_at)
      .where(sql`${t.images_purged_at} is null and ${t.replied_at} is not null`),
    index('prescriptions_created_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('prescriptions_pharmacy_idx').on(t.pharmacy_id, t.created_at.desc().nullsFirst()),
    foreignIndex('prescriptions', t.user_id),
    uniqueIndex('prescriptions_idempotency_idx')
      .on(t.user_id, t.idempotency_key)
      .where(sql`${t.idempotency_key} is not null`),
  ],
);
