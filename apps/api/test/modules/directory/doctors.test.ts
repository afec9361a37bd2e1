import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { providerPaths } from '@sehha/contract/providers';
import { pageCacheOf } from '../../../src/db/page-cache';
import { specialities } from '../../../src/db/schema/catalogs';
import { cities, countries, states } from '../../../src/db/schema/locations';
import { facilityUnitDoctors, facilityUnits, licenses, type providers } from '../../../src/db/schema/providers';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider, type MadeProvider } from '../../support/providers';

type Named = { id: number; name_ar: string; name_en: string };
type Doctor = Named & { speciality: Named | null; city: Named | null; consultation_fee: number | null; photo_url: string | null };
type Profile = Doctor & { state: Named | null; address: string | null; facilities: Array<Named & { kind: string; unit: Named }> };
type SimplePage = {
  current_page: number;
  data: Doctor[];
  from: number | null;
  to: number | null;
  per_page: number;
  next_page_url: string | null;
  prev_page_url: string | null;
  first_page_url: string;
  path: string;
};

let counter = 0;
const tag = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The app directory's doctors: only approved, active doctors with a valid license, read without a token. */
describe('the app directory of doctors', () => {
  let t: TestApp;
  let cityId: number;
  let otherCityId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const [country] = await t.db.insert(countries).values({ name_ar: 'مصر', name_en: 'Egypt', mobile_prefix: '+20' }).returning();
    const [city, other] = await t.db
      .insert(cities)
      .values([
        { country_id: country!.id, name_ar: 'القاهرة', name_en: 'Cairo' },
        { country_id: country!.id, name_ar: 'الجيزة', name_en: 'Giza' },
      ])
      .returning();
    cityId = city!.id;
    otherCityId = other!.id;
  });
  afterAll(() => t.close());

  const get = (path: string, headers?: Record<string, string>) => t.call(path, { token: null, headers });
  const page = async (query: Record<string, string | number>) => {
    const search = new URLSearchParams(Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]));
    const response = await get(`${appPaths.doctors}?${search.toString()}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { data: SimplePage }).data;
  };
  const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);
  /** A speciality of the test's own, so that its list holds only its doctors. */
  const newSpeciality = async () => {
    const id = tag();
    const [row] = await t.db
      .insert(specialities)
      .values({ name_ar: `تخصص ${id}`, name_en: `Speciality ${id}` })
      .returning();
    return row!;
  };
  /** Gives the provider an approved license valid to 2999. */
  const licensed = async (provider: MadeProvider) => {
    await t.db.insert(licenses).values({
      provider_id: provider.id,
      number: `L-${tag()}`,
      path: 'licenses/x.pdf',
      original_name: 'x.pdf',
      mime_type: 'application/pdf',
      expires_on: '2999-12-31',
      status: 'approved',
    });
    return provider;
  };
  /** A doctor with a license (approved, valid to 2999 unless told), in the given review status. */
  const newDoctor = async (
    values: Partial<typeof providers.$inferInsert> & { is_active?: boolean },
    license: { status?: 'pending' | 'approved' | 'rejected'; expires_on?: string } | null = {},
  ): Promise<MadeProvider> => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'approved', city_id: cityId, ...values });
    if (license)
      await t.db.insert(licenses).values({
        provider_id: doctor.id,
        number: `L-${tag()}`,
        path: 'licenses/x.pdf',
        original_name: 'x.pdf',
        mime_type: 'application/pdf',
        expires_on: license.expires_on ?? '2999-12-31',
        status: license.status ?? 'approved',
      });
    return doctor;
  };

  it('lists and shows only approved, active doctors with an approved, unexpired license; hidden ones are 404 in en and ar', async () => {
    const speciality = await newSpeciality();
    const s = { speciality_id: speciality.id };
    const shown = await newDoctor({ ...s, name_en: `A Shown ${tag()}` });
    const hidden = [
      await newDoctor({ ...s, status: 'pending' }),
      await newDoctor({ ...s, status: 'rejected' }),
      await newDoctor({ ...s, status: 'onHold' }),
      await newDoctor({ ...s, is_active: false }),
      await newDoctor(s, { expires_on: '2000-01-01' }),
      await newDoctor(s, { status: 'pending' }),
      await newDoctor(s, null),
    ];
    const listed = await page(s);
    expect(ids(listed.data)).toEqual([shown.id]);
    expect(listed.data[0]).toEqual({
      id: shown.id,
      name_en: shown.name_en,
      name_ar: shown.name_ar,
      speciality: { id: speciality.id, name_en: speciality.name_en, name_ar: speciality.name_ar },
      city: { id: cityId, name_en: 'Cairo', name_ar: 'القاهرة' },
      consultation_fee: null,
      photo_url: null,
    });
    expect((await get(appPaths.doctor(String(shown.id)))).status).toBe(200);
    for (const doctor of hidden) {
      const english = await get(appPaths.doctor(String(doctor.id)), { 'accept-language': 'en' });
      expect(english.status).toBe(404);
      expect(await english.json()).toEqual({ message: 'Provider not found.' });
      const arabic = await get(appPaths.doctor(String(doctor.id)), { 'accept-language': 'ar' });
      expect(arabic.status).toBe(404);
      expect(await arabic.json()).toEqual({ message: 'مقدم الخدمة غير موجود.' });
    }
    // A pharmacy is not a doctor, whatever its status.
    const pharmacy = await makeProvider(t.db, 'pharmacy', { status: 'approved' });
    expect((await get(appPaths.doctor(String(pharmacy.id)))).status).toBe(404);
  });

  it("an admin's approval shows the doctor on the next request, a deactivation hides it", async () => {
    const speciality = await newSpeciality();
    const doctor = await newDoctor({ speciality_id: speciality.id, status: 'pending' });
    // Read twice first: the page cache holds the answers without the doctor (the second reads are hits).
    expect(ids((await page({ speciality_id: speciality.id })).data)).toEqual([]);
    expect((await get(appPaths.doctor(String(doctor.id)))).status).toBe(404);
    const cache = pageCacheOf(t.db)!;
    const { hits } = cache;
    expect(ids((await page({ speciality_id: speciality.id })).data)).toEqual([]);
    expect((await get(appPaths.doctor(String(doctor.id)))).status).toBe(404);
    expect(cache.hits).toBe(hits + 2);

    const approve = await t.call(providerPaths.status(doctor.id), { method: 'PATCH', json: { status: 'approved' } });
    expect(approve.status, await approve.clone().text()).toBe(200);
    expect(ids((await page({ speciality_id: speciality.id })).data)).toEqual([doctor.id]);
    expect((await get(appPaths.doctor(String(doctor.id)))).status).toBe(200);

    const deactivate = await t.call(providerPaths.deactivate(doctor.id), { method: 'POST' });
    expect(deactivate.status, await deactivate.clone().text()).toBe(200);
    expect(ids((await page({ speciality_id: speciality.id })).data)).toEqual([]);
    expect((await get(appPaths.doctor(String(doctor.id)))).status).toBe(404);
  });

  it('searches Arabic-folded names: احمد finds أحمد and أحمد finds احمد', async () => {
    const speciality = await newSpeciality();
    const hamza = await newDoctor({ speciality_id: speciality.id, name_ar: `أحمد ${tag()}` });
    const plain = await newDoctor({ speciality_id: speciality.id, name_ar: `احمد ${tag()}` });
    await newDoctor({ speciality_id: speciality.id, name_ar: `محمود ${tag()}` });
    for (const term of ['احمد', 'أحمد', 'إحمد']) {
      expect(ids((await page({ speciality_id: speciality.id, search: term })).data).sort(), term).toEqual([hamza.id, plain.id].sort());
    }
    // LIKE's wildcards are text, not patterns.
    expect((await page({ speciality_id: speciality.id, search: '%' })).data).toEqual([]);
  });

  it('a search comes newest first unless a sort is asked; sort=name keeps the name order', async () => {
    const speciality = await newSpeciality();
    const word = `Zed${tag()}`;
    const older = await newDoctor({ speciality_id: speciality.id, name_en: `A ${word}` });
    const newer = await newDoctor({ speciality_id: speciality.id, name_en: `B ${word}` });
    expect(ids((await page({ search: word })).data)).toEqual([newer.id, older.id]);
    expect(ids((await page({ search: word, sort: 'newest' })).data)).toEqual([newer.id, older.id]);
    expect(ids((await page({ search: word, sort: 'name' })).data)).toEqual([older.id, newer.id]);
    // Without a search, by name.
    expect(ids((await page({ speciality_id: speciality.id })).data)).toEqual([older.id, newer.id]);
    const newest = await newDoctor({ speciality_id: speciality.id, name_en: `C ${word}` });
    expect(ids((await page({ search: word, per_page: 2 })).data)).toEqual([newest.id, newer.id]);
    expect(ids((await page({ search: word, sort: 'name', per_page: 2 })).data)).toEqual([older.id, newer.id]);
  });

  it('a search pages newest first, whether its matches fill the newest rows, are few among them or the term is short', async () => {
    const speciality = await newSpeciality();
    const s = { speciality_id: speciality.id };
    const word = `common${tag()}`;
    // A common term: the newest rows are nearly all matches, so the page is found by walking them.
    const common: MadeProvider[] = [];
    for (let i = 0; i < 5; i++) common.push(await newDoctor({ ...s, name_en: `${word} ${i}` }));
    await newDoctor({ ...s, name_en: `Other ${tag()}` });
    const newestFirst = ids(common).reverse();
    const query = { ...s, search: word, per_page: 2 };
    expect(ids((await page(query)).data)).toEqual(newestFirst.slice(0, 2));
    expect(ids((await page({ ...query, page: 2 })).data)).toEqual(newestFirst.slice(2, 4));
    const last = await page({ ...query, page: 3 });
    expect(ids(last.data)).toEqual(newestFirst.slice(4));
    expect(last.next_page_url).toBeNull();
    // A rare term: its matches are older than the newest rows the walk reads (ten times the page's), so they
    // come from the trigram index.
    const rare = `rare${tag()}`;
    const old = [await newDoctor({ ...s, name_en: `${rare} A` }), await newDoctor({ ...s, name_en: `${rare} B` })];
    for (let i = 0; i < 21; i++) await newDoctor({ ...s, name_en: `Newer ${tag()}` });
    expect(ids((await page({ ...s, search: rare, per_page: 1 })).data)).toEqual([old[1]!.id]);
    expect(ids((await page({ ...s, search: rare, per_page: 1, page: 2 })).data)).toEqual([old[0]!.id]);
    // A term of two letters, which no trigram holds, the same, newest first.
    const short = [await newDoctor({ ...s, name_ar: 'ظغ أول' }), await newDoctor({ ...s, name_ar: 'ثاني ظغ' })];
    expect(ids((await page({ ...s, search: 'ظغ' })).data)).toEqual(ids(short).reverse());
  });

  it("follows the doctor's licenses: a rejected, deleted or replaced license takes effect on the next request", async () => {
    const doctor = await newDoctor({});
    const profile = () => get(appPaths.doctor(String(doctor.id)));
    expect((await profile()).status).toBe(200);
    await t.db.update(licenses).set({ status: 'rejected' }).where(eq(licenses.provider_id, doctor.id));
    expect((await profile()).status).toBe(404);
    // A new approved license (the old one stays rejected) shows the doctor again; deleting it hides them.
    const [renewed] = await t.db
      .insert(licenses)
      .values({
        provider_id: doctor.id,
        number: `L-${tag()}`,
        path: 'l.pdf',
        original_name: 'l.pdf',
        mime_type: 'application/pdf',
        expires_on: '2999-01-01',
        status: 'approved',
      })
      .returning();
    expect((await profile()).status).toBe(200);
    await t.db.delete(licenses).where(eq(licenses.id, renewed!.id));
    expect((await profile()).status).toBe(404);
  });

  it('filters by speciality and city', async () => {
    const speciality = await newSpeciality();
    const other = await newSpeciality();
    const inCairo = await newDoctor({ speciality_id: speciality.id });
    const inGiza = await newDoctor({ speciality_id: speciality.id, city_id: otherCityId });
    const otherSpeciality = await newDoctor({ speciality_id: other.id, city_id: otherCityId });
    expect(ids((await page({ speciality_id: speciality.id })).data).sort()).toEqual([inCairo.id, inGiza.id].sort());
    expect(ids((await page({ speciality_id: speciality.id, city_id: otherCityId })).data)).toEqual([inGiza.id]);
    const giza = ids((await page({ city_id: otherCityId, per_page: 100 })).data);
    expect(giza).toEqual(expect.arrayContaining([inGiza.id, otherSpeciality.id]));
    expect(giza).not.toContain(inCairo.id);
  });

  it('pages by name then id without a total: next_page_url says whether more follow', async () => {
    const speciality = await newSpeciality();
    const name = `Same ${tag()}`;
    // Five doctors: two share a name (id breaks the tie), inserted out of order.
    const made = [
      await newDoctor({ speciality_id: speciality.id, name_en: `${name} C` }),
      await newDoctor({ speciality_id: speciality.id, name_en: `${name} A` }),
      await newDoctor({ speciality_id: speciality.id, name_en: `${name} B` }),
      await newDoctor({ speciality_id: speciality.id, name_en: `${name} A` }),
      await newDoctor({ speciality_id: speciality.id, name_en: `${name} D` }),
    ];
    const expected = [made[1]!.id, made[3]!.id, made[2]!.id, made[0]!.id, made[4]!.id];
    const first = await page({ speciality_id: speciality.id, per_page: 2 });
    expect(first).not.toHaveProperty('total');
    expect(first).not.toHaveProperty('last_page');
    expect(ids(first.data)).toEqual(expected.slice(0, 2));
    expect(first).toMatchObject({ current_page: 1, per_page: 2, from: 1, to: 2, prev_page_url: null });
    expect(first.next_page_url).toContain('page=2');
    expect(first.next_page_url).toContain(`speciality_id=${speciality.id}`);
    const second = await page({ speciality_id: speciality.id, per_page: 2, page: 2 });
    expect(ids(second.data)).toEqual(expected.slice(2, 4));
    expect(second.next_page_url).toContain('page=3');
    const last = await page({ speciality_id: speciality.id, per_page: 2, page: 3, sort: 'name' });
    expect(ids(last.data)).toEqual(expected.slice(4));
    expect(last).toMatchObject({ from: 5, to: 5, next_page_url: null });
    expect(last.prev_page_url).toContain('page=2');
    // Exactly a page's worth: no next page.
    expect((await page({ speciality_id: speciality.id, per_page: 5 })).next_page_url).toBeNull();
    const past = await page({ speciality_id: speciality.id, per_page: 2, page: 9 });
    expect(past).toMatchObject({ data: [], from: null, to: null, next_page_url: null });
  });

  it('sorts by fee, lowest first, doctors without a fee last, id breaking ties', async () => {
    const speciality = await newSpeciality();
    const s = { speciality_id: speciality.id };
    const made = [
      await newDoctor({ ...s, consultation_fee: 600 }),
      await newDoctor({ ...s }),
      await newDoctor({ ...s, consultation_fee: 150 }),
      await newDoctor({ ...s, consultation_fee: 600 }),
      await newDoctor({ ...s, consultation_fee: 250.5 }),
      await newDoctor({ ...s, consultation_fee: 100, status: 'pending' }),
    ];
    const listed = await page({ ...s, sort: 'fee' });
    expect(ids(listed.data)).toEqual([made[2]!.id, made[4]!.id, made[0]!.id, made[3]!.id, made[1]!.id]);
    expect(listed.data.map((doctor) => doctor.consultation_fee)).toEqual([150, 250.5, 600, 600, null]);
    const second = await page({ ...s, sort: 'fee', per_page: 2, page: 2 });
    expect(ids(second.data)).toEqual([made[0]!.id, made[3]!.id]);
    expect(second.next_page_url).toContain('sort=fee');
  });

  it("shows a doctor's profile (fee, photo, state, address) with the visible facilities they work in", async () => {
    const [state] = await t.db
      .insert(states)
      .values({ city_id: cityId, name_ar: `حي ${tag()}`, name_en: `District ${tag()}` })
      .returning();
    const doctor = await newDoctor({ address: '1 Nile St', state_id: state!.id, consultation_fee: 350, photo: 'providers/doctor.jpg' });
    const hospital = await licensed(await makeProvider(t.db, 'hospital', { status: 'approved', name_en: `Hospital ${tag()}` }));
    const pending = await licensed(await makeProvider(t.db, 'medical_center', { status: 'pending' }));
    const [unit] = await t.db
      .insert(facilityUnits)
      .values({ facility_id: hospital.id, name_ar: 'قسم القلب', name_en: 'Cardiology' })
      .returning();
    const [hidden] = await t.db.insert(facilityUnits).values({ facility_id: pending.id, name_ar: 'عيادة', name_en: 'Clinic' }).returning();
    await t.db.insert(facilityUnitDoctors).values([
      { unit_id: unit!.id, doctor_id: doctor.id },
      { unit_id: hidden!.id, doctor_id: doctor.id },
    ]);
    const response = await get(appPaths.doctor(String(doctor.id)));
    expect(response.status).toBe(200);
    const profile = ((await response.json()) as { data: Profile }).data;
    expect(profile).toMatchObject({
      id: doctor.id,
      name_en: doctor.name_en,
      name_ar: doctor.name_ar,
      address: '1 Nile St',
      consultation_fee: 350,
      state: { id: state!.id, name_en: state!.name_en, name_ar: state!.name_ar },
    });
    // The photo is its public storage link (photos live outside the private folders: no signature).
    expect(profile.photo_url).toBe('/storage/providers/doctor.jpg');
    expect(profile.facilities).toEqual([
      {
        id: hospital.id,
        name_en: hospital.name_en,
        name_ar: hospital.name_ar,
        kind: 'hospital',
        unit: { id: unit!.id, name_en: 'Cardiology', name_ar: 'قسم القلب' },
      },
    ]);
    // The license expiring hides the profile on the next request.
    await t.db.update(licenses).set({ expires_on: '2000-01-01' }).where(eq(licenses.provider_id, doctor.id));
    expect((await get(appPaths.doctor(String(doctor.id)))).status).toBe(404);
  });

  it('answers hostile parameters with a 4xx, never a 5xx', async () => {
    const queries = [
      'page=0',
      'page=-1',
      'page=abc',
      'page=1e9',
      'per_page=0',
      'per_page=1000',
      'speciality_id=-1',
      'speciality_id=1%20or%201=1',
      'city_id=99999999999999999999',
      'sort=price',
      'sort=name;drop%20table%20providers',
      `search=${'a'.repeat(200)}`,
      'search=a&search=b',
      'speciality_id=1&speciality_id=2',
    ];
    for (const query of queries) {
      const response = await get(`${appPaths.doctors}?${query}`);
      expect(response.status, query).toBeGreaterThanOrEqual(400);
      expect(response.status, query).toBeLessThan(500);
    }
    for (const id of ['abc', '0', '-5', '1.5', '99999999999999999999', "1'"]) {
      const response = await get(appPaths.doctor(encodeURIComponent(id)));
      expect(response.status, id).toBeGreaterThanOrEqual(400);
      expect(response.status, id).toBeLessThan(500);
    }
    // Keys the query does not name are ignored, as on every list.
    for (const query of ['search[]=a', 'speciality_id[]=1', 'unknown=1']) {
      expect((await get(`${appPaths.doctors}?${query}`)).status, query).toBe(200);
    }
    // Odd but valid text finds nothing rather than failing.
    for (const search of ["'; select 1; --", '\\', '_']) {
      expect((await page({ search })).data, search).toEqual([]);
    }
  });
});
