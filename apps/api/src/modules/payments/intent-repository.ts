import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { paymentIntents } from '../../db/schema/payment-intents';

/** A payment intent's public reference: random, unguessable, URL-safe (the merchant order id the gateway echoes). */
const newReference = () => randomBytes(18).toString('base64url');

/**
 * Payment intents as the booking writes them (issue 27). The payments module (drivers, hosted page, callback)
 * extends this file with the reads and the status changes of a checkout.
 */
export const paymentIntentRepository = {
  /**
   * The checkout of a held online booking, in the booking's transaction: its link is `{origin}/api/v1/payments/
   * {reference}`, which the payments module redirects to the driver's hosted page.
   */
  async create(
    tx: Database,
    intent: {
      appointmentId: number;
      userId: number;
      driver: string;
      amount: number;
      expiresAt: string;
      paymentUrl: (reference: string) => string;
    },
  ) {
    const reference = newReference();
    const [row] = await tx
      .insert(paymentIntents)
      .values({
        appointment_id: intent.appointmentId,
        user_id: intent.userId,
        driver: intent.driver,
        reference,
        amount: intent.amount,
        payment_url: intent.paymentUrl(reference),
        expires_at: intent.expiresAt,
      })
      .returning({ id: paymentIntents.id, reference: paymentIntents.reference, payment_url: paymentIntents.payment_url });
    return row!;
  },

  /**
   * The checkout of a booking written by the same statement: its link, and its insert as a data-modifying CTE's
   * body over `rows` (an earlier CTE of the new appointment's `id`), so that a held booking and its checkout are one
   * round trip (bookingRepository.insertAudited).
   */
  checkout(intent: { userId: number; driver: string; amount: number; expiresAt: string; paymentUrl: (reference: string) => string }) {
    const reference = newReference();
    const paymentUrl = intent.paymentUrl(reference);
    return {
      paymentUrl,
      rowsOf: (rows: SQL) =>
        sql`insert into ${paymentIntents} (appointment_id, user_id, driver, reference, amount, payment_url, expires_at)
            select ${rows}.id, ${intent.userId}, ${intent.driver}, ${reference}, ${intent.amount}, ${paymentUrl}, ${intent.expiresAt}::timestamptz from ${rows}`,
    };
  },

  /** The pending checkouts of these appointments end unpaid (a released hold, a cancelled booking). */
  expirePending(tx: Database, appointmentIds: number[]) {
    if (appointmentIds.length === 0) return Promise.resolve();
    return tx
      .update(paymentIntents)
      .set({ status: 'expired' })
      .where(and(inArray(paymentIntents.appointment_id, appointmentIds), eq(paymentIntents.status, 'pending')))
      .then(() => undefined);
  },
};
