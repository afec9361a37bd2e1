import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { availabilityHours } from '../../../src/db/schema/availability';
import { facilityUnitDoctors, providers } from '../../../src/db/schema/providers';
import { seedDemoData } from '../../../src/seed/seed-demo-data';
import { createTestApp, type TestApp } from '../../support/test-app';

type Slots = { data: { days: Array<{ slots: Array<{ facility: { id: number } | null }> }> } };

/** The demo's approved doctors have weekly hours: the patient app finds slots on the first start. */
describe('demo data slots', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, t.storage);
  }, 180_000);
  afterAll(() => t.close());

  it('gives every approved doctor slots in the coming week, at its unit when it works in one', async () => {
    const doctors = await t.db
      .select({ id: providers.id })
      .from(providers)
      .where(and(eq(providers.kind, 'doctor'), eq(providers.status, 'approved')))
      .orderBy(asc(providers.id));
    expect(doctors.length).toBeGreaterThan(10);
    const withHours = new Set(
      (await t.db.selectDistinct({ id: availabilityHours.provider_id }).from(availabilityHours)).map((row) => row.id),
    );
    expect(doctors.every((doctor) => withHours.has(doctor.id))).toBe(true);

    const [unitDoctor] = await t.db.select({ id: facilityUnitDoctors.doctor_id }).from(facilityUnitDoctors).limit(1);
    for (const id of [doctors[0]!.id, unitDoctor!.id]) {
      const response = await t.call(appPaths.doctorSlots(String(id)), { token: null });
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as Slots;
      const slots = data.days.flatMap((day) => day.slots);
      expect(slots.length, `doctor ${id}`).toBeGreaterThan(10);
      if (id === unitDoctor!.id) expect(slots.some((slot) => slot.facility !== null)).toBe(true);
    }
  });
});
