import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { users } from '../../../src/db/schema/accounts';
import { auditLogs } from '../../../src/db/schema/audit';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/test-app';
import { pdf, png } from '../../support/files';

type Named = { id: number; name_ar: string; name_en: string; is_active: boolean };
type CountryItem = Named & { mobile_prefix: string; flag: string | null; flag_url: string | null };
type CityItem = Named & { country_id: number; country: Named };
type StateItem = Named & { city_id: number; city: Named & { country_id: number } };
type Body<T> = { message?: string | undefined; data: T };
type ListBody<T> = { data: { data: T[]; total: number; next_page_url: string | null } };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

const flagFile = (w = 30, h = 20) => ({ file: png(w, h), name: 'flag.png', type: 'image/png' });
let counter = 0;
const tag = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

describe('locations: countries, cities, states', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const json = async <T>(response: Response) => (await response.json()) as T;
  const newCountry = async (overrides: Record<string, string> = {}) => {
    const id = tag();
    const response = await t.call('/api/admin/countries/store', {
      method: 'POST',
      form: { name_ar: `دولة ${id}`, name_en: `Country ${id}`, mobile_prefix: '+20', flag: flagFile(), ...overrides },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await json<Body<CountryItem>>(response)).data;
  };
  const newCity = async (countryId: number, name = tag()) => {
    const response = await t.call('/api/admin/cities/store', {
      method: 'POST',
      form: { name_ar: `مدينة ${name}`, name_en: `City ${name}`, country_id: countryId },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await json<Body<CityItem>>(response)).data;
  };
  const newState = async (cityId: number, name = tag()) => {
    const response = await t.call('/api/admin/states/store', {
      method: 'POST',
      form: { name_ar: `منطقة ${name}`, name_en: `State ${name}`, city_id: cityId },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await json<Body<StateItem>>(response)).data;
  };

  describe('countries', () => {
    it('creates with a flag stored under a server-chosen name and served publicly', async () => {
      const response = await t.call('/api/admin/countries/store', {
        method: 'POST',
        form: {
          name_ar: ' مصر ',
          name_en: 'Egypt ',
          mobile_prefix: '+20',
          flag: { file: png(30, 20), name: '../../evil name.png', type: 'text/plain' },
        },
      });
      expect(response.status).toBe(201);
      const body = await json<Body<CountryItem>>(response);
      expect(body.message).toBe('Country added successfully!');
      expect(body.data).toMatchObject({ name_ar: 'مصر', name_en: 'Egypt', mobile_prefix: '+20', is_active: true });
      expect(body.data.flag).toMatch(/^flags\/[0-9a-f-]{36}\.png$/);
      expect(body.data.flag_url).toBe(`/storage/${body.data.flag}`);
      const served = await t.call(body.data.flag_url!, { token: null });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toContain('image/png');
      const [audit] = await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, 'country'), eq(auditLogs.entity_id, String(body.data.id))));
      expect(audit).toMatchObject({ action: 'create', entity: 'country', actor_id: t.adminId });
    });

    it('validates fields, the mobile prefix and the flag, in both languages', async () => {
      const bad = await t.call('/api/admin/countries/store', {
        method: 'POST',
        form: { name_ar: 'م', name_en: '', mobile_prefix: '20', flag: flagFile() },
      });
      expect(bad.status).toBe(422);
      expect((await json<ErrorBody>(bad)).errors).toEqual({
        name_ar: ['Arabic name is required'],
        name_en: ['English name is required'],
        mobile_prefix: ['A dialling code looks like +20'],
      });
      const noFlag = await t.call('/api/admin/countries/store', {
        method: 'POST',
        form: { name_ar: 'بلا علم', name_en: 'No flag', mobile_prefix: '+21' },
      });
      expect((await json<ErrorBody>(noFlag)).errors).toEqual({ flag: ['Flag image is required'] });
      const arabic = await t.call('/api/admin/countries/store', {
        method: 'POST',
        headers: { 'accept-language': 'ar' },
        form: { name_ar: 'بلا علم', name_en: 'No flag', mobile_prefix: '+21' },
      });
      expect((await json<ErrorBody>(arabic)).errors).toEqual({ flag: ['صورة العلم مطلوبة'] });
      // A bad field and a missing flag come back together, not one round after the other.
      const both = await t.call('/api/admin/countries/store', {
        method: 'POST',
        form: { name_ar: 'م', name_en: 'Both wrong', mobile_prefix: '+24' },
      });
      expect((await json<ErrorBody>(both)).errors).toEqual({ name_ar: ['Arabic name is required'], flag: ['Flag image is required'] });
      const bothJson = await t.call('/api/admin/countries/store', { method: 'POST', json: { name_en: 'Json', mobile_prefix: '+25' } });
      expect((await json<ErrorBody>(bothJson)).errors).toEqual({ name_ar: ['Arabic name is required'], flag: ['Flag image is required'] });
      const pdfFlag = await t.call('/api/admin/countries/store', {
        method: 'POST',
        form: {
          name_ar: 'علم خطأ',
          name_en: 'Wrong flag',
          mobile_prefix: '+22',
          flag: { file: pdf(), name: 'flag.png', type: 'image/png' },
        },
      });
      expect((await json<ErrorBody>(pdfFlag)).errors).toEqual({ flag: ['The file must be a PNG, JPEG or WebP image'] });
      const huge = await t.call('/api/admin/countries/store', {
        method: 'POST',
        form: {
          name_ar: 'علم كبير',
          name_en: 'Huge flag',
          mobile_prefix: '+23',
          flag: { file: Buffer.concat([png(30, 20), Buffer.alloc(5 * 1024 * 1024)]), name: 'f.png' },
        },
      });
      expect((await json<ErrorBody>(huge)).errors).toEqual({ flag: ['The file must not be larger than 5 MB'] });
      const list = await json<ListBody<CountryItem>>(await t.call('/api/admin/countries?search=flag'));
      expect(list.data.total).toBe(0);
    });

    it('refuses a duplicate name', async () => {
      const country = await newCountry();
      const response = await t.call('/api/admin/countries/store', {
        method: 'POST',
        form: { name_ar: 'أخرى', name_en: country.name_en.toUpperCase(), mobile_prefix: '+1', flag: flagFile() },
      });
      expect((await json<ErrorBody>(response)).errors).toEqual({ name_en: ['This name is already in use'] });
    });

    it('updates names and prefix, replacing the flag only when a new one is sent', async () => {
      const country = await newCountry();
      const oldFile = join(t.storage.root, country.flag!);
      expect(existsSync(oldFile)).toBe(true);
      const keep = await t.call(`/api/admin/countries/update/${country.id}`, {
        method: 'POST',
        form: { name_ar: `${country.name_ar} م`, name_en: `${country.name_en} u`, mobile_prefix: '+966', _method: 'PATCH' },
      });
      const kept = await json<Body<CountryItem>>(keep);
      expect(kept.message).toBe('Country updated successfully!');
      expect(kept.data).toMatchObject({ mobile_prefix: '+966', flag: country.flag });
      const replace = await t.call(`/api/admin/countries/update/${country.id}`, {
        method: 'POST',
        form: { name_ar: kept.data.name_ar, name_en: kept.data.name_en, mobile_prefix: '+966', flag: flagFile(40, 20), _method: 'patch' },
      });
      const replaced = await json<Body<CountryItem>>(replace);
      expect(replaced.data.flag).not.toBe(country.flag);
      expect(existsSync(oldFile)).toBe(false);
      expect(existsSync(join(t.storage.root, replaced.data.flag!))).toBe(true);
      expect(
        (
          await t.call('/api/admin/countries/update/999999', {
            method: 'PATCH',
            json: { name_ar: 'اسم', name_en: 'Name', mobile_prefix: '+2' },
          })
        ).status,
      ).toBe(404);
    });

    it('shows by id, toggles the status and hides inactive ones from the public list only', async () => {
      const country = await newCountry();
      expect((await json<Body<CountryItem>>(await t.call(`/api/admin/countries/show/${country.id}`))).data.id).toBe(country.id);
      expect((await t.call('/api/admin/countries/show/999999')).status).toBe(404);
      const publicNames = async () =>
        (await json<Body<Array<{ name_en: string; flag_url: string | null }>>>(await t.call('/api/countries', { token: null }))).data.map(
          (c) => c.name_en,
        );
      expect(await publicNames()).toContain(country.name_en);

      const off = await t.call(`/api/admin/countries/status/${country.id}`, { method: 'POST', form: { is_active: 0, _method: 'PATCH' } });
      const offBody = await json<Body<CountryItem>>(off);
      expect(offBody.message).toBe('Country state updated successfully!');
      expect(offBody.data.is_active).toBe(false);
      expect(await publicNames()).not.toContain(country.name_en);
      const adminList = await json<ListBody<CountryItem>>(
        await t.call(`/api/admin/countries?search=${encodeURIComponent(country.name_en)}`),
      );
      expect(adminList.data.data).toMatchObject([{ id: country.id, is_active: false }]);
      const arabic = await t.call(`/api/admin/countries/status/${country.id}`, {
        method: 'PATCH',
        json: { is_active: 1 },
        headers: { 'accept-language': 'ar' },
      });
      expect((await json<Body<CountryItem>>(arabic)).message).toBe('تم تحديث حالة الدولة بنجاح!');
      expect((await t.call(`/api/admin/countries/status/${country.id}`, { method: 'PATCH', json: { is_active: 'yes' } })).status).toBe(422);
      expect((await t.call('/api/admin/countries/status/999999', { method: 'PATCH', json: { is_active: 1 } })).status).toBe(404);
    });

    it('searches by name or prefix and pages', async () => {
      const probe = `Probe${tag()}`;
      for (let i = 1; i <= 11; i++) await newCountry({ name_ar: `فحص ${probe} ${i}`, name_en: `${probe} ${i}` });
      const first = await json<ListBody<CountryItem>>(await t.call(`/api/admin/countries?search=${probe.toLowerCase()}`));
      expect(first.data.total).toBe(11);
      expect(first.data.data).toHaveLength(10);
      const second = await json<ListBody<CountryItem>>(await t.call(`/api/admin/countries?search=${probe}&page=2`));
      expect(second.data.data.map((c) => c.name_en)).toEqual([`${probe} 1`]);
      expect(second.data.next_page_url).toBeNull();
    });

    it('deletes an unused country with its flag, refuses one that has cities or accounts', async () => {
      const unused = await newCountry();
      const deleted = await t.call(`/api/admin/countries/delete/${unused.id}`, { method: 'DELETE' });
      expect(await deleted.json()).toEqual({ message: 'Country Deleted' });
      expect(existsSync(join(t.storage.root, unused.flag!))).toBe(false);
      expect((await t.call(`/api/admin/countries/delete/${unused.id}`, { method: 'DELETE' })).status).toBe(404);

      const used = await newCountry();
      await newCity(used.id);
      await t.db
        .insert(users)
        .values({ name: 'Resident', email: `resident-${used.id}@sehha.test`, password_hash: 'x', role: 'user', country_id: used.id });
      const refused = await t.call(`/api/admin/countries/delete/${used.id}`, { method: 'DELETE' });
      expect(refused.status).toBe(422);
      expect((await json<ErrorBody>(refused)).message).toBe(
        'This country has 1 cities and 1 accounts; delete or move them before deleting it.',
      );
      expect(existsSync(join(t.storage.root, used.flag!))).toBe(true);
      expect((await t.call(`/api/admin/countries/show/${used.id}`)).status).toBe(200);
    });
  });

  describe('cities', () => {
    it('creates in a country, with the country in the answer', async () => {
      const country = await newCountry();
      const response = await t.call('/api/admin/cities/store', {
        method: 'POST',
        form: { name_ar: 'القاهرة', name_en: 'Cairo', country_id: country.id },
      });
      const body = await json<Body<CityItem>>(response);
      expect(response.status).toBe(201);
      expect(body.message).toBe('City added successfully!');
      expect(body.data).toMatchObject({
        name_en: 'Cairo',
        country_id: country.id,
        country: { id: country.id, name_en: country.name_en },
        is_active: true,
      });
    });

    it('keeps names unique per country only', async () => {
      const [a, b] = [await newCountry(), await newCountry()];
      await newCity(a.id, 'Twin');
      await newCity(b.id, 'Twin');
      const clash = await t.call('/api/admin/cities/store', {
        method: 'POST',
        form: { name_ar: 'مدينة أخرى', name_en: 'city twin', country_id: a.id },
      });
      expect(clash.status).toBe(422);
      expect((await json<ErrorBody>(clash)).errors).toEqual({ name_en: ['This name is already in use'] });
    });

    it('validates names and the country', async () => {
      const missing = await t.call('/api/admin/cities/store', {
        method: 'POST',
        form: { name_ar: 'مدينة', name_en: 'City', country_id: '' },
      });
      expect((await json<ErrorBody>(missing)).errors).toEqual({ country_id: ['Country is required'] });
      const unknown = await t.call('/api/admin/cities/store', {
        method: 'POST',
        form: { name_ar: 'مدينة', name_en: 'City', country_id: 999999 },
        headers: { 'accept-language': 'ar' },
      });
      expect(unknown.status).toBe(422);
      expect((await json<ErrorBody>(unknown)).errors).toEqual({ country_id: ['اختر دولة من القائمة'] });
      const names = await t.call('/api/admin/cities/store', { method: 'POST', json: { name_ar: ' ', country_id: 1 } });
      expect((await json<ErrorBody>(names)).errors).toEqual({
        name_ar: ['Arabic name is required'],
        name_en: ['English name is required'],
      });
    });

    it('updates (also moving to another country), toggles, shows and 404s', async () => {
      const [a, b] = [await newCountry(), await newCountry()];
      const city = await newCity(a.id);
      const moved = await t.call(`/api/admin/cities/update/${city.id}`, {
        method: 'POST',
        form: { name_ar: 'منقولة', name_en: 'Moved', country_id: b.id, _method: 'PATCH' },
      });
      const movedBody = await json<Body<CityItem>>(moved);
      expect(movedBody.message).toBe('City updated successfully!');
      expect(movedBody.data).toMatchObject({ name_en: 'Moved', country_id: b.id, country: { id: b.id } });
      const toUnknown = await t.call(`/api/admin/cities/update/${city.id}`, {
        method: 'PATCH',
        json: { name_ar: 'منقولة', name_en: 'Moved', country_id: 999999 },
      });
      expect((await json<ErrorBody>(toUnknown)).errors).toEqual({ country_id: ['Choose a country from the list'] });
      const off = await json<Body<CityItem>>(
        await t.call(`/api/admin/cities/status/${city.id}`, { method: 'PATCH', json: { is_active: false } }),
      );
      expect(off).toMatchObject({ message: 'City state updated successfully!', data: { is_active: false } });
      expect((await json<Body<CityItem>>(await t.call(`/api/admin/cities/show/${city.id}`))).data.is_active).toBe(false);
      expect((await t.call('/api/admin/cities/show/999999')).status).toBe(404);
      expect(
        (await t.call('/api/admin/cities/update/999999', { method: 'PATCH', json: { name_ar: 'اسم', name_en: 'Name', country_id: a.id } }))
          .status,
      ).toBe(404);
    });

    it('filters by country, searches and hides inactive ones from the public side', async () => {
      const country = await newCountry();
      const other = await newCountry();
      const shown = await newCity(country.id, 'Shown');
      const hidden = await newCity(country.id, 'Hidden');
      await newCity(other.id, 'Elsewhere');
      await t.call(`/api/admin/cities/status/${hidden.id}`, { method: 'PATCH', json: { is_active: 0 } });
      const adminList = await json<ListBody<CityItem>>(await t.call(`/api/admin/cities?country_id=${country.id}`));
      expect(adminList.data.data.map((c) => c.id)).toEqual([hidden.id, shown.id]);
      const searched = await json<ListBody<CityItem>>(await t.call(`/api/admin/cities?country_id=${country.id}&search=shown`));
      expect(searched.data.data.map((c) => c.id)).toEqual([shown.id]);
      const publicList = await json<Body<Named[]>>(await t.call(`/api/cities?country_id=${country.id}`, { token: null }));
      expect(publicList.data.map((c) => c.id)).toEqual([shown.id]);
      await t.call(`/api/admin/countries/status/${country.id}`, { method: 'PATCH', json: { is_active: 0 } });
      expect((await json<Body<Named[]>>(await t.call(`/api/cities?country_id=${country.id}`, { token: null }))).data).toEqual([]);
      expect((await t.call('/api/cities', { token: null })).status).toBe(422);
      expect((await t.call('/api/admin/cities?country_id=abc')).status).toBe(422);
    });

    it('deletes an unused city and refuses one with states', async () => {
      const country = await newCountry();
      const unused = await newCity(country.id);
      expect(await (await t.call(`/api/admin/cities/delete/${unused.id}`, { method: 'DELETE' })).json()).toEqual({
        message: 'City Deleted',
      });
      const used = await newCity(country.id);
      await newState(used.id);
      const refused = await t.call(`/api/admin/cities/delete/${used.id}`, { method: 'DELETE' });
      expect(refused.status).toBe(422);
      expect((await json<ErrorBody>(refused)).message).toMatch(/has 1 states/);
      expect((await t.call(`/api/admin/cities/delete/${unused.id}`, { method: 'DELETE' })).status).toBe(404);
    });
  });

  describe('states', () => {
    it('creates, validates, keeps names unique per city', async () => {
      const city = await newCity((await newCountry()).id);
      const response = await t.call('/api/admin/states/store', {
        method: 'POST',
        form: { name_ar: 'مدينة نصر', name_en: 'Nasr City', city_id: city.id },
      });
      const body = await json<Body<StateItem>>(response);
      expect(response.status).toBe(201);
      expect(body.message).toBe('State added successfully!');
      expect(body.data).toMatchObject({ name_en: 'Nasr City', city_id: city.id, city: { id: city.id, country_id: city.country_id } });
      const dup = await t.call('/api/admin/states/store', {
        method: 'POST',
        form: { name_ar: 'مدينة نصر', name_en: 'Other', city_id: city.id },
      });
      expect((await json<ErrorBody>(dup)).errors).toEqual({ name_ar: ['This name is already in use'] });
      const noCity = await t.call('/api/admin/states/store', {
        method: 'POST',
        form: { name_ar: 'منطقة', name_en: 'State' },
        headers: { 'accept-language': 'ar' },
      });
      expect((await json<ErrorBody>(noCity)).errors).toEqual({ city_id: ['المدينة مطلوبة'] });
      const unknown = await t.call('/api/admin/states/store', {
        method: 'POST',
        form: { name_ar: 'منطقة', name_en: 'State', city_id: 999999 },
      });
      expect((await json<ErrorBody>(unknown)).errors).toEqual({ city_id: ['Choose a city from the list'] });
    });

    it('updates, toggles, filters by city, shows publicly only when active, deletes', async () => {
      const city = await newCity((await newCountry()).id);
      const state = await newState(city.id);
      const updated = await json<Body<StateItem>>(
        await t.call(`/api/admin/states/update/${state.id}`, {
          method: 'POST',
          form: { name_ar: 'محدثة', name_en: 'Updated', city_id: city.id, _method: 'PATCH' },
        }),
      );
      expect(updated).toMatchObject({ message: 'State updated successfully!', data: { name_en: 'Updated' } });
      expect((await json<Body<Named[]>>(await t.call(`/api/states?city_id=${city.id}`, { token: null }))).data.map((s) => s.id)).toEqual([
        state.id,
      ]);
      const off = await json<Body<StateItem>>(
        await t.call(`/api/admin/states/status/${state.id}`, { method: 'PATCH', json: { is_active: 0 } }),
      );
      expect(off).toMatchObject({ message: 'State state updated successfully!', data: { is_active: false } });
      expect((await json<Body<Named[]>>(await t.call(`/api/states?city_id=${city.id}`, { token: null }))).data).toEqual([]);
      const filtered = await json<ListBody<StateItem>>(await t.call(`/api/admin/states?city_id=${city.id}`));
      expect(filtered.data.data.map((s) => s.id)).toEqual([state.id]);
      expect((await json<Body<StateItem>>(await t.call(`/api/admin/states/show/${state.id}`))).data.name_en).toBe('Updated');
      expect(await (await t.call(`/api/admin/states/delete/${state.id}`, { method: 'DELETE' })).json()).toEqual({
        message: 'State Deleted',
      });
      expect((await t.call(`/api/admin/states/show/${state.id}`)).status).toBe(404);
      expect((await t.call(`/api/admin/states/status/${state.id}`, { method: 'PATCH', json: { is_active: 1 } })).status).toBe(404);
    });
  });

  it('requires an admin token on every admin endpoint; the public reads need none', async () => {
    for (const resource of ['countries', 'cities', 'states']) {
      const calls: Array<[string, string]> = [
        ['GET', `/api/admin/${resource}`],
        ['GET', `/api/admin/${resource}/show/1`],
        ['POST', `/api/admin/${resource}/store`],
        ['PATCH', `/api/admin/${resource}/update/1`],
        ['PATCH', `/api/admin/${resource}/status/1`],
        ['DELETE', `/api/admin/${resource}/delete/1`],
      ];
      for (const [method, path] of calls) {
        const response = await t.call(path, { method, token: null });
        expect(response.status, `${method} ${path}`).toBe(401);
      }
    }
    expect((await t.call('/api/countries', { token: null })).status).toBe(200);
  });
});
