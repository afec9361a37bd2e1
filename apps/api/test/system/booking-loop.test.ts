import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPaths } from '@sehha/contract/app-paths';
import { appointmentPaths, type Appointment } from '@sehha/contract/appointments';
import { httpSmsDriver } from '../../src/outbox/drivers';
import { createTestApp, type TestApp } from '../support/test-app';
import { signInApp } from '../support/app-accounts';
import { startSmsSink } from '../support/message-sinks';
import { bookableDoctor, everyDay } from '../modules/bookings/fixtures';

type Booking = { id: number; status: string; starts_at: string; payment: { url: string } | null };

/** Today's and tomorrow's dates in Cairo ('YYYY-MM-DD'). */
function cairoDays(): [string, string] {
  const day = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(at);
  const now = new Date();
  return [day(now), day(new Date(now.getTime() + 86_400_000))];
}

/**
 * Issue 27's loop through HTTP only, on the real clock, as the apps, the gateway and the dashboard call it: a
 * doctor sets his hours, a patient books the first free slot online, pays on the fake gateway's page, is reminded
 * by SMS (the visit is within two hours: the hours run all day with no notice), the doctor completes the visit,
 * and the admin sees it, paid and completed, among the doctor's appointments and in the revenue.
 */
describe('the booking loop: hours, slot, online booking, payment, reminder, completion, the admin', () => {
  let t: TestApp;
  let sms: Awaited<ReturnType<typeof startSmsSink>>;

  beforeAll(async () => {
    sms = await startSmsSink();
    t = await createTestApp({ messaging: { sms: httpSmsDriver({ url: sms.url }), intervalMs: 100, reminderIntervalMs: 200 } });
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });

  it('runs from the doctor’s hours to the admin’s completed, paid appointment', async () => {
    const doctor = await bookableDoctor(t, undefined, 450);
    const hours = await t.call(appPaths.providerAvailability, {
      method: 'PUT',
      token: doctor.token,
      json: { slot_minutes: 30, horizon_days: 7, min_notice_minutes: 0, hours: everyDay(['00:00', '23:59']) },
    });
    expect(hours.status, await hours.clone().text()).toBe(200);

    // The patient reads Arabic.
    const patient = await signInApp(t, undefined, 'منى سالم');
    expect((await t.call(appPaths.me, { method: 'PATCH', token: patient.token, json: { language: 'ar' } })).status).toBe(200);

    const [today, tomorrow] = cairoDays();
    const slots = await t.call(`${appPaths.doctorSlots(String(doctor.id))}?from=${today}&to=${tomorrow}`, { token: null });
    expect(slots.status).toBe(200);
    const days = ((await slots.json()) as { data: { days: Array<{ slots: Array<{ starts_at: string }> }> } }).data.days;
    const first = days.flatMap((d) => d.slots)[0]!;
    // Within two hours of now: the "soon" reminder is due as soon as it is booked.
    expect(new Date(first.starts_at).getTime() - Date.now()).toBeLessThan(2 * 3_600_000);

    const booked = await t.call(appPaths.appointments, {
      method: 'POST',
      token: patient.token,
      headers: { 'idempotency-key': `booking-loop-${doctor.id}` },
      json: { doctor_id: doctor.id, starts_at: first.starts_at, type: 'online' },
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const booking = ((await booked.json()) as { data: Booking }).data;
    expect(booking).toMatchObject({ status: 'held', starts_at: first.starts_at });

    // Pay on the gateway's hosted page, as a browser does: the link redirects there; Pay posts its form.
    const link = new URL(booking.payment!.url);
    const redirected = await t.call(link.pathname, { token: null });
    expect(redirected.status).toBe(302);
    const hosted = new URL(redirected.headers.get('location')!);
    const pressed = await t.call(hosted.pathname, {
      method: 'POST',
      token: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=paid&lang=ar',
    });
    expect(pressed.status).toBe(303);
    const mine = await t.call(`${appPaths.appointments}?when=upcoming`, { token: patient.token });
    const [upcoming] = ((await mine.json()) as { data: { data: Booking[] } }).data.data;
    expect(upcoming).toMatchObject({ id: booking.id, status: 'booked' });

    // Reminded by SMS, once, in Arabic, naming the doctor (the payment's confirmation came first).
    const reminders = () => sms.received.filter((text) => text.to === patient.phone && text.message.startsWith('موعدك مع'));
    await expect.poll(() => reminders().length, { timeout: 15_000 }).toBe(1);
    expect(reminders()[0]!.message).toContain(doctor.name_ar);

    // The doctor sees the visit on its day and completes it.
    const day = await t.call(`${appPaths.providerAppointments}?date=${first.starts_at.slice(0, 10)}`, { token: doctor.token });
    const visits = ((await day.json()) as { data: { appointments: Array<{ id: number }> } }).data.appointments;
    expect(visits.map((v) => v.id)).toContain(booking.id);
    const completed = await t.call(appPaths.providerAppointmentComplete(String(booking.id)), {
      method: 'POST',
      token: doctor.token,
      json: {},
    });
    expect(completed.status, await completed.clone().text()).toBe(200);

    // The admin: among the doctor's appointments, completed, paid online, at the slot's Cairo wall-clock time.
    const admin = await t.call(`${appointmentPaths.doctor(doctor.id)}?per_page=8&page=1`);
    const rows = ((await admin.json()) as { data: { data: Appointment[] } }).data.data;
    expect(rows.find((row) => row.id === booking.id)).toMatchObject({
      status: 'completed',
      type: 'website',
      price: 450,
      appointment_time: first.starts_at.slice(0, 19).replace('T', ' '),
      user: { phone: patient.phone },
    });
    expect(reminders()).toHaveLength(1);
  });
});
