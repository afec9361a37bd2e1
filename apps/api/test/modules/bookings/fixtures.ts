import { appPaths } from '@sehha/contract/app-paths';
import type { AvailabilityHoursInput } from '@sehha/contract/availability';
import { licenses } from '../../../src/db/schema/providers';
import { freshPhone, signInApp } from '../../support/app-accounts';
import { makeProvider } from '../../support/providers';
import type { TestApp } from '../../support/test-app';

/** A clock a test moves: the app reads "now" from it (AppOptions.clock). */
export function testClock(start: string) {
  let now = new Date(start);
  return {
    clock: () => now,
    set: (instant: string) => {
      now = new Date(instant);
    },
  };
}

/** Sign-ins enough for a crowd of patients from one address. */
export const crowdOtp = { maxPerAddress: 10_000, maxPerPrefix: 10_000 };

/** An approved doctor with a valid license and a fee, signed in to the app; hours set through the API when given. */
export async function bookableDoctor(t: TestApp, hours?: Omit<AvailabilityHoursInput, 'doctor_id'>, fee = 300) {
  const phone = freshPhone();
  const doctor = await makeProvider(t.db, 'doctor', { phone, status: 'approved', consultation_fee: fee });
  await t.db.insert(licenses).values({
    provider_id: doctor.id,
    number: `L-${doctor.id}-${Date.now()}`,
    path: 'licenses/x.pdf',
    original_name: 'x.pdf',
    mime_type: 'application/pdf',
    expires_on: '2999-12-31',
    status: 'approved',
  });
  const { token } = await signInApp(t, phone);
  if (hours) {
    const saved = await t.call(appPaths.providerAvailability, { method: 'PUT', token, json: hours });
    if (saved.status !== 200) throw new Error(`hours answered ${saved.status}: ${await saved.text()}`);
  }
  return { ...doctor, token };
}

/** Every weekday with the same ranges. */
export const everyDay = (...ranges: Array<[string, string]>) =>
  [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => ranges.map(([start, end]) => ({ weekday, start, end })));

type SlotDays = { data: { days: Array<{ date: string; slots: Array<{ starts_at: string; ends_at: string }> }> } };

/** The doctor's free slots' starts by date. */
export async function slotStarts(t: TestApp, doctorId: number, from: string, to: string) {
  const response = await t.call(`${appPaths.doctorSlots(String(doctorId))}?from=${from}&to=${to}`, { token: null });
  if (response.status !== 200) throw new Error(`slots answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as SlotDays;
  return Object.fromEntries(data.days.map((day) => [day.date, day.slots.map((slot) => slot.starts_at)]));
}

/** POST /api/v1/appointments with an Idempotency-Key. */
export const book = (t: TestApp, token: string, body: unknown, key = `key-${Math.random().toString(36).slice(2)}`, language = 'en') =>
  t.call(appPaths.appointments, { method: 'POST', token, json: body, headers: { 'idempotency-key': key, 'accept-language': language } });
