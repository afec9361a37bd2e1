import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { appointments } from '../../../src/db/schema/appointments';
import { auditLogs } from '../../../src/db/schema/audit';
import { outbox } from '../../../src/db/schema/outbox';
import { paymentIntents } from '../../../src/db/schema/payment-intents';
import { facilityUnitDoctors, facilityUnits, providers } from '../../../src/db/schema/providers';
import { releaseHolds } from '../../../src/modules/bookings/service';
import { signInApp, signInProvider } from '../../support/app-accounts';
import { createTestApp, type TestApp } from '../../support/test-app';
import { book, bookableDoctor, crowdOtp, everyDay, slotStarts, testClock } from './fixtures';

type Booking = {
  id: number;
  status: string;
  type: string;
  starts_at: string;
  price: number | null;
  hold_expires_at: string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  facility: { id: number } | null;
  payment: { url: string; expires_at: string; status: string } | null;
};
const dataOf = async <T = Booking>(response: Response) => ((await response.json()) as { data: T }).data;

describe('booking flows', () => {
  let t: TestApp;
  // Sunday 2026-05-03 09:00 Cairo (+03:00).
  const time = testClock('2026-05-03T06:00:00Z');
  const hours = { slot_minutes: 30, horizon_days: 30, min_notice_minutes: 60, hours: everyDay(['10:00', '14:00'], ['17:00', '21:00']) };

  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock, otp: crowdOtp });
  });
  afterAll(() => t.close());

  const post = (path: string, token: string, json: unknown = {}, language = 'en') =>
    t.call(path, { method: 'POST', token, json, headers: { 'accept-language': language } });

  it('lists slots minus past ones and those inside the minimum notice, and refuses more than 31 days', async () => {
    const doctor = await bookableDoctor(t, hours);
    const today = (await slotStarts(t, doctor.id, '2026-05-03', '2026-05-03'))['2026-05-03']!;
    // 09:00 now + 60 minutes' notice: 10:00 is the first.
    expect(today[0]).toBe('2026-05-03T10:00:00+03:00');
    expect(today).toHaveLength(16);
    // The notice counts from the minute's start: at 09:00:45 the list still offers 10:00 (it is the minute's answer),
    // and a booking of it is taken; at 09:01 it is gone from both.
    time.set('2026-05-03T06:00:45Z');
    try {
      expect((await slotStarts(t, doctor.id, '2026-05-03', '2026-05-03'))['2026-05-03']![0]).toBe('2026-05-03T10:00:00+03:00');
      const patient = await signInApp(t);
      const edge = await book(t, patient.token, { doctor_id: doctor.id, starts_at: '2026-05-03T10:00:00+03:00', type: 'cash' });
      expect(edge.status, await edge.clone().text()).toBe(201);
      time.set('2026-05-03T06:01:00Z');
      expect((await slotStarts(t, doctor.id, '2026-05-03', '2026-05-03'))['2026-05-03']![0]).toBe('2026-05-03T10:30:00+03:00');
      const late = await book(t, (await signInApp(t)).token, {
        doctor_id: doctor.id,
        starts_at: '2026-05-03T10:00:00+03:00',
        type: 'cash',
      });
      expect(late.status).toBe(422);
    } finally {
      time.set('2026-05-03T06:00:00Z');
    }
    const tooLong = await t.call(`${appPaths.doctorSlots(String(doctor.id))}?from=2026-05-03&to=2026-06-03`, { token: null });
    expect(tooLong.status).toBe(422);
    const reversed = await t.call(`${appPaths.doctorSlots(String(doctor.id))}?from=2026-05-05&to=2026-05-03`, { token: null });
    expect(reversed.status).toBe(422);
    // Beyond the horizon (30 days): nothing.
    expect((await slotStarts(t, doctor.id, '2026-06-03', '2026-06-04'))['2026-06-04']).toEqual([]);
  });

  it('books cash at once, answers a replay the same, refuses the key with another body, and an overlap of the patient', async () => {
    const doctor = await bookableDoctor(t, hours);
    const other = await bookableDoctor(t, hours);
    const patient = await signInApp(t);
    const body = { doctor_id: doctor.id, starts_at: '2026-05-04T10:00:00+03:00', type: 'cash' };
    const first = await book(t, patient.token, body, 'flow-key-0001');
    expect(first.status).toBe(201);
    const booking = await dataOf(first);
    expect(booking).toMatchObject({ status: 'booked', type: 'cash', price: 300, payment: null, starts_at: '2026-05-04T10:00:00+03:00' });
    const again = await book(t, patient.token, body, 'flow-key-0001');
    expect(again.status).toBe(201);
    // The replay reads the row back: the first answer, made from what was written, says the same.
    expect(await dataOf(again)).toEqual(booking);
    const reused = await book(t, patient.token, { ...body, starts_at: '2026-05-04T10:30:00+03:00' }, 'flow-key-0001');
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { errors: Record<string, string[]> }).errors.idempotency_key).toBeDefined();
    const noKey = await t.call(appPaths.appointments, { method: 'POST', token: patient.token, json: body });
    expect(noKey.status).toBe(422);
    // The same patient, another doctor, the same time: the patient's own overlap (en/ar).
    const overlap = await book(t, patient.token, { ...body, doctor_id: other.id }, undefined, 'ar');
    expect(overlap.status).toBe(409);
    expect(await overlap.json()).toEqual({ message: 'لديك موعد آخر في هذا الوقت بالفعل.' });
    const overlapEn = await book(t, patient.token, { ...body, doctor_id: other.id });
    expect(await overlapEn.json()).toEqual({ message: 'You already have an appointment at this time.' });
    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'appointments'), eq(auditLogs.entity_id, String(booking.id))));
    expect(audit.map((row) => row.action)).toEqual(['book']);
  });

  it('refuses a time that is not a slot, past or inside the notice, and an unapproved doctor (422)', async () => {
    const doctor = await bookableDoctor(t, hours);
    const patient = await signInApp(t);
    for (const starts_at of [
      '2026-05-04T10:15:00+03:00',
      '2026-05-04T15:00:00+03:00',
      '2026-05-03T09:30:00+03:00',
      '2026-05-03T07:00:00+03:00',
    ]) {
      const answer = await book(t, patient.token, { doctor_id: doctor.id, starts_at, type: 'cash' });
      expect(answer.status, starts_at).toBe(422);
    }
    await t.db.update(providers).set({ status: 'onHold' }).where(eq(providers.id, doctor.id));
    const held = await book(t, patient.token, { doctor_id: doctor.id, starts_at: '2026-05-04T10:00:00+03:00', type: 'cash' });
    expect(held.status).toBe(422);
    expect((await t.call(appPaths.doctorSlots(String(doctor.id)), { token: null })).status).toBe(404);
  });

  it("books by a date's exception, not its weekday's hours: a day off refuses, changed hours give their slots", async () => {
    const doctor = await bookableDoctor(t, hours);
    const patient = await signInApp(t);
    const exception = (json: unknown) => post(appPaths.providerAvailabilityExceptions, doctor.token, json);
    expect((await exception({ date: '2026-05-05' })).status).toBe(200);
    expect((await exception({ date: '2026-05-06', ranges: [{ start: '08:00', end: '09:00' }] })).status).toBe(200);
    // Just after local midnight: the visit's UTC date (2026-05-07 21:30Z) is the day before its Cairo date.
    expect((await exception({ date: '2026-05-08', ranges: [{ start: '00:00', end: '01:00' }] })).status).toBe(200);
    const at = (starts_at: string) => book(t, patient.token, { doctor_id: doctor.id, starts_at, type: 'cash' });
    expect((await at('2026-05-05T10:00:00+03:00')).status).toBe(422);
    expect((await at('2026-05-06T10:00:00+03:00')).status).toBe(422);
    expect((await at('2026-05-06T08:30:00+03:00')).status).toBe(201);
    expect((await at('2026-05-07T10:00:00+03:00')).status).toBe(201);
    expect((await at('2026-05-08T00:30:00+03:00')).status).toBe(201);
    expect((await at('2026-05-08T10:00:00+03:00')).status).toBe(422);
    // The slots list says the same, minus the booked ones.
    const listed = await slotStarts(t, doctor.id, '2026-05-05', '2026-05-08');
    expect(listed['2026-05-05']).toEqual([]);
    expect(listed['2026-05-06']).toEqual(['2026-05-06T08:00:00+03:00']);
    expect(listed['2026-05-07']).toHaveLength(15);
    expect(listed['2026-05-07']).not.toContain('2026-05-07T10:00:00+03:00');
    expect(listed['2026-05-08']).toEqual(['2026-05-08T00:00:00+03:00']);
  });

  it('holds an online booking with its checkout, and releases it unpaid after the hold', async () => {
    const doctor = await bookableDoctor(t, hours);
    const patient = await signInApp(t);
    const body = { doctor_id: doctor.id, starts_at: '2026-05-04T11:00:00+03:00', type: 'online' };
    const answer = await book(t, patient.token, body, 'online-key-0001');
    expect(answer.status).toBe(201);
    const booking = await dataOf(answer);
    expect(booking.status).toBe('held');
    expect(booking.hold_expires_at).toBe('2026-05-03T09:15:00+03:00');
    // The checkout expires with the hold, told in the doctor's zone as every time of the answer.
    expect(booking.payment).toMatchObject({ status: 'pending', expires_at: '2026-05-03T09:15:00+03:00' });
    expect(booking.payment!.url).toMatch(/^http:\/\/localhost\/api\/v1\/payments\/[\w-]{20,}$/);
    expect(await dataOf(await book(t, patient.token, body, 'online-key-0001'))).toEqual(booking);
    const [intent] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.appointment_id, booking.id));
    expect(intent).toMatchObject({ amount: 300, driver: 'fake', status: 'pending', user_id: patient.userId });
    const [stored] = await t.db.select({ type: appointments.type }).from(appointments).where(eq(appointments.id, booking.id));
    expect(stored!.type).toBe('website');
    // Taken while held: not a free slot.
    expect((await slotStarts(t, doctor.id, '2026-05-04', '2026-05-04'))['2026-05-04']).not.toContain('2026-05-04T11:00:00+03:00');

    // 16 minutes later the hold has expired: the slot is free again, and another patient's booking releases it.
    time.set('2026-05-03T06:16:00Z');
    expect((await slotStarts(t, doctor.id, '2026-05-04', '2026-05-04'))['2026-05-04']).toContain('2026-05-04T11:00:00+03:00');
    const second = await signInApp(t);
    const taken = await book(t, second.token, { doctor_id: doctor.id, starts_at: '2026-05-04T11:00:00+03:00', type: 'cash' });
    expect(taken.status).toBe(201);
    const [released] = await t.db.select().from(appointments).where(eq(appointments.id, booking.id));
    expect(released).toMatchObject({ status: 'cancelled', cancelled_by: 'system' });
    const [expired] = await t.db
      .select({ status: paymentIntents.status })
      .from(paymentIntents)
      .where(eq(paymentIntents.appointment_id, booking.id));
    expect(expired!.status).toBe('expired');
    time.set('2026-05-03T06:00:00Z');
  });

  it('releases every expired hold in the job, once', async () => {
    const doctor = await bookableDoctor(t, hours);
    const patient = await signInApp(t);
    const answer = await book(t, patient.token, { doctor_id: doctor.id, starts_at: '2026-05-05T12:00:00+03:00', type: 'online' });
    const booking = await dataOf(answer);
    const later = Date.parse('2026-05-03T06:30:00Z');
    expect(await t.db.transaction((tx) => releaseHolds(tx, later))).toBeGreaterThanOrEqual(1);
    expect(await t.db.transaction((tx) => releaseHolds(tx, later))).toBe(0);
    const [row] = await t.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, booking.id));
    expect(row!.status).toBe('cancelled');
  });

  it('releases each expired hold once when two processes run the job at once', async () => {
    const doctor = await bookableDoctor(t, hours);
    const patient = await signInApp(t);
    const ids: number[] = [];
    for (const hour of ['10', '11', '12', '13', '17', '18', '19', '20']) {
      const answer = await book(t, patient.token, { doctor_id: doctor.id, starts_at: `2026-05-06T${hour}:00:00+03:00`, type: 'online' });
      ids.push((await dataOf(answer)).id);
    }
    const other = await t.connectAgain();
    const later = Date.parse('2026-05-03T07:00:00Z');
    const released = await Promise.all([t.db, other.db, t.db, other.db].map((db) => db.transaction((tx) => releaseHolds(tx, later))));
    await other.close();
    expect(released.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(ids.length);
    const audits = await t.db
      .select({ id: auditLogs.entity_id })
      .from(auditLogs)
      .where(
        and(eq(auditLogs.entity, 'appointments'), eq(auditLogs.action, 'release_hold'), inArray(auditLogs.entity_id, ids.map(String))),
      );
    expect(audits.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual(ids.toSorted((a, b) => a - b));
    const statuses = await t.db.select({ status: appointments.status }).from(appointments).where(inArray(appointments.id, ids));
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(['cancelled']));
  });

  it("lists the patient's upcoming and past visits, cancels and reschedules up to the cutoff, and hides others' (404)", async () => {
    const doctor = await bookableDoctor(t, hours);
    const patient = await signInApp(t);
    const stranger = await signInApp(t);
    const soon = await dataOf(await book(t, patient.token, { doctor_id: doctor.id, starts_at: '2026-05-03T10:30:00+03:00', type: 'cash' }));
    const later = await dataOf(
      await book(t, patient.token, { doctor_id: doctor.id, starts_at: '2026-05-06T17:00:00+03:00', type: 'cash' }),
    );

    const upcoming = await dataOf<{ data: Booking[]; total: number }>(
      await t.call(`${appPaths.appointments}?when=upcoming`, { token: patient.token }),
    );
    expect(upcoming.data.map((row) => row.id)).toEqual([soon.id, later.id]);

    // Within 120 minutes of the visit: refused (en/ar), and the row is unchanged.
    const late = await post(appPaths.appointmentCancel(String(soon.id)), patient.token);
    expect(late.status).toBe(422);
    expect(await late.json()).toEqual({ message: 'Appointments can only be changed up to 120 minutes before the visit.' });
    const lateAr = await post(
      appPaths.appointmentReschedule(String(soon.id)),
      patient.token,
      { starts_at: '2026-05-04T13:00:00+03:00' },
      'ar',
    );
    expect(lateAr.status).toBe(422);
    expect(((await lateAr.json()) as { message: string }).message).toMatch(/^لا يمكن تغيير الموعد/);
    expect((await post(appPaths.appointmentCancel(String(later.id)), stranger.token)).status).toBe(404);

    const moved = await post(appPaths.appointmentReschedule(String(later.id)), patient.token, { starts_at: '2026-05-07T18:00:00+03:00' });
    expect(moved.status).toBe(200);
    expect((await dataOf(moved)).starts_at).toBe('2026-05-07T18:00:00+03:00');
    const notSlot = await post(appPaths.appointmentReschedule(String(later.id)), patient.token, { starts_at: '2026-05-07T15:00:00+03:00' });
    expect(notSlot.status).toBe(422);

    const cancelled = await post(appPaths.appointmentCancel(String(later.id)), patient.token, { reason: 'travelling' });
    expect(cancelled.status).toBe(200);
    expect(await dataOf(cancelled)).toMatchObject({ status: 'cancelled', cancelled_by: 'patient', cancel_reason: 'travelling' });
    expect((await post(appPaths.appointmentCancel(String(later.id)), patient.token)).status).toBe(422);

    time.set('2026-05-08T06:00:00Z');
    const past = await dataOf<{ data: Booking[] }>(await t.call(`${appPaths.appointments}?when=past`, { token: patient.token }));
    expect(past.data.map((row) => row.id)).toEqual([later.id, soon.id]);
    time.set('2026-05-03T06:00:00Z');
  });

  it("gives the provider its day, and its visits' outcome: completed, no-show, cancelled with a reason", async () => {
    const doctor = await bookableDoctor(t, hours);
    const patients = await Promise.all([signInApp(t), signInApp(t), signInApp(t)]);
    const ids: number[] = [];
    for (const [index, patient] of patients.entries()) {
      const starts_at = `2026-05-04T1${index}:00:00+03:00`;
      ids.push((await dataOf(await book(t, patient.token, { doctor_id: doctor.id, starts_at, type: 'cash' }))).id);
    }
    const day = await t.call(`${appPaths.providerAppointments}?date=2026-05-04`, { token: doctor.token });
    const dayData = await dataOf<{ date: string; appointments: Array<{ id: number; patient: { id: number } }> }>(day);
    expect(dayData.appointments.map((row) => row.id)).toEqual(ids);
    expect(dayData.appointments[0]!.patient.id).toBe(patients[0]!.userId);

    expect((await dataOf(await post(appPaths.providerAppointmentComplete(String(ids[0])), doctor.token))).status).toBe('completed');
    expect((await dataOf(await post(appPaths.providerAppointmentNoShow(String(ids[1])), doctor.token))).status).toBe('no_show');
    expect((await post(appPaths.providerAppointmentCancel(String(ids[2])), doctor.token, {})).status).toBe(422);
    const cancelled = await post(appPaths.providerAppointmentCancel(String(ids[2])), doctor.token, { reason: 'Doctor is ill' });
    expect(await dataOf(cancelled)).toMatchObject({ status: 'cancelled', cancelled_by: 'provider', cancel_reason: 'Doctor is ill' });
    // The patient is told at once, with the reason and the visit's Cairo time (12:00 on Monday 4 May).
    const told = await t.db.select({ body: outbox.body }).from(outbox).where(eq(outbox.recipient, patients[2]!.phone));
    expect(told.map((row) => row.body)).toContainEqual(
      expect.stringMatching(/cancelled your appointment on Monday, May 4 at 12:00 PM\. Reason: Doctor is ill\./),
    );
    // A finished visit cannot move again; another doctor's visit is a 404.
    expect((await post(appPaths.providerAppointmentNoShow(String(ids[0])), doctor.token)).status).toBe(422);
    const otherDoctor = await bookableDoctor(t, hours);
    expect((await post(appPaths.providerAppointmentComplete(String(ids[1])), otherDoctor.token)).status).toBe(404);
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'appointments'), eq(auditLogs.entity_id, String(ids[1]))))
      .orderBy(asc(auditLogs.id));
    expect(actions.map((row) => row.action)).toEqual(['book', 'no_show']);
  });

  it('lets a facility set the hours of a doctor of its units, whose slots then take place there', async () => {
    const doctor = await bookableDoctor(t);
    const hospital = await signInProvider(t, 'hospital');
    const [hospitalProvider] = await t.db
      .insert(providers)
      .values({ kind: 'hospital', user_id: hospital.userId, name_ar: 'مستشفى', name_en: 'Hospital', status: 'approved' })
      .returning({ id: providers.id });
    const [unit] = await t.db
      .insert(facilityUnits)
      .values({ facility_id: hospitalProvider!.id, name_ar: 'قسم', name_en: 'Cardiology' })
      .returning({ id: facilityUnits.id });
    const unitId = unit!.id;
    // Not yet a doctor of its units.
    const refused = await t.call(appPaths.providerAvailability, {
      method: 'PUT',
      token: hospital.token,
      json: { ...hours, doctor_id: doctor.id, hours: [{ weekday: 1, start: '10:00', end: '12:00', unit_id: unitId }] },
    });
    expect(refused.status).toBe(422);
    await t.db.insert(facilityUnitDoctors).values({ unit_id: unitId, doctor_id: doctor.id });
    const saved = await t.call(appPaths.providerAvailability, {
      method: 'PUT',
      token: hospital.token,
      json: { ...hours, doctor_id: doctor.id, hours: [{ weekday: 1, start: '10:00', end: '12:00', unit_id: unitId }] },
    });
    expect(saved.status).toBe(200);
    const slots = await t.call(`${appPaths.doctorSlots(String(doctor.id))}?from=2026-05-04&to=2026-05-04`, { token: null });
    const { days } = await dataOf<{
      days: Array<{ slots: Array<{ starts_at: string; facility: { id: number; unit: { id: number } } | null }> }>;
    }>(slots);
    expect(days[0]!.slots).toHaveLength(4);
    expect(days[0]!.slots[0]!.facility).toMatchObject({ id: hospitalProvider!.id, unit: { id: unitId } });

    const patient = await signInApp(t);
    const visit = { doctor_id: doctor.id, starts_at: '2026-05-04T10:00:00+03:00', type: 'cash' };
    const booked = await dataOf(await book(t, patient.token, visit, 'unit-key-0001'));
    expect(booked.facility?.id).toBe(hospitalProvider!.id);
    expect(await dataOf(await book(t, patient.token, visit, 'unit-key-0001'))).toEqual(booked);
    const day = await dataOf<{ appointments: Array<{ id: number }> }>(
      await t.call(`${appPaths.providerAppointments}?date=2026-05-04`, { token: hospital.token }),
    );
    expect(day.appointments.map((row) => row.id)).toEqual([booked.id]);

    // A day off on 2026-05-11 (a Monday), then removed.
    const off = await t.call(appPaths.providerAvailabilityExceptions, {
      method: 'POST',
      token: doctor.token,
      json: { date: '2026-05-11' },
    });
    expect(off.status).toBe(200);
    expect((await slotStarts(t, doctor.id, '2026-05-11', '2026-05-11'))['2026-05-11']).toEqual([]);
    const back = await t.call(appPaths.providerAvailabilityException('2026-05-11'), { method: 'DELETE', token: doctor.token });
    expect(back.status).toBe(200);
    expect((await slotStarts(t, doctor.id, '2026-05-11', '2026-05-11'))['2026-05-11']).toHaveLength(4);
    // Changed hours on a date: its own ranges replace the weekday's.
    await t.call(appPaths.providerAvailabilityExceptions, {
      method: 'POST',
      token: doctor.token,
      json: { date: '2026-05-11', ranges: [{ start: '15:00', end: '16:00' }] },
    });
    expect((await slotStarts(t, doctor.id, '2026-05-11', '2026-05-11'))['2026-05-11']).toEqual([
      '2026-05-11T15:00:00+03:00',
      '2026-05-11T15:30:00+03:00',
    ]);
    const overlapping = await t.call(appPaths.providerAvailability, {
      method: 'PUT',
      token: doctor.token,
      json: {
        ...hours,
        hours: [
          { weekday: 1, start: '10:00', end: '14:00' },
          { weekday: 1, start: '10:30', end: '11:00' },
          { weekday: 1, start: '12:00', end: '13:00' },
          { weekday: 2, start: '12:00', end: '13:00' },
        ],
      },
    });
    expect(overlapping.status).toBe(422);
    const { errors } = (await overlapping.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(errors).sort()).toEqual(['hours.1.start', 'hours.2.start']);
  });
});
