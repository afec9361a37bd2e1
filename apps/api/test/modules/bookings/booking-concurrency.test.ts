import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { appointments } from '../../../src/db/schema/appointments';
import { signInApp } from '../../support/app-accounts';
import { createTestApp, type TestApp } from '../../support/test-app';
import { book, bookableDoctor, crowdOtp, everyDay, testClock } from './fixtures';

/**
 * No double booking, by construction: over a real socket, 50 patients booking one slot at once get one 201 and
 * 49 × 409 (the exclusion constraint), and the same Idempotency-Key sent 10 times at once makes one row.
 */
describe('booking one slot concurrently (real socket)', () => {
  let t: TestApp;
  const time = testClock('2026-05-03T06:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ listen: true, clock: time.clock, otp: crowdOtp });
  }, 60_000);
  afterAll(() => t.close());

  const hours = { slot_minutes: 30, horizon_days: 30, min_notice_minutes: 60, hours: everyDay(['10:00', '14:00']) };

  it('answers one 201 and 49 × 409 for 50 parallel bookings of one slot, and keeps one row', async () => {
    const doctor = await bookableDoctor(t, hours);
    // Signed in a few at a time: the setup is not what races.
    const patients: Array<{ token: string }> = [];
    for (let i = 0; i < 10; i++) patients.push(...(await Promise.all(Array.from({ length: 5 }, () => signInApp(t)))));
    const body = { doctor_id: doctor.id, starts_at: '2026-05-05T10:00:00+03:00', type: 'cash' };
    const answers = await Promise.all(patients.map((patient) => book(t, patient.token, body)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(await refused.json()).toEqual({ message: 'This time was just booked by someone else. Please choose another time.' });
    const rows = await t.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.provider_id, doctor.id), inArray(appointments.status, ['held', 'booked'])));
    expect(rows).toHaveLength(1);
  }, 120_000);

  it('makes one booking of 10 parallel requests with the same Idempotency-Key, and answers each with it', async () => {
    const doctor = await bookableDoctor(t, hours);
    const patient = await signInApp(t);
    const body = { doctor_id: doctor.id, starts_at: '2026-05-05T11:00:00+03:00', type: 'online' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => book(t, patient.token, body, 'same-key-0001')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    const ids = new Set(await Promise.all(answers.map(async (answer) => ((await answer.json()) as { data: { id: number } }).data.id)));
    expect(ids.size).toBe(1);
    const rows = await t.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.user_id, patient.userId));
    expect(rows).toHaveLength(1);
  }, 60_000);
});
