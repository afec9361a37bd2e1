import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPaths } from '@sehha/contract/app-paths';
import { cityPaths, countryPaths, statePaths } from '@sehha/contract/locations';
import { specialityPaths } from '@sehha/contract/specialities';
import { pharmacyCategoryPaths } from '@sehha/contract/pharmacy-categories';
import { homeAds } from '../../../src/db/schema/catalogs';
import { createTestApp, type TestApp } from '../../support/test-app';
import { png } from '../../support/files';

type Named = { id: number; name_ar: string; name_en: string };
type Country = Named & { mobile_prefix: string; flag_url: string | null };
type Ad = { id: number; image_url: string; title: string | null; link: string | null; sort_order: number };
type Paged<T> = { data: { data: T[]; total: number; per_page: number; current_page: number } };

let counter = 0;
const tag = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The public directory of the app API: active rows only, read without a token, an admin's change seen at once. */
describe('the app directory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** An app call: no token. */
  const get = (path: string, headers?: Record<string, string>) => t.call(path, { token: null, headers });
  const data = async <T>(path: string) => {
    const response = await get(path);
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    return ((await response.json()) as { data: T }).data;
  };
  /** An admin call that must succeed. */
  const admin = async <T>(path: string, init: Parameters<TestApp['call']>[1]) => {
    const response = await t.call(path, init);
    expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
    return ((await response.json()) as { data: T }).data;
  };
  const newNamed = (path: string, extra: Record<string, string | number | object> = {}) => {
    const id = tag();
    return admin<Named>(path, { method: 'POST', form: { name_ar: `اسم ${id}`, name_en: `Name ${id}`, ...extra } });
  };
  const newCountry = () =>
    newNamed(countryPaths.store, { mobile_prefix: '+20', flag: { file: png(30, 20), name: 'flag.png', type: 'image/png' } });
  const setActive = (path: string, is_active: boolean) => admin(path, { method: 'PATCH', json: { is_active } });
  const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

  it('lists specialities and pharmacy categories with both names; a deletion shows on the next request', async () => {
    const speciality = await newNamed(specialityPaths.store);
    const category = await newNamed(pharmacyCategoryPaths.store);
    const listed = await data<Named[]>(appPaths.specialities);
    expect(listed).toContainEqual({ id: speciality.id, name_ar: speciality.name_ar, name_en: speciality.name_en });
    expect(ids(await data<Named[]>(appPaths.pharmacyCategories))).toContain(category.id);

    await admin(specialityPaths.destroy(String(speciality.id)), { method: 'DELETE' });
    expect(ids(await data<Named[]>(appPaths.specialities))).not.toContain(speciality.id);
  });

  it('lists active countries only, with their flag URL; deactivating one hides it and its cities at once', async () => {
    const country = await newCountry();
    const hidden = await newCountry();
    await setActive(countryPaths.status!(String(hidden.id)), false);
    const city = await newNamed(cityPaths.store, { country_id: country.id });

    const countries = await data<Country[]>(appPaths.countries);
    const listed = countries.find((row) => row.id === country.id);
    expect(listed?.flag_url).toMatch(/^\/storage\/flags\//);
    expect(listed?.mobile_prefix).toBe('+20');
    expect(ids(countries)).not.toContain(hidden.id);
    expect(ids((await data<Paged<Named>['data']>(appPaths.cities(String(country.id)))).data)).toEqual([city.id]);

    // The same requests, answered from the page cache before, see the admin's change.
    await setActive(countryPaths.status!(String(country.id)), false);
    expect(ids(await data<Country[]>(appPaths.countries))).not.toContain(country.id);
    expect((await get(appPaths.cities(String(country.id)))).status).toBe(404);
  });

  it('pages active cities and states of active parents, by English name', async () => {
    const country = await newCountry();
    const names = ['Cairo', 'Alexandria', 'Giza'].map((name) => `${name} ${tag()}`);
    const cities: Named[] = [];
    for (const name of names)
      cities.push(
        await admin<Named>(cityPaths.store, { method: 'POST', form: { name_ar: `م ${name}`, name_en: name, country_id: country.id } }),
      );
    const [cairo, alexandria, giza] = cities as [Named, Named, Named];
    await setActive(cityPaths.status!(String(giza.id)), false);

    const first = await data<Paged<Named>['data']>(`${appPaths.cities(String(country.id))}?per_page=1`);
    expect(first).toMatchObject({ total: 2, per_page: 1, current_page: 1 });
    expect(ids(first.data)).toEqual([alexandria.id]);
    expect(ids((await data<Paged<Named>['data']>(`${appPaths.cities(String(country.id))}?per_page=1&page=2`)).data)).toEqual([cairo.id]);

    const state = await newNamed(statePaths.store, { city_id: cairo.id });
    const hiddenState = await newNamed(statePaths.store, { city_id: cairo.id });
    await setActive(statePaths.status!(String(hiddenState.id)), false);
    expect(ids((await data<Paged<Named>['data']>(appPaths.states(String(cairo.id)))).data)).toEqual([state.id]);
    // An inactive city, or a city of an inactive country, is not found.
    expect((await get(appPaths.states(String(giza.id)))).status).toBe(404);
    await setActive(countryPaths.status!(String(country.id)), false);
    expect((await get(appPaths.states(String(cairo.id)))).status).toBe(404);
  });

  it('lists active home ads in their order, with their image URL', async () => {
    const [first, inactive, second] = await t.db
      .insert(homeAds)
      .values([
        { image: 'home-ads/a.png', sort_order: 1001, title: 'A' },
        { image: 'home-ads/b.png', sort_order: 1002, is_active: false },
        { image: 'home-ads/c.png', sort_order: 1003, link: 'https://example.com' },
      ])
      .returning();
    const ads = (await data<Ad[]>(appPaths.homeAds)).filter((ad) => ad.sort_order > 1000);
    expect(ads).toEqual([
      { id: first!.id, image_url: '/storage/home-ads/a.png', title: 'A', link: null, sort_order: 1001 },
      { id: second!.id, image_url: '/storage/home-ads/c.png', title: null, link: 'https://example.com', sort_order: 1003 },
    ]);
    expect(ids(ads)).not.toContain(inactive!.id);

    // An ad the admin adds shows on the next request.
    const added = await admin<{ id: number }>('/api/admin/home-ads/store', {
      method: 'POST',
      form: { image: { file: png(60, 20), name: 'ad.png', type: 'image/png' } },
    });
    expect(ids(await data<Ad[]>(appPaths.homeAds))).toContain(added.id);
  });

  it('answers an unknown country or city 404 in the Laravel shape, in the asked language', async () => {
    const english = await get(appPaths.cities('999999'));
    expect(english.status).toBe(404);
    expect(await english.json()).toEqual({ message: 'Country not found.' });
    const arabic = await get(appPaths.cities('999999'), { 'accept-language': 'ar' });
    expect(await arabic.json()).toEqual({ message: 'الدولة غير موجودة.' });
    const city = await get(appPaths.states('999999'), { 'accept-language': 'ar' });
    expect(city.status).toBe(404);
    expect(await city.json()).toEqual({ message: 'المدينة غير موجودة.' });
  });

  it('refuses hostile parameters with a 4xx in the asked language, never a 5xx', async () => {
    for (const path of [
      appPaths.cities('abc'),
      appPaths.cities('-1'),
      appPaths.cities('1e400'),
      `${appPaths.cities('1')}?page=0`,
      `${appPaths.cities('1')}?per_page=1000`,
      `${appPaths.states('1')}?page=x`,
      appPaths.states('99999999999999999999'),
    ]) {
      const response = await get(path, { 'accept-language': 'ar' });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      const body = (await response.json()) as { message: string };
      expect(body.message, path).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('refuses an admin token, and a token that is not one', async () => {
    for (const path of [appPaths.specialities, appPaths.countries, appPaths.homeAds]) {
      for (const token of [t.adminToken, 'junk']) {
        const response = await t.call(path, { token });
        expect(response.status, path).toBe(401);
        expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
      }
    }
  });
});
