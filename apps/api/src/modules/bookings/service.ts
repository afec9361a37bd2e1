import { createHash } from 'node:crypto';
import type { BookingInput } from '@sehha/contract/bookings';
import { bookingMessages as messages } from '@sehha/contract/bookings';
import { availabilityMessages } from '@sehha/contract/availability';
import { activeAppointmentStatuses, defaultProviderTimeZone } from '@sehha/contract/status-codes';
import { appointmentNoticeTexts } from '@sehha/contract/messages';
import { recordAudit } from '../../audit/audit-log';
import { wallClockParams } from '../../i18n/messages';
import { notifyAccount } from '../../outbox/notify-account';
import type { AppAccount } from '../../auth/app-auth';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import { toIsoRequired } from '../../db/dates';
import { postgresError } from '../../db/errors';
import { HttpError, ValidationError, notFound } from '../../http/errors';
import { availabilityRepository, defaultSchedule } from '../availability/repository';
import { findSlot, plausibleSlot, slotAmong } from '../availability/service';
import { addDays, instantOf, localDateOf } from '../availability/zoned-time';
import { paymentRepository } from '../payments/repository';
import { bookingRepository as repository, presentBooking, type LockedAppointment, type ProviderScope } from './repository';
import type { BookingSettings } from './settings';

const iso = (ms: number) => new Date(ms).toISOString();

/** What identifies a booking request: the same key with another hash is another request (422). */
const requestHash = (input: BookingInput) =>
  createHash('sha256')
    .update(JSON.stringify([input.doctor_id, Date.parse(input.starts_at), input.type]))
    .digest('hex');

/** The exclusion constraint a refused insert or move hit, as the 409 the apps show; other errors pass. */
function overlapConflict(error: unknown): HttpError | undefined {
  const found = postgresError(error);
  if (found?.code !== '23P01') return undefined;
  return new HttpError(409, found.constraint === 'appointments_patient_overlap' ? messages.patientOverlap : messages.slotTaken);
}

/** Releases expired holds (of one doctor, or any) in the caller's transaction: statuses, checkouts, audit. */
export async function releaseHolds(tx: Database, now: number, doctorId?: number) {
  const released = await repository.releaseExpiredHolds(tx, iso(now), doctorId);
  await paymentRepository.expirePendingIntents(tx, released);
  for (const id of released)
    await recordAudit(tx, {
      actorId: null,
      action: 'release_hold',
      entity: 'appointments',
      entityId: id,
      after: { status: 'cancelled', cancelled_by: 'system' },
    });
  return released.length;
}

export type BookingDeps = { db: Database; clock: Clock; settings: BookingSettings; timeZone: string };

export function createBookingService({ db, clock, settings, timeZone }: BookingDeps) {
  /** A replayed request (same key and body) answers the booking it made; another body with the key is a 422. */
  async function replay(account: AppAccount, key: string, hash: string) {
    const existing = await repository.byKey(db, account.id, key);
    return existing && answerOf(existing, hash);
  }

  function answerOf(existing: { id: number; request_hash: string | null }, hash: string) {
    if (existing.request_hash !== hash) throw new ValidationError({ idempotency_key: [messages.idempotencyKeyReused] });
    return repository.find(db, existing.id);
  }

  /** The cutoff before a visit after which the patient can no longer cancel or move it. */
  function refuseLate(row: LockedAppointment, now: number) {
    if (!(activeAppointmentStatuses as readonly string[]).includes(row.status)) throw new HttpError(422, messages.notActive);
    if (Date.parse(toIsoRequired(row.starts_at)) - now < settings.cancelCutoffMinutes * 60_000)
      throw new HttpError(422, messages.tooLate, {}, { minutes: settings.cancelCutoffMinutes });
  }

  /** The slot a visit may be booked or moved to, or a 422 naming starts_at. */
  async function slotOf(doctorId: number, startsAt: string, now: number) {
    const slot = await findSlot(db, doctorId, Date.parse(startsAt), now);
    if (!slot) throw new ValidationError({ starts_at: [messages.notASlot] });
    return slot;
  }

  return {
    /**
     * Books a slot: one read, then one statement writing the row, its audit and an online booking's checkout (a
     * transaction only when the doctor's expired holds are released first). The exclusion constraints refuse an
     * overlap, whatever the concurrency.
     */
    async book(account: AppAccount, input: BookingInput, key: string, paymentUrl: (reference: string) => string) {
      const hash = requestHash(input);
      const now = clock().getTime();
      const starts = Date.parse(input.starts_at);
      // One round trip for every read (the replay, the doctor, its hours and exceptions, its expired holds).
      const context = await repository.context(db, {
        userId: account.id,
        key,
        doctorId: input.doctor_id,
        day: localDateOf(now, timeZone),
        around: plausibleSlot(starts, now) ? iso(starts) : null,
        now: iso(now),
      });
      if (context.earlier) return { created: false, booking: (await answerOf(context.earlier, hash))! };

      const doctor = context.doctor;
      if (!doctor) throw new ValidationError({ doctor_id: [messages.doctorUnavailable] });
      const found =
        plausibleSlot(starts, now) && slotAmong(context.schedule ?? defaultSchedule, context.hours, context.exceptions, starts, now);
      if (!found) throw new ValidationError({ starts_at: [messages.notASlot] });
      const slot = found;
      const fee = doctor.consultation_fee === null ? null : Number(doctor.consultation_fee);
      if (input.type === 'online' && !(fee !== null && fee > 0)) throw new ValidationError({ type: [messages.noOnlinePayment] });

      const online = input.type === 'online';
      const holdExpires = online ? iso(now + settings.holdMinutes * 60_000) : null;
      // An online booking's checkout is written by the booking's own statement.
      const checkout = online
        ? paymentRepository.checkout({
            userId: account.id,
            driver: settings.paymentDriver,
            amount: fee!,
            expiresAt: holdExpires!,
            paymentUrl,
          })
        : undefined;
      // What the row holds, written once and answered from.
      const visit = {
        starts_at: iso(slot.starts),
        ends_at: iso(slot.ends),
        type: online ? 'website' : 'cash',
        status: online ? 'held' : 'booked',
        price: fee,
        hold_expires_at: holdExpires,
      } as const;
      const write = async (tx: Database) => {
        // Expired holds of the doctor are released first (none, mostly: the read above said whether to).
        if (context.expired_holds) await releaseHolds(tx, now, doctor.id);
        const bookingId = await repository.insertAudited(
          tx,
          {
            user_id: account.id,
            provider_id: doctor.id,
            facility_id: slot.facility?.id ?? null,
            ...visit,
            idempotency_key: key,
            request_hash: hash,
          },
          {
            actorId: account.id,
            action: 'book',
            after: { provider_id: doctor.id, starts_at: visit.starts_at, type: input.type, status: visit.status },
          },
          checkout?.rowsOf,
        );
        return { id: bookingId, paymentUrl: checkout?.paymentUrl ?? null };
      };
      let written: { id: number; paymentUrl: string | null };
      try {
        // A booking of a doctor without expired holds is one statement, atomic alone: no transaction's round trips.
        written = context.expired_holds ? await db.transaction(write) : await write(db);
      } catch (error) {
        // The same key sent twice at once: the second insert meets the first's row (unique key, or the patient's own
        // overlap); it answers the first's booking.
        const concurrent = await replay(account, key, hash);
        if (concurrent) return { created: false, booking: concurrent };
        throw overlapConflict(error) ?? error;
      }
      // The answer from what was written (a test holds it equal to a replay's, which reads the row back).
      const booking = presentBooking({
        id: written.id,
        ...visit,
        cancelled_by: null,
        cancel_reason: null,
        time_zone: slot.schedule.time_zone,
        doctor: { id: doctor.id, name_ar: doctor.name_ar, name_en: doctor.name_en },
        facility: slot.facility && { id: slot.facility.id, name_ar: slot.facility.name_ar, name_en: slot.facility.name_en },
        payment: written.paymentUrl === null ? null : { url: written.paymentUrl, expires_at: holdExpires!, status: 'pending' },
      });
      return { created: true, booking };
    },

    list: (account: AppAccount, query: { when: 'upcoming' | 'past'; page: number; per_page: number }) =>
      repository.mine(db, account.id, query, iso(clock().getTime())),

    async cancel(account: AppAccount, id: number, reason: string | undefined) {
      const now = clock().getTime();
      await db.transaction(async (tx) => {
        const row = await repository.lockOwn(tx, id, account.id);
        if (!row) throw notFound();
        refuseLate(row, now);
        await repository.setStatus(tx, id, { status: 'cancelled', cancelled_by: 'patient', cancel_reason: reason ?? null });
        await paymentRepository.expirePendingIntents(tx, [id]);
        await recordAudit(tx, {
          actorId: account.id,
          action: 'cancel',
          entity: 'appointments',
          entityId: id,
          before: { status: row.status },
          after: { status: 'cancelled', cancelled_by: 'patient' },
        });
      });
      return (await repository.find(db, id))!;
    },

    async reschedule(account: AppAccount, id: number, startsAt: string) {
      const now = clock().getTime();
      const current = await repository.find(db, id);
      if (!current) throw notFound();
      const slot = await slotOf(current.doctor.id, startsAt, now);
      try {
        await db.transaction(async (tx) => {
          const row = await repository.lockOwn(tx, id, account.id);
          if (!row) throw notFound();
          refuseLate(row, now);
          await releaseHolds(tx, now, row.provider_id);
          await repository.move(tx, id, { starts_at: iso(slot.starts), ends_at: iso(slot.ends), facility_id: slot.facility?.id ?? null });
          await recordAudit(tx, {
            actorId: account.id,
            action: 'reschedule',
            entity: 'appointments',
            entityId: id,
            before: { starts_at: row.starts_at },
            after: { starts_at: iso(slot.starts) },
          });
        });
      } catch (error) {
        throw overlapConflict(error) ?? error;
      }
      return (await repository.find(db, id))!;
    },
  };
}

/** Status changes a provider makes: from the statuses listed to the one named. */
const providerTransitions = {
  complete: { from: ['booked'], to: 'completed' },
  no_show: { from: ['booked'], to: 'no_show' },
  cancel: { from: ['held', 'booked'], to: 'cancelled' },
} as const;
export type ProviderAction = keyof typeof providerTransitions;

export function createProviderBookingService({ db, clock }: Pick<BookingDeps, 'db' | 'clock'>) {
  async function scopeOf(account: AppAccount): Promise<ProviderScope & { timeZone: string }> {
    const provider = await availabilityRepository.providerOfAccount(db, account.id);
    if (!provider) throw new HttpError(409, availabilityMessages.noProfile);
    if (provider.kind === 'doctor')
      return { kind: 'doctor', id: provider.id, timeZone: (await availabilityRepository.schedule(db, provider.id)).time_zone };
    return { kind: 'facility', id: provider.id, timeZone: defaultProviderTimeZone };
  }

  /** The first instant of a local date (its midnight, or the first minute after a skipped one). */
  const startOf = (date: string, zone: string) => instantOf(date, 0, zone) ?? instantOf(date, 60, zone)!;

  return {
    /** The provider's visits of one local day (today by default) in its zone. */
    async day(account: AppAccount, date: string | undefined) {
      const scope = await scopeOf(account);
      const day = date ?? localDateOf(clock().getTime(), scope.timeZone);
      // A date whose next day ISO cannot write has no visits to show.
      if (day < '1900-01-01' || day >= '9999-12-31') return { date: day, time_zone: scope.timeZone, appointments: [] };
      const appointments = await repository.day(
        db,
        scope,
        iso(startOf(day, scope.timeZone)),
        iso(startOf(addDays(day, 1), scope.timeZone)),
      );
      return { date: day, time_zone: scope.timeZone, appointments };
    },

    async change(account: AppAccount, id: number, action: ProviderAction, reason?: string) {
      const scope = await scopeOf(account);
      const transition = providerTransitions[action];
      await db.transaction(async (tx) => {
        const row = await repository.lockForProvider(tx, id, scope);
        if (!row) throw notFound();
        if (!(transition.from as readonly string[]).includes(row.status))
          throw new HttpError(422, messages.transitionRefused, {}, { status: row.status });
        await repository.setStatus(
          tx,
          id,
          transition.to === 'cancelled'
            ? { status: 'cancelled', cancelled_by: 'provider', cancel_reason: reason ?? null }
            : { status: transition.to },
        );
        if (transition.to === 'cancelled') {
          await paymentRepository.expirePendingIntents(tx, [id]);
          // The patient learns of it at once, in their language, in this transaction (the outbox).
          const notice = await repository.noticeOf(tx, id);
          await notifyAccount(
            tx,
            row.user_id,
            {
              kind: 'appointment_cancelled',
              subject: appointmentNoticeTexts.cancelledSubject,
              body: appointmentNoticeTexts.cancelledByProvider,
            },
            {
              provider: { en: notice.name_en ?? notice.name_ar ?? '', ar: notice.name_ar ?? notice.name_en ?? '' },
              reason: reason ?? '',
              ...wallClockParams(new Date(toIsoRequired(row.starts_at)), notice.time_zone),
            },
          );
        }
        await recordAudit(tx, {
          actorId: account.id,
          action,
          entity: 'appointments',
          entityId: id,
          before: { status: row.status },
          after: { status: transition.to, reason },
        });
      });
      return (await repository.findForProvider(db, id))!;
    },
  };
}
