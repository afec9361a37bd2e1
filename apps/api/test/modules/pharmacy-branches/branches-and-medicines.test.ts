import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pharmacyCategories } from '../../../src/db/schema/catalogs';
import { cities, countries } from '../../../src/db/schema/locations';
import { medicines, pharmacyBranches } from '../../../src/db/schema/providers';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider } from '../../support/providers';

type Page<T> = { data: { data: T[]; total: number; last_page: number } };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

describe('a pharmacy’s branches and medicines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async <T>(path: string) => (await (await t.call(path)).json()) as Page<T>;
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
});
