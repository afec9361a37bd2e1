import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specialities } from '../../../src/db/schema/catalogs';
import { facilityUnitDoctors, facilityUnits } from '../../../src/db/schema/providers';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider } from '../../support/providers';

type Page<T> = { data: { data: T[]; total: number; last_page: number } };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

describe('a facility’s departments and clinics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async <T>(path: string) => (await (await t.call(path)).json()) as Page<T>;
  describe('departments and clinics', () => {
    it('lists a facility’s units with their doctor counts, and each unit’s doctors', async () => {
      const [cardiology] = await t.db.insert(specialities).values({ name_ar: 'قلب', name_en: 'Cardiology units' }).returning();
      const hospital = await makeProvider(t.db, 'hospital');
      const [department, empty] = await t.db
        .insert(facilityUnits)
        .values([
          { facility_id: hospital.id, name_ar: 'قسم القلب', name_en: 'Cardiology Department', speciality_id: cardiology!.id },
          { facility_id: hospital.id, name_ar: 'قسم العيون', name_en: 'Ophthalmology Department' },
        ])
        .returning();
      const doctors = [
        await makeProvider(t.db, 'doctor', { name_en: 'Dr. Unit One', speciality_id: cardiology!.id, status: 'approved' }),
        await makeProvider(t.db, 'doctor', { name_en: 'Dr. Unit Two' }),
      ];
      await t.db.insert(facilityUnitDoctors).values(doctors.map((d) => ({ unit_id: department!.id, doctor_id: d.id })));

      const units = await get<{ name_en: string; doctors_count: number; speciality: { name_en: string } | null }>(
        `/api/admin/providers/units/${hospital.id}`,
      );
      expect(units.data.data).toMatchObject([
        { name_en: 'Cardiology Department', doctors_count: 2, speciality: { name_en: 'Cardiology units' } },
        { name_en: 'Ophthalmology Department', doctors_count: 0, speciality: null },
      ]);
      const shown = await t.call(`/api/admin/providers/units/${hospital.id}/${department!.id}`);
      expect(await shown.json()).toMatchObject({ data: { id: department!.id, name_en: 'Cardiology Department' } });

      const unitDoctors = await get<{ name_en: string; email: string; status: string }>(
        `/api/admin/providers/units/${hospital.id}/${department!.id}/doctors`,
      );
      expect(unitDoctors.data.data.map((d) => d.name_en)).toEqual(['Dr. Unit One', 'Dr. Unit Two']);
      expect(unitDoctors.data.data[0]).toMatchObject({
        email: doctors[0]!.email,
        status: 'approved',
        speciality: { name_en: 'Cardiology units' },
      });
      expect(
        (await get<{ name_en: string }>(`/api/admin/providers/units/${hospital.id}/${department!.id}/doctors?search=two`)).data.data.map(
          (d) => d.name_en,
        ),
      ).toEqual(['Dr. Unit Two']);
      expect((await get(`/api/admin/providers/units/${hospital.id}/${empty!.id}/doctors`)).data.data).toEqual([]);

      const center = await makeProvider(t.db, 'medical_center');
      await t.db.insert(facilityUnits).values({ facility_id: center.id, name_ar: 'عيادة الأطفال', name_en: 'Pediatrics Clinic' });
      expect(
        (await get<{ name_en: string }>(`/api/admin/providers/units/${center.id}?search=${encodeURIComponent('الاطفال')}`)).data.data.map(
          (u) => u.name_en,
        ),
      ).toEqual(['Pediatrics Clinic']);
      // A department is only found under its own facility.
      expect((await t.call(`/api/admin/providers/units/${center.id}/${department!.id}/doctors`)).status).toBe(404);
    });

    it('answers 404 for other kinds and unknown units, 422 for bad ids, 401 without a token', async () => {
      const company = await makeProvider(t.db, 'company');
      expect((await t.call(`/api/admin/providers/units/${company.id}`)).status).toBe(404);
      const hospital = await makeProvider(t.db, 'hospital');
      const missing = await t.call(`/api/admin/providers/units/${hospital.id}/999999/doctors`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as ErrorBody).message).toBe('Department or clinic not found.');
      expect((await t.call(`/api/admin/providers/units/${hospital.id}/x/doctors`)).status).toBe(422);
      expect((await t.call(`/api/admin/providers/units/${hospital.id}`, { token: null })).status).toBe(401);
    });
  });
});
