import { appPaths } from '@sehha/contract/app-paths';
import type { Language } from '@sehha/contract/messages';
import { paymentMessages as messages, paymentNoticeTexts as notices, type FakeCallbackBody } from '@sehha/contract/payments';
import type { ModuleMetrics, PaymentCallbackOutcome } from '../../operations/metrics';
import { recordAudit } from '../../audit/audit-log';
import type { Database } from '../../db/database';
import { toIsoRequired } from '../../db/dates';
import { HttpError } from '../../http/errors';
import { wallClockParams } from '../../i18n/messages';
import { notifyAccount } from '../../outbox/notify-account';
import type { IncomingCallback, PaymentDriver } from './driver';
import { signFakeCallback } from './fake-driver';
import { newPaymentReference } from './reference';
import { paymentRepository as repository, refundDueReason, type IntentRow } from './repository';

/** What a callback did, as the metrics count it (payment_callbacks_total{outcome}). */
type CallbackOutcome = PaymentCallbackOutcome;

/** Piastres of a numeric(10, 2) amount. */
const cents = (amount: number) => Math.round(amount * 100);

type Context = { publicOrigin: string; language: Language };

/**
 * Paying an online booking (docs/payments.md): the payment link sends the patient to the gateway's page, and the
 * gateway's signed callback books the held appointment and records the payment, in one transaction.
 */
export function createPaymentService(deps: {
  db: Database;
  drivers: ReadonlyMap<string, PaymentDriver>;
  metrics: ModuleMetrics['paymentCallbacks'];
  fakeSecret: string | Buffer;
}) {
  const { db, drivers, metrics } = deps;

  /** The intent behind a link, refused when unknown, paid, or no longer held (the hold expired or was released). */
  async function openIntent(reference: string) {
    const intent = await repository.findByReference(db, reference);
    if (!intent || !drivers.has(intent.driver)) throw new HttpError(404, messages.notFound);
    if (intent.status === 'paid') throw new HttpError(409, messages.alreadyPaid);
    if (!intent.hold_active || intent.status === 'expired') throw new HttpError(409, messages.expired);
    return intent;
  }

  /**
   * A failed attempt is retried with a new intent (a fresh reference: gateways refuse a merchant order id twice)
   * for the same held appointment, while its hold lasts; an open one is reused.
   */
  const retry = (failed: IntentRow, context: Context) =>
    db.transaction(async (tx) => {
      const appointment = await repository.lockAppointment(tx, failed.appointment_id);
      const open = await repository.pendingIntentOf(tx, failed.appointment_id);
      if (open) return open;
      if (appointment?.status !== 'held' || !appointment.hold_expires_at) throw new HttpError(409, messages.expired);
      const reference = newPaymentReference();
      const created = await repository.insertRetry(tx, failed, {
        reference,
        payment_url: `${context.publicOrigin}${appPaths.payment(reference)}`,
        expires_at: appointment.hold_expires_at,
      });
      await recordAudit(tx, {
        actorId: null,
        action: 'retry',
        entity: 'payment_intents',
        entityId: created.id,
        after: { appointment_id: created.appointment_id, after_failed_intent: failed.id },
      });
      return created;
    });

  return {
    /** Where the payment link sends the patient: the gateway's hosted page of the intent (or of its retry). */
    async checkoutUrl(reference: string, context: Context) {
      const found = await openIntent(reference);
      const intent = found.status === 'failed' ? await retry(found, context) : found;
      const driver = drivers.get(intent.driver)!;
      const checkout = await driver.checkout(
        { reference: intent.reference, amountCents: cents(intent.amount), currency: intent.currency, expiresAt: intent.expires_at },
        context,
      );
      if (checkout.gatewayReference) await repository.setGatewayReference(db, intent.id, checkout.gatewayReference);
      return checkout.url;
    },

    /** The fake gateway's page of a payable intent: what it shows. */
    async fakePage(reference: string) {
      const intent = await openIntent(reference);
      if (intent.driver !== 'fake' || intent.status !== 'pending') throw new HttpError(404, messages.notFound);
      return { amount: intent.amount, currency: intent.currency };
    },

    /**
     * The fake gateway's callback for a press of Pay or Fail: signed as a real gateway signs, for the route to
     * POST to our callback. Undefined when the intent is not waiting for a payment any more.
     */
    async fakeCallback(reference: string, outcome: 'paid' | 'failed'): Promise<FakeCallbackBody | undefined> {
      const intent = await repository.findByReference(db, reference);
      if (!intent || intent.driver !== 'fake' || !drivers.has('fake')) throw new HttpError(404, messages.notFound);
      if (intent.status !== 'pending') return undefined;
      return signFakeCallback(deps.fakeSecret, {
        event_id: `evt_${newPaymentReference()}`,
        reference,
        gateway_reference: `fake_${newPaymentReference()}`,
        amount_cents: cents(intent.amount),
        currency: intent.currency,
        outcome,
      });
    },

    /** The result page's message: the intent's outcome as the patient should read it. */
    async result(reference: string) {
      const intent = await repository.findByReference(db, reference);
      if (!intent) throw new HttpError(404, messages.notFound);
      if (intent.status === 'paid')
        return { message: intent.failure_reason === refundDueReason ? messages.resultRefund : messages.resultPaid };
      if (intent.status === 'failed') return { message: messages.resultFailed, retry: intent.hold_active };
      if (intent.status === 'pending' && intent.hold_active) return { message: messages.resultPending };
      return { message: messages.expired };
    },

    /**
     * A gateway's callback: verified by its driver (a bad signature changes nothing: 401), matched to its intent,
     * then applied once per (driver, event id) in one transaction.
     */
    async callback(driverName: string, callback: IncomingCallback): Promise<CallbackOutcome> {
      const driver = drivers.get(driverName);
      if (!driver) throw new HttpError(404, messages.notFound);
      const verdict = driver.verifyCallback(callback);
      if (!verdict.ok) {
        metrics.inc({ outcome: 'rejected' });
        throw verdict.problem === 'signature'
          ? new HttpError(401, messages.signatureInvalid)
          : new HttpError(400, messages.callbackUnreadable);
      }
      const { event } = verdict;
      const found = await repository.findForCallback(db, driverName, event.intent);
      if (!found) {
        metrics.inc({ outcome: 'rejected' });
        throw new HttpError(404, messages.notFound);
      }
      let outcome: CallbackOutcome;
      try {
        outcome = await db.transaction(async (tx): Promise<CallbackOutcome> => {
          const appointment = (await repository.lockAppointment(tx, found.appointment_id))!;
          const intent = (await repository.lockIntent(tx, found.id))!;
          if (cents(intent.amount) !== event.amountCents || intent.currency !== event.currency)
            throw new HttpError(422, messages.amountMismatch);
          const fresh = await repository.recordEvent(tx, {
            driver: driverName,
            event_id: event.eventId,
            intent_id: intent.id,
            outcome: event.outcome,
          });
          if (!fresh) return 'replayed';

          if (event.outcome === 'failed') {
            // The hold stays until it expires: the patient may retry through the same link (a new intent).
            if (intent.status !== 'pending') return 'ignored';
            const reason = event.failureReason ?? 'declined';
            await repository.markFailed(tx, intent.id, reason);
            await recordAudit(tx, {
              actorId: null,
              action: 'failed',
              entity: 'payment_intents',
              entityId: intent.id,
              before: { status: intent.status },
              after: { status: 'failed', failure_reason: reason, event_id: event.eventId },
            });
            return 'failed';
          }

          // The same transaction reported again under another event id: nothing new.
          if (intent.status === 'paid' && intent.gateway_reference === event.gatewayReference) return 'ignored';
          // Held (even past its expiry, not yet released: the slot was still ours) → booked. Released by the system
          // → booked again only if its time is still free; otherwise, and for a second charge, the money is owed back.
          let booked = false;
          if (intent.status !== 'paid' && appointment.status === 'held') {
            await repository.bookHeld(tx, appointment.id);
            booked = true;
          } else if (
            intent.status !== 'paid' &&
            appointment.status === 'cancelled' &&
            appointment.cancelled_by === 'system' &&
            appointment.in_future
          ) {
            booked = await repository.rebookReleased(tx, appointment.id);
          }
          if (intent.status !== 'paid') await repository.markPaid(tx, intent.id, event.gatewayReference, !booked);
          const paymentId = await repository.insertPayment(tx, {
            user_id: intent.user_id,
            appointment_id: appointment.id,
            amount: intent.amount,
            currency: intent.currency,
          });
          await recordAudit(tx, {
            actorId: null,
            action: booked ? 'paid' : 'refund_due',
            entity: 'payment_intents',
            entityId: intent.id,
            before: { status: intent.status },
            after: { status: 'paid', payment_id: paymentId, event_id: event.eventId, gateway_reference: event.gatewayReference },
          });
          if (booked)
            await recordAudit(tx, {
              actorId: null,
              action: 'status',
              entity: 'appointments',
              entityId: appointment.id,
              before: { status: appointment.status },
              after: { status: 'booked', paid_by_intent: intent.id },
            });
          await notifyAccount(
            tx,
            appointment.user_id,
            booked
              ? { kind: 'booking_paid', subject: notices.bookedSubject, body: notices.bookedBody }
              : { kind: 'booking_refund_due', subject: notices.refundSubject, body: notices.refundBody },
            {
              amount: intent.amount,
              doctor: { en: appointment.doctor_en, ar: appointment.doctor_ar },
              ...wallClockParams(new Date(toIsoRequired(appointment.starts_at)), appointment.time_zone),
            },
          );
          return booked ? 'paid' : 'refund_due';
        });
      } catch (error) {
        if (error instanceof HttpError) metrics.inc({ outcome: 'rejected' });
        throw error;
      }
      metrics.inc({ outcome });
      return outcome;
    },
  };
}
