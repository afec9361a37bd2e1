import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { providerPaths } from '@sehha/contract/providers';
import { cities, countries, states } from '../../../src/db/schema/locations';
import { facilityUnitDoctors, facilityUnits, licenses, pharmacyBranches, type providers } from '../../../src/db/schema/providers';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider, type MadeProvider } from '../../support/providers';

type Named = { id: number; name_ar: string; name_en: string };
type Facility = Named & { city: Named | null; photo_url: string | null };
type Page = { data: Facility[]; next_page_url: string | null; from: number | null };
type Kind = 'pharmacy' | 'hospital' | 'medical_center';

let counter = 0;
const tag = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

const kinds: Array<{ kind: Kind; list: string; one: (id: string) => string; units?: 'departments' | 'clinics' }> = [
  { kind: 'pharmacy', list: appPaths.pharmacies, one: appPaths.pharmacy },
  { kind: 'hospital', list: appPaths.hospitals, one: appPaths.hospital, units: 'departments' },
  { kind: 'medical_center', list: appPaths.medicalCenters, one: appPaths.medicalCenter, units: 'clinics' },
];

/** The directory's pharmacies, hospitals and medical centers: the doctors' visibility rule, by kind, without a token. */
describe('the app directory of pharmacies, hospitals and medical centers', () => {
  let t: TestApp;
  /** Each test's own city, so that a list filtered by it holds only that test's providers. */
  const newCity = async () => {
    const [row] = await t.db
      .insert(cities)
      .values({ country_id: countryId, name_ar: `مدينة ${tag()}`, name_en: `City ${tag()}` })
      .returning();
    return row!;
  };
  let countryId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const [country] = await t.db.insert(countries).values({ name_ar: 'مصر', name_en: 'Egypt', mobile_prefix: '+20' }).returning();
    countryId = country!.id;
  });
  afterAll(() => t.close());

  const get = (path: string, headers?: Record<string, string>) => t.call(path, { token: null, headers });
  const page = async (path: string, query: Record<string, string | number>) => {
    const search = new URLSearchParams(Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]));
    const response = await get(`${path}?${search.toString()}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { data: Page }).data;
  };
  const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);
  const license = (providerId: number, values: { status?: 'pending' | 'approved'; expires_on?: string } = {}) =>
    t.db.insert(licenses).values({
      provider_id: providerId,
      number: `L-${tag()}`,
      path: 'licenses/x.pdf',
      original_name: 'x.pdf',
      mime_type: 'application/pdf',
      expires_on: values.expires_on ?? '2999-12-31',
      status: values.status ?? 'approved',
    });
  /** A provider with an approved license valid to 2999 (unless `licensed` is false), approved unless told. */
  const newProvider = async (
    kind: Kind | 'doctor',
    values: Partial<typeof providers.$inferInsert> & { is_active?: boolean },
    licensed: { status?: 'pending' | 'approved'; expires_on?: string } | false = {},
  ): Promise<MadeProvider> => {
    const provider = await makeProvider(t.db, kind, { status: 'approved', ...values });
    if (licensed) await license(provider.id, licensed);
    return provider;
  };

  for (const { kind, list, one } of kinds) {
    it(`${kind}: lists and shows only approved, active ones with a valid license; hidden ones are 404 in en and ar`, async () => {
      const city = await newCity();
      const c = { city_id: city.id };
      const shown = await newProvider(kind, { ...c, name_en: `B ${tag()}`, photo: 'providers/logo.png' });
      const second = await newProvider(kind, { ...c, name_en: `A ${tag()}` });
      const hidden = [
        await newProvider(kind, { ...c, status: 'pending' }),
        await newProvider(kind, { ...c, status: 'rejected' }),
        await newProvider(kind, { ...c, status: 'onHold' }),
        await newProvider(kind, { ...c, is_active: false }),
        await newProvider(kind, c, { expires_on: '2000-01-01' }),
        await newProvider(kind, c, { status: 'pending' }),
        await newProvider(kind, c, false),
        // Another kind in the same city, visible in its own list only.
        await newProvider(kind === 'pharmacy' ? 'hospital' : 'pharmacy', c),
      ];
      const listed = await page(list, c);
      expect(ids(listed.data)).toEqual([second.id, shown.id]);
      expect(listed.data[1]).toEqual({
        id: shown.id,
        name_en: shown.name_en,
        name_ar: shown.name_ar,
        city: { id: city.id, name_en: city.name_en, name_ar: city.name_ar },
        photo_url: '/storage/providers/logo.png',
      });
      expect(listed.data[0]!.photo_url).toBeNull();
      expect(listed.next_page_url).toBeNull();
      expect((await get(one(String(shown.id)))).status).toBe(200);
      for (const provider of hidden) {
        const english = await get(one(String(provider.id)), { 'accept-language': 'en' });
        expect(english.status).toBe(404);
        expect(await english.json()).toEqual({ message: 'Provider not found.' });
        const arabic = await get(one(String(provider.id)), { 'accept-language': 'ar' });
        expect(arabic.status).toBe(404);
        expect(await arabic.json()).toEqual({ message: 'مقدم الخدمة غير موجود.' });
      }
      // Paging by name then id, without a total.
      const first = await page(list, { ...c, per_page: 1 });
      expect(ids(first.data)).toEqual([second.id]);
      expect(first).not.toHaveProperty('total');
      expect(first.next_page_url).toContain('page=2');
      expect(ids((await page(list, { ...c, per_page: 1, page: 2 })).data)).toEqual([shown.id]);
    });

    it(`${kind}: searches Arabic-folded names (احمد finds أحمد) within a city`, async () => {
      const city = await newCity();
      const other = await newCity();
      const hamza = await newProvider(kind, { city_id: city.id, name_ar: `أحمد ${tag()}` });
      const plain = await newProvider(kind, { city_id: city.id, name_ar: `احمد ${tag()}` });
      const elsewhere = await newProvider(kind, { city_id: other.id, name_ar: `أحمد ${tag()}` });
      await newProvider(kind, { city_id: city.id, name_ar: `محمود ${tag()}` });
      for (const term of ['احمد', 'أحمد', 'إحمد']) {
        expect(ids((await page(list, { city_id: city.id, search: term })).data).sort(), term).toEqual([hamza.id, plain.id].sort());
      }
      expect(ids((await page(list, { search: elsewhere.name_ar })).data)).toEqual([elsewhere.id]);
      expect((await page(list, { city_id: city.id, search: '%' })).data).toEqual([]);
    });

    it(`${kind}: a search pages newest first, whether its matches fill the newest rows or are few among them`, async () => {
      const city = await newCity();
      const word = `common${tag()}`;
      // A common term: the newest rows are nearly all matches, so the page is found by walking them.
      const common: MadeProvider[] = [];
      for (let i = 0; i < 5; i++) common.push(await newProvider(kind, { city_id: city.id, name_en: `${word} ${i} Z` }));
      await newProvider(kind, { city_id: city.id, name_en: `Other ${tag()}` });
      const newestFirst = ids(common).reverse();
      const query = { city_id: city.id, search: word, per_page: 2 };
      expect(ids((await page(list, query)).data)).toEqual(newestFirst.slice(0, 2));
      expect(ids((await page(list, { ...query, page: 2 })).data)).toEqual(newestFirst.slice(2, 4));
      const last = await page(list, { ...query, page: 3 });
      expect(ids(last.data)).toEqual(newestFirst.slice(4));
      expect(last.next_page_url).toBeNull();
      // A rare term: its matches are older than the newest rows the walk reads, so they come from the trigram index.
      const rare = `rare${tag()}`;
      const old = [
        await newProvider(kind, { city_id: city.id, name_en: `${rare} A` }),
        await newProvider(kind, { city_id: city.id, name_en: `${rare} B` }),
      ];
      for (let i = 0; i < 9; i++) await newProvider(kind, { city_id: city.id, name_en: `Newer ${tag()}` });
      expect(ids((await page(list, { city_id: city.id, search: rare, per_page: 1 })).data)).toEqual([old[1]!.id]);
      expect(ids((await page(list, { city_id: city.id, search: rare, per_page: 1, page: 2 })).data)).toEqual([old[0]!.id]);
      expect(ids((await page(list, { city_id: city.id, search: rare.toUpperCase(), sort: 'name' })).data)).toEqual(ids(old));
    });

    it(`${kind}: an admin's approval shows it on the next request, a deactivation hides it`, async () => {
      const city = await newCity();
      const provider = await newProvider(kind, { city_id: city.id, status: 'pending' });
      expect((await page(list, { city_id: city.id })).data).toEqual([]);
      expect((await get(one(String(provider.id)))).status).toBe(404);
      const approve = await t.call(providerPaths.status(provider.id), { method: 'PATCH', json: { status: 'approved' } });
      expect(approve.status, await approve.clone().text()).toBe(200);
      expect(ids((await page(list, { city_id: city.id })).data)).toEqual([provider.id]);
      expect((await get(one(String(provider.id)))).status).toBe(200);
      const deactivate = await t.call(providerPaths.deactivate(provider.id), { method: 'POST' });
      expect(deactivate.status, await deactivate.clone().text()).toBe(200);
      expect((await page(list, { city_id: city.id })).data).toEqual([]);
      expect((await get(one(String(provider.id)))).status).toBe(404);
    });

    it(`${kind}: answers hostile parameters with a 4xx, never a 5xx`, async () => {
      const queries = ['page=0', 'per_page=1000', 'city_id=-1', 'city_id=99999999999999999999', 'sort=fee', `search=${'a'.repeat(200)}`];
      for (const query of queries) {
        const response = await get(`${list}?${query}`);
        expect(response.status, query).toBeGreaterThanOrEqual(400);
        expect(response.status, query).toBeLessThan(500);
      }
      for (const id of ['abc', '0', '-5', '1.5', "1'"]) {
        const response = await get(one(encodeURIComponent(id)));
        expect(response.status, id).toBeGreaterThanOrEqual(400);
        expect(response.status, id).toBeLessThan(500);
      }
    });
  }

  it("a pharmacy's profile: state, address and its open branches by name", async () => {
    const city = await newCity();
    const [state] = await t.db
      .insert(states)
      .values({ city_id: city.id, name_ar: `حي ${tag()}`, name_en: `District ${tag()}` })
      .returning();
    const pharmacy = await newProvider('pharmacy', { city_id: city.id, state_id: state!.id, address: '5 Tahrir St' });
    const [open, closed, first] = await t.db
      .insert(pharmacyBranches)
      .values([
        { pharmacy_id: pharmacy.id, name_ar: 'فرع ب', name_en: 'Branch B', address: 'Dokki', phone: '+20222222222', city_id: city.id },
        { pharmacy_id: pharmacy.id, name_ar: 'فرع مغلق', name_en: 'Branch Closed', is_active: false },
        { pharmacy_id: pharmacy.id, name_ar: 'فرع أ', name_en: 'Branch A' },
      ])
      .returning();
    expect(closed).toBeDefined();
    const response = await get(appPaths.pharmacy(String(pharmacy.id)));
    expect(response.status, await response.clone().text()).toBe(200);
    const profile = (await response.json()) as { data: Record<string, unknown> };
    expect(profile.data).toEqual({
      id: pharmacy.id,
      name_en: pharmacy.name_en,
      name_ar: pharmacy.name_ar,
      city: { id: city.id, name_en: city.name_en, name_ar: city.name_ar },
      state: { id: state!.id, name_en: state!.name_en, name_ar: state!.name_ar },
      address: '5 Tahrir St',
      photo_url: null,
      branches: [
        { id: first!.id, name_en: 'Branch A', name_ar: 'فرع أ', address: null, phone: null, city: null },
        {
          id: open!.id,
          name_en: 'Branch B',
          name_ar: 'فرع ب',
          address: 'Dokki',
          phone: '+20222222222',
          city: { id: city.id, name_en: city.name_en, name_ar: city.name_ar },
        },
      ],
    });
  });

  for (const { kind, one, units } of kinds.filter((entry) => entry.units)) {
    it(`${kind}: the profile lists its ${units} by name, each with its visible doctors by name`, async () => {
      const facility = await newProvider(kind, {});
      const [cardiology, empty] = await t.db
        .insert(facilityUnits)
        .values([
          { facility_id: facility.id, name_ar: 'القلب', name_en: 'Cardiology' },
          { facility_id: facility.id, name_ar: 'الجلدية', name_en: 'Dermatology' },
        ])
        .returning();
      const second = await newProvider('doctor', { name_en: `Dr. B ${tag()}`, consultation_fee: 300 });
      const first = await newProvider('doctor', { name_en: `Dr. A ${tag()}`, photo: 'providers/a.png' });
      const pending = await newProvider('doctor', { status: 'pending' });
      const expired = await newProvider('doctor', {}, { expires_on: '2000-01-01' });
      await t.db
        .insert(facilityUnitDoctors)
        .values(
          [second, first, pending]
            .map((doctor) => ({ unit_id: cardiology!.id, doctor_id: doctor.id }))
            .concat({ unit_id: empty!.id, doctor_id: expired.id }),
        );
      const response = await get(one(String(facility.id)));
      expect(response.status, await response.clone().text()).toBe(200);
      const profile = (
        (await response.json()) as {
          data: Record<string, Array<{ id: number; doctors: Array<{ id: number; consultation_fee: number | null }> }>>;
        }
      ).data;
      const listed = profile[units!]!;
      expect(ids(listed)).toEqual([cardiology!.id, empty!.id]);
      expect(ids(listed[0]!.doctors)).toEqual([first.id, second.id]);
      expect(listed[0]!.doctors[1]!.consultation_fee).toBe(300);
      // Each doctor as the doctors' list shows one: the photo's link, never its bare storage key.
      expect(Object.keys(listed[0]!.doctors[0]!).sort()).toEqual(
        ['id', 'name_ar', 'name_en', 'speciality', 'city', 'consultation_fee', 'photo_url'].sort(),
      );
      expect(listed[0]!.doctors[0]).toMatchObject({ photo_url: expect.stringMatching(/^\/storage\//), consultation_fee: null });
      expect(listed[1]!.doctors).toEqual([]);
      // The doctor's own profile names the facility; once the facility's license expires, neither shows it.
      const doctor = (await (await get(appPaths.doctor(String(first.id)))).json()) as { data: { facilities: Array<{ id: number }> } };
      expect(ids(doctor.data.facilities)).toEqual([facility.id]);
      await t.db.update(licenses).set({ expires_on: '2000-01-01' }).where(eq(licenses.provider_id, facility.id));
      expect((await get(one(String(facility.id)))).status).toBe(404);
      const after = (await (await get(appPaths.doctor(String(first.id)))).json()) as { data: { facilities: Array<{ id: number }> } };
      expect(after.data.facilities).toEqual([]);
    });
  }
});
