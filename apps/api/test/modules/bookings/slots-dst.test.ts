import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPaths } from '@sehha/contract/app-paths';
import { signInApp } from '../../support/app-accounts';
import { createTestApp, type TestApp } from '../../support/test-app';
import { book, bookableDoctor, everyDay, slotStarts, testClock } from './fixtures';

/**
 * Slots across Egypt's clock changes (tzdata via Intl): 2026-04-24 00:00 → 01:00 (spring forward, Friday) and
 * 2026-10-29 24:00 → 23:00 (fall back, Thursday night).
 */
describe('slots across daylight-saving changes (Africa/Cairo)', () => {
  let t: TestApp;
  const time = testClock('2026-04-20T08:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock });
  });
  afterAll(() => t.close());

  const settings = { slot_minutes: 30, horizon_days: 365, min_notice_minutes: 0 };

  it('skips the hour the clocks jump over, and keeps 09:00 at 09:00 on both sides of it', async () => {
    const doctor = await bookableDoctor(t, { ...settings, hours: everyDay(['00:00', '03:00'], ['09:00', '10:00']) });
    const days = await slotStarts(t, doctor.id, '2026-04-23', '2026-04-25');
    expect(days['2026-04-23']).toEqual([
      '2026-04-23T00:00:00+02:00',
      '2026-04-23T00:30:00+02:00',
      '2026-04-23T01:00:00+02:00',
      '2026-04-23T01:30:00+02:00',
      '2026-04-23T02:00:00+02:00',
      '2026-04-23T02:30:00+02:00',
      '2026-04-23T09:00:00+02:00',
      '2026-04-23T09:30:00+02:00',
    ]);
    // 00:00 and 00:30 do not exist on 2026-04-24 in Cairo: no slot for them, and no other slot moved or doubled.
    expect(days['2026-04-24']).toEqual([
      '2026-04-24T01:00:00+03:00',
      '2026-04-24T01:30:00+03:00',
      '2026-04-24T02:00:00+03:00',
      '2026-04-24T02:30:00+03:00',
      '2026-04-24T09:00:00+03:00',
      '2026-04-24T09:30:00+03:00',
    ]);
    expect(days['2026-04-25']?.[6]).toBe('2026-04-25T09:00:00+03:00');
    // A skipped time cannot be booked either: "00:00 +03:00" is Thursday 23:00 in Cairo, outside the hours.
    const patient = await signInApp(t);
    const skipped = await book(t, patient.token, { doctor_id: doctor.id, starts_at: '2026-04-24T00:00:00+03:00', type: 'cash' });
    expect(skipped.status).toBe(422);
    // While 00:30 read at the old offset is the instant of 01:30 +03:00: a real slot, the same one however written.
    const same = await book(t, patient.token, { doctor_id: doctor.id, starts_at: '2026-04-24T00:30:00+02:00', type: 'cash' });
    expect(((await same.json()) as { data: { starts_at: string } }).data.starts_at).toBe('2026-04-24T01:30:00+03:00');
  });

  it('gives the repeated hour of the fall-back night one slot per wall-clock time, none lost', async () => {
    time.set('2026-10-20T08:00:00Z');
    const doctor = await bookableDoctor(t, { ...settings, hours: everyDay(['21:00', '23:30'], ['09:00', '09:30']) });
    const days = await slotStarts(t, doctor.id, '2026-10-28', '2026-10-30');
    expect(days['2026-10-29']).toEqual([
      '2026-10-29T09:00:00+03:00',
      '2026-10-29T21:00:00+03:00',
      '2026-10-29T21:30:00+03:00',
      '2026-10-29T22:00:00+03:00',
      '2026-10-29T22:30:00+03:00',
      '2026-10-29T23:00:00+03:00',
    ]);
    expect(days['2026-10-30']?.[0]).toBe('2026-10-30T09:00:00+02:00');
    expect(days['2026-10-30']?.[1]).toBe('2026-10-30T21:00:00+02:00');
    const all = Object.values(days).flat();
    expect(new Set(all.map((start) => Date.parse(start))).size).toBe(all.length);
    expect(all).toHaveLength(18);
  });

  it('keeps a 09:00 appointment booked before the change at 09:00 Cairo time after it', async () => {
    time.set('2026-04-20T08:00:00Z');
    const doctor = await bookableDoctor(t, { ...settings, hours: everyDay(['09:00', '12:00']) });
    const patient = await signInApp(t);
    const booked = await book(t, patient.token, { doctor_id: doctor.id, starts_at: '2026-04-27T09:00:00+03:00', type: 'cash' });
    expect(booked.status).toBe(201);
    const { data } = (await booked.json()) as { data: { id: number; starts_at: string } };
    expect(data.starts_at).toBe('2026-04-27T09:00:00+03:00');

    time.set('2026-04-25T08:00:00Z');
    const mine = await t.call(`${appPaths.appointments}?when=upcoming`, { token: patient.token });
    const list = (await mine.json()) as { data: { data: Array<{ id: number; starts_at: string }> } };
    expect(list.data.data.find((row) => row.id === data.id)?.starts_at).toBe('2026-04-27T09:00:00+03:00');
    // The admin API's wall clock (appointment_time) says 09:00 too.
    const admin = await t.call(`/api/admin/appointments/doctor/${doctor.id}`);
    const adminRows = (await admin.json()) as { data: { data: Array<{ id: number; appointment_time: string }> } };
    expect(adminRows.data.data.find((row) => row.id === data.id)?.appointment_time).toBe('2026-04-27 09:00:00');
    // And the slot is taken: not offered any more.
    expect((await slotStarts(t, doctor.id, '2026-04-27', '2026-04-27'))['2026-04-27']).not.toContain('2026-04-27T09:00:00+03:00');
  });
});
