import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { newPaymentReference } from './reference';
import { postgresError } from '../../db/errors';
import { appointments } from '../../db/schema/appointments';
import { paymentEvents, paymentIntents } from '../../db/schema/payment-intents';
import { providers } from '../../db/schema/providers';
import { payments } from '../../db/schema/subscriptions';
import { providerTimeZone } from '../appointments/repository';

const intentColumns = {
  id: paymentIntents.id,
  appointment_id: paymentIntents.appointment_id,
  user_id: paymentIntents.user_id,
  driver: paymentIntents.driver,
  reference: paymentIntents.reference,
  gateway_reference: paymentIntents.gateway_reference,
  amount: paymentIntents.amount,
  currency: paymentIntents.currency,
  status: paymentIntents.status,
  expires_at: paymentIntents.expires_at,
  failure_reason: paymentIntents.failure_reason,
};
export type IntentRow = {
  id: number;
  appointment_id: number;
  user_id: number;
  driver: string;
  reference: string;
  gateway_reference: string | null;
  amount: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed' | 'expired';
  expires_at: string;
  failure_reason: string | null;
};

/** An intent with what its pages need of the appointment (its status and hold). */
const withAppointment = {
  ...intentColumns,
  appointment_status: appointments.status,
  hold_expires_at: appointments.hold_expires_at,
  hold_active: sql<boolean>`(${appointments.status} = 'held' and ${appointments.hold_expires_at} > now())`,
};

/** Marks a refund owed on a paid intent whose appointment could not be booked (docs/payments.md). */
export const refundDueReason = 'refund_due: the hold was released before the payment arrived';

/** Payment intents, their gateway events and the ledger row a payment writes: the only code here that knows drizzle. */
export const paymentRepository = {
  /** The newest intent of this reference (references are random: one intent, whatever the driver). */
  findByReference(db: Database, reference: string) {
    return db
      .select(withAppointment)
      .from(paymentIntents)
      .innerJoin(appointments, eq(appointments.id, paymentIntents.appointment_id))
      .where(eq(paymentIntents.reference, reference))
      .orderBy(desc(paymentIntents.id))
      .limit(1)
      .then((rows) => rows[0]);
  },

  /** The intent a verified callback names, by our reference or by the gateway's order id given at checkout. */
  findForCallback(db: Database, driver: string, key: { reference: string } | { gatewayReference: string }) {
    const match =
      'reference' in key ? eq(paymentIntents.reference, key.reference) : eq(paymentIntents.gateway_reference, key.gatewayReference);
    return db
      .select({ id: paymentIntents.id, appointment_id: paymentIntents.appointment_id })
      .from(paymentIntents)
      .where(and(eq(paymentIntents.driver, driver), match))
      .limit(1)
      .then((rows) => rows[0]);
  },

  /**
   * The appointment, locked: taken before its intent, in the order booking and the hold release take them, so
   * that a callback and the release never wait on each other crosswise.
   */
  lockAppointment(db: Database, id: number) {
    return db
      .select({
        id: appointments.id,
        user_id: appointments.user_id,
        provider_id: appointments.provider_id,
        status: appointments.status,
        cancelled_by: appointments.cancelled_by,
        hold_expires_at: appointments.hold_expires_at,
        in_future: sql<boolean>`${appointments.starts_at} > now()`,
        starts_at: appointments.starts_at,
        // The visit's zone: the patient's SMS tells its time there.
        time_zone: sql<string>`${providerTimeZone}`,
        doctor_en: providers.name_en,
        doctor_ar: providers.name_ar,
      })
      .from(appointments)
      .innerJoin(providers, eq(providers.id, appointments.provider_id))
      .where(eq(appointments.id, id))
      .for('update', { of: appointments })
      .then((rows) => rows[0]);
  },

  lockIntent(db: Database, id: number): Promise<IntentRow | undefined> {
    return db
      .select(intentColumns)
      .from(paymentIntents)
      .where(eq(paymentIntents.id, id))
      .for('update')
      .then((rows) => rows[0]);
  },

  /** Records the gateway's event once: false when this (driver, event id) was already received (a replay). */
  recordEvent(db: Database, event: { driver: string; event_id: string; intent_id: number; outcome: string }) {
    return db
      .insert(paymentEvents)
      .values(event)
      .onConflictDoNothing({ target: [paymentEvents.driver, paymentEvents.event_id] })
      .returning({ id: paymentEvents.id })
      .then((rows) => rows.length > 0);
  },

  markPaid(db: Database, id: number, gatewayReference: string, refundDue: boolean) {
    return db
      .update(paymentIntents)
      .set({
        status: 'paid',
        gateway_reference: gatewayReference,
        paid_at: sql`now()`,
        failure_reason: refundDue ? refundDueReason : null,
        updated_at: sql`now()`,
      })
      .where(eq(paymentIntents.id, id));
  },

  markFailed(db: Database, id: number, reason: string) {
    return db
      .update(paymentIntents)
      .set({ status: 'failed', failure_reason: reason, updated_at: sql`now()` })
      .where(eq(paymentIntents.id, id));
  },

  setGatewayReference(db: Database, id: number, gatewayReference: string) {
    return db
      .update(paymentIntents)
      .set({ gateway_reference: gatewayReference, updated_at: sql`now()` })
      .where(eq(paymentIntents.id, id));
  },

  /** The ledger row revenue reads (counters by trigger, migration 0006): a card payment of this appointment. */
  insertPayment(db: Database, row: { user_id: number; appointment_id: number; amount: number; currency: string }) {
    return db
      .insert(payments)
      .values({ ...row, method: 'card', status: 'paid', paid_at: sql`now()` as never })
      .returning({ id: payments.id })
      .then((rows) => rows[0]!.id);
  },

  bookHeld(db: Database, id: number) {
    return db
      .update(appointments)
      .set({ status: 'booked', hold_expires_at: null, updated_at: sql`now()` })
      .where(and(eq(appointments.id, id), eq(appointments.status, 'held')));
  },

  /**
   * Books again an appointment whose hold was released, if its time is still free: in a savepoint, so that the
   * exclusion constraints' refusal (the slot, or the patient's time, was taken since: 23P01) leaves the
   * callback's transaction usable. False when refused.
   */
  async rebookReleased(db: Database, id: number) {
    try {
      await db.transaction(async (savepoint) => {
        await savepoint
          .update(appointments)
          .set({ status: 'booked', hold_expires_at: null, cancelled_by: null, cancel_reason: null, updated_at: sql`now()` })
          .where(eq(appointments.id, id));
      });
      return true;
    } catch (error) {
      if (postgresError(error)?.code === '23P01') return false;
      throw error;
    }
  },

  /** The pending intent of an appointment, if one is open (a retry reuses it rather than opening another). */
  pendingIntentOf(db: Database, appointmentId: number) {
    return db
      .select(intentColumns)
      .from(paymentIntents)
      .where(and(eq(paymentIntents.appointment_id, appointmentId), eq(paymentIntents.status, 'pending')))
      .orderBy(desc(paymentIntents.id))
      .limit(1)
      .then((rows) => rows[0]);
  },

  /** A new attempt for a held appointment after a failed one: same amount and patient, a fresh reference. */
  insertRetry(db: Database, from: IntentRow, values: { reference: string; payment_url: string; expires_at: string }) {
    return db
      .insert(paymentIntents)
      .values({
        appointment_id: from.appointment_id,
        user_id: from.user_id,
        driver: from.driver,
        amount: from.amount,
        currency: from.currency,
        ...values,
      })
      .returning(intentColumns)
      .then((rows) => rows[0]!);
  },

  /**
   * The checkout of a booking written by the same statement: its link, and its insert as a data-modifying CTE's
   * body over `rows` (an earlier CTE of the new appointment's `id`), so that a held booking and its checkout are one
   * round trip (bookingRepository.insertAudited).
   */
  checkout(intent: { userId: number; driver: string; amount: number; expiresAt: string; paymentUrl: (reference: string) => string }) {
    const reference = newPaymentReference();
    const paymentUrl = intent.paymentUrl(reference);
    return {
      paymentUrl,
      rowsOf: (rows: SQL) =>
        sql`insert into ${paymentIntents} (appointment_id, user_id, driver, reference, amount, payment_url, expires_at)
            select ${rows}.id, ${intent.userId}, ${intent.driver}, ${reference}, ${intent.amount}, ${paymentUrl}, ${intent.expiresAt}::timestamptz from ${rows}`,
    };
  },

  /** The pending checkouts of these appointments end unpaid (a released hold, a cancelled booking). */
  expirePendingIntents(tx: Database, appointmentIds: number[]) {
    if (appointmentIds.length === 0) return Promise.resolve();
    return tx
      .update(paymentIntents)
      .set({ status: 'expired' })
      .where(and(inArray(paymentIntents.appointment_id, appointmentIds), eq(paymentIntents.status, 'pending')))
      .then(() => undefined);
  },
};
