import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pharmacyCategories, specialities } from '../src/db/schema/catalogs';
import { cities, countries } from '../src/db/schema/locations';
import { facilityUnitDoctors, facilityUnits, licenses, medicines, pharmacyBranches, providerAds } from '../src/db/schema/providers';
import { createTestApp, type TestApp } from './support/test-app';
import { makeProvider } from './support/providers';
import { pdf, png } from './support/files';

type Page<T> = { data: { data: T[]; total: number; last_page: number } };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

describe('screens under a provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async <T>(path: string) => (await (await t.call(path)).json()) as Page<T>;

  describe('ads', () => {
    it('lists a provider’s ads with public images, searches them and deletes one (file included)', async () => {
      const doctor = await makeProvider(t.db, 'doctor');
      await t.storage.put('provider-ads/ad-one.png', png(8, 4));
      const [one] = await t.db
        .insert(providerAds)
        .values([
          {
            provider_id: doctor.id,
            title_ar: 'خصم على الكشف',
            title_en: 'Consultation discount',
            image: 'provider-ads/ad-one.png',
            created_at: '2025-01-02T00:00:00Z',
          },
          {
            provider_id: doctor.id,
            title_ar: 'متابعة مجانية',
            title_en: 'Free follow-up',
            image: 'provider-ads/ad-two.png',
            created_at: '2025-01-01T00:00:00Z',
          },
        ])
        .returning();
      const other = await makeProvider(t.db, 'company');
      await t.db
        .insert(providerAds)
        .values({ provider_id: other.id, title_ar: 'عرض', title_en: 'Other offer', image: 'provider-ads/x.png' });

      const all = await get<{ id: number; title_en: string; image: string }>(`/api/admin/providers/ads/${doctor.id}`);
      expect(all.data.data.map((ad) => ad.title_en)).toEqual(['Consultation discount', 'Free follow-up']);
      expect(all.data.data[0]!.image).toBe('/storage/provider-ads/ad-one.png');
      expect(
        (await get<{ title_en: string }>(`/api/admin/providers/ads/${doctor.id}?search=${encodeURIComponent('متابعه')}`)).data.data.map(
          (ad) => ad.title_en,
        ),
      ).toEqual(['Free follow-up']);

      const deleted = await t.call(`/api/admin/providers/ads/delete/${one!.id}`, { method: 'DELETE' });
      expect(await deleted.json()).toEqual({ message: 'Ad Deleted' });
      expect(await t.storage.exists('provider-ads/ad-one.png')).toBe(false);
      const arabic = await t.call(`/api/admin/providers/ads/delete/${one!.id}`, {
        method: 'POST',
        json: { _method: 'DELETE' },
        headers: { 'accept-language': 'ar' },
      });
      expect(arabic.status).toBe(404);
      expect(((await arabic.json()) as ErrorBody).message).toBe('الإعلان غير موجود.');
    });

    it('answers 404 for pharmacies (no ads) and unknown ids, 422 for bad ids, 401 without a token', async () => {
      const pharmacy = await makeProvider(t.db, 'pharmacy');
      expect((await t.call(`/api/admin/providers/ads/${pharmacy.id}`)).status).toBe(404);
      expect((await t.call('/api/admin/providers/ads/999999')).status).toBe(404);
      expect((await t.call('/api/admin/providers/ads/abc')).status).toBe(422);
      expect((await t.call(`/api/admin/providers/ads/${pharmacy.id}?per_page=500`)).status).toBe(422);
      expect((await t.call('/api/admin/providers/ads/1', { token: null })).status).toBe(401);
      expect((await t.call('/api/admin/providers/ads/delete/1', { method: 'DELETE', token: null })).status).toBe(401);
    });
  });

  describe('pharmacy branches and medicines', () => {
    it('lists branches with their city and medicines with their category, searchable and paged', async () => {
      const pharmacy = await makeProvider(t.db, 'pharmacy');
      const [egypt] = await t.db
        .insert(countries)
        .values({ name_ar: 'مصر للفروع', name_en: 'Egypt branches', mobile_prefix: '+20' })
        .returning();
      const [cairo] = await t.db.insert(cities).values({ country_id: egypt!.id, name_ar: 'القاهرة', name_en: 'Cairo' }).returning();
      await t.db.insert(pharmacyBranches).values([
        { pharmacy_id: pharmacy.id, name_ar: 'فرع المعادي', name_en: 'Maadi Branch', address: 'Road 9', phone: '0225', city_id: cairo!.id },
        { pharmacy_id: pharmacy.id, name_ar: 'فرع الدقي', name_en: 'Dokki Branch' },
      ]);
      const branches = await get<{ name_en: string; city: { name_en: string } | null }>(`/api/admin/providers/branches/${pharmacy.id}`);
      expect(branches.data.data).toMatchObject([
        { name_en: 'Maadi Branch', city: { name_en: 'Cairo' } },
        { name_en: 'Dokki Branch', city: null },
      ]);
      expect(
        (await get<{ name_en: string }>(`/api/admin/providers/branches/${pharmacy.id}?search=dokki`)).data.data.map((b) => b.name_en),
      ).toEqual(['Dokki Branch']);

      const [category] = await t.db.insert(pharmacyCategories).values({ name_ar: 'مسكنات', name_en: 'Painkillers' }).returning();
      await t.db.insert(medicines).values(
        Array.from({ length: 12 }, (_, i) => ({
          pharmacy_id: pharmacy.id,
          name_ar: `دواء ${i}`,
          name_en: `Medicine ${i}`,
          price: 10.5 + i,
          category_id: i === 0 ? category!.id : null,
        })),
      );
      const first = await get<{ name_en: string; price: number; category: { name_en: string } | null }>(
        `/api/admin/providers/medicines/${pharmacy.id}`,
      );
      expect(first.data).toMatchObject({ total: 12, last_page: 2 });
      expect(first.data.data[0]).toMatchObject({
        name_en: 'Medicine 0',
        price: 10.5,
        category: { name_en: 'Painkillers' },
        in_stock: true,
      });
      expect((await get(`/api/admin/providers/medicines/${pharmacy.id}?page=2`)).data.data).toHaveLength(2);
    });

    it('answers 404 for non-pharmacies, 401 without a token', async () => {
      const doctor = await makeProvider(t.db, 'doctor');
      for (const path of ['branches', 'medicines']) {
        const response = await t.call(`/api/admin/providers/${path}/${doctor.id}`);
        expect(response.status).toBe(404);
        expect(((await response.json()) as ErrorBody).message).toBe('Provider not found.');
        expect((await t.call(`/api/admin/providers/${path}/${doctor.id}`, { token: null })).status).toBe(401);
      }
    });
  });

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

  describe('licences', () => {
    it('queues licences newest first with provider, kind, signed document, expiry and status; filters and reviews them', async () => {
      const tag = `Licensed${Date.now()}`;
      const doctor = await makeProvider(t.db, 'doctor', { name_en: `${tag} doctor` });
      const pharmacy = await makeProvider(t.db, 'pharmacy', { name_en: `${tag} pharmacy` });
      await t.storage.put('licenses/l1.pdf', pdf());
      const [older, newer] = await t.db
        .insert(licenses)
        .values([
          {
            provider_id: doctor.id,
            number: 'MOH-DR-1',
            path: 'licenses/l1.pdf',
            original_name: 'licence.pdf',
            mime_type: 'application/pdf',
            expires_on: '2000-01-01',
            created_at: '2025-01-01T00:00:00Z',
          },
          {
            provider_id: pharmacy.id,
            number: 'MOH-PH-2',
            path: 'licenses/l2.png',
            original_name: 'licence.png',
            mime_type: 'image/png',
            expires_on: '2999-01-01',
            created_at: '2025-02-01T00:00:00Z',
          },
        ])
        .returning();
      type License = {
        id: number;
        number: string;
        expired: boolean;
        status: string;
        provider: { kind: string; name_en: string };
        document: { url: string; download_url: string; mime_type: string };
      };
      const queue = await get<License>(`/api/admin/licenses?search=${tag}`);
      expect(queue.data.data.map((l) => l.number)).toEqual(['MOH-PH-2', 'MOH-DR-1']);
      expect(queue.data.data[1]).toMatchObject({
        expired: true,
        status: 'pending',
        provider: { kind: 'doctor', name_en: `${tag} doctor` },
        document: { mime_type: 'application/pdf' },
      });
      expect(queue.data.data[0]!.expired).toBe(false);
      expect((await t.call(queue.data.data[1]!.document.url, { token: null })).status).toBe(200);
      expect((await get<License>(`/api/admin/licenses?search=${tag}&expired=1`)).data.data.map((l) => l.id)).toEqual([older!.id]);

      const approve = await t.call(`/api/admin/licenses/status/${newer!.id}`, {
        method: 'POST',
        form: { status: 'approved', _method: 'PATCH' },
      });
      expect(await approve.json()).toEqual({ message: 'Status Changed Successfully', data: { id: newer!.id, status: 'approved' } });
      expect((await get<License>(`/api/admin/licenses?search=${tag}&status=approved`)).data.data.map((l) => l.id)).toEqual([newer!.id]);
      const again = await t.call(`/api/admin/licenses/status/${newer!.id}`, { method: 'PATCH', json: { status: 'approved' } });
      expect(again.status).toBe(422);
      expect(((await again.json()) as ErrorBody).errors).toEqual({ status: ['The status cannot change from approved to approved.'] });
      const stored = await t.db.select({ status: licenses.status }).from(licenses).where(eq(licenses.id, newer!.id));
      expect(stored[0]!.status).toBe('approved');
    });

    it('validates, answers 404 and 401', async () => {
      const bad = await t.call('/api/admin/licenses/status/1', {
        method: 'PATCH',
        json: { status: 'expired' },
        headers: { 'accept-language': 'ar' },
      });
      expect(bad.status).toBe(422);
      expect(((await bad.json()) as ErrorBody).errors).toEqual({ status: ['هذه الحالة غير مسموح بها'] });
      expect((await t.call('/api/admin/licenses?status=expired')).status).toBe(422);
      expect((await t.call('/api/admin/licenses/status/999999', { method: 'PATCH', json: { status: 'approved' } })).status).toBe(404);
      expect((await t.call('/api/admin/licenses', { token: null })).status).toBe(401);
    });
  });
});
