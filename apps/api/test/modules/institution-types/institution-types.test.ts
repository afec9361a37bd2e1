import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providers } from '../../../src/db/schema/providers';
import { users } from '../../../src/db/schema/accounts';
import { createTestApp, type TestApp } from '../../support/test-app';

type TypeBody = {
  message?: string | undefined;
  data: { id: number; name_ar: string; name_en: string; medical_under_instituted: boolean; is_active: boolean };
};
type ErrorBody = { message: string; errors?: Record<string, string[]> };

describe('institution types (spec §7 calls)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const store = (form: Record<string, string | number | boolean>, headers?: Record<string, string>) =>
    t.call('/api/admin/hospitalies/types/store', { method: 'POST', form, headers });
  /** The type as the list answers it (read back from the database). */
  const listed = async (id: number) => {
    const body = (await (await t.call('/api/admin/hospitalies/types?per_page=100')).json()) as { data: { data: TypeBody['data'][] } };
    return body.data.data.find((row) => row.id === id);
  };

  it('creates from multipart exactly as the dashboard sends it', async () => {
    const response = await store({ name_ar: '  مستشفى تخصصي  ', name_en: 'Specialised Hospital', medical_under_instituted: 1 });
    expect(response.status).toBe(201);
    const body = (await response.json()) as TypeBody;
    expect(body.message).toBe('Type added successfully!');
    expect(body.data).toMatchObject({
      name_ar: 'مستشفى تخصصي',
      name_en: 'Specialised Hospital',
      medical_under_instituted: true,
      is_active: true,
    });
  });

  it('also accepts JSON and defaults medical_under_instituted to false', async () => {
    const response = await t.call('/api/admin/hospitalies/types/store', {
      method: 'POST',
      json: { name_ar: 'عيادة خارجية', name_en: 'Outpatient Clinic' },
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as TypeBody).data.medical_under_instituted).toBe(false);
  });

  it('validates names with the spec messages, in the request language', async () => {
    const response = await store({ name_ar: 'م', name_en: ' ', medical_under_instituted: 'maybe' as never });
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.errors).toEqual({
      name_ar: ['Arabic name is required'],
      name_en: ['English name is required'],
      medical_under_instituted: ['Must be 1 or 0'],
    });
    expect(body.message).toBe('Arabic name is required (and 2 more errors)');
    const arabic = (await (await store({ name_en: 'x' }, { 'accept-language': 'ar-EG,ar;q=0.9' })).json()) as ErrorBody;
    expect(arabic.errors).toEqual({ name_ar: ['الاسم بالعربية مطلوب'], name_en: ['الاسم بالإنجليزية مطلوب'] });
    expect(arabic.message).toBe('الاسم بالعربية مطلوب (وخطأ آخر)');
    // Arabic counts use the dual and Arabic-Indic digits: «(وخطآن آخران)», never «(و2 أخطاء أخرى)».
    const three = (await (
      await store({ name_ar: 'م', name_en: ' ', medical_under_instituted: 'maybe' as never }, { 'accept-language': 'ar' })
    ).json()) as ErrorBody;
    expect(three.message).toBe('الاسم بالعربية مطلوب (وخطآن آخران)');
  });

  it('refuses a duplicate name with a field message', async () => {
    await store({ name_ar: 'مستشفى ميداني', name_en: 'Field Hospital', medical_under_instituted: 0 });
    const response = await store({ name_ar: 'مستشفى آخر', name_en: 'field hospital', medical_under_instituted: 0 });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).errors).toEqual({ name_en: ['This name is already in use'] });
  });

  it('updates with POST + _method Patch and returns the new values', async () => {
    const created = (await (await store({ name_ar: 'نوع قديم', name_en: 'Old type', medical_under_instituted: 0 })).json()) as TypeBody;
    const response = await t.call(`/api/admin/hospitalies/types/update/${created.data.id}`, {
      method: 'POST',
      form: { name_ar: 'نوع جديد', name_en: 'New type', medical_under_instituted: 1, _method: 'Patch' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as TypeBody;
    expect(body.message).toBe('Type updated successfully!');
    expect(body.data).toMatchObject({ id: created.data.id, name_ar: 'نوع جديد', name_en: 'New type', medical_under_instituted: true });
    // Stored, not only echoed: the list reads the new values back.
    expect(await listed(created.data.id)).toMatchObject({ name_ar: 'نوع جديد', name_en: 'New type', medical_under_instituted: true });
  });

  it('answers 404 for a type that does not exist and 422 for a bad id', async () => {
    const missing = await t.call('/api/admin/hospitalies/types/update/999999', {
      method: 'POST',
      form: { name_ar: 'نوع', name_en: 'Type', _method: 'PATCH' },
    });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).message).toBe('Institution type not found.');
    expect((await t.call('/api/admin/hospitalies/types/delete/abc', { method: 'DELETE' })).status).toBe(422);
  });

  it('toggles the status', async () => {
    const created = (await (
      await store({ name_ar: 'نوع للتبديل', name_en: 'Toggle type', medical_under_instituted: 0 })
    ).json()) as TypeBody;
    const response = await t.call(`/api/admin/hospitalies/types/status/${created.data.id}`, {
      method: 'POST',
      form: { is_active: 0, _method: 'PATCH' },
    });
    const body = (await response.json()) as TypeBody;
    expect(body.message).toBe('Type status updated successfully!');
    expect(body.data.is_active).toBe(false);
    expect(await listed(created.data.id)).toMatchObject({ is_active: false });
  });

  it('deletes a type, and refuses while institutions use it', async () => {
    const unused = (await (await store({ name_ar: 'نوع للحذف', name_en: 'Delete me', medical_under_instituted: 0 })).json()) as TypeBody;
    const deleted = await t.call(`/api/admin/hospitalies/types/delete/${unused.data.id}`, { method: 'DELETE' });
    expect(await deleted.json()).toEqual({ message: 'Type Deleted' });
    expect((await t.call(`/api/admin/hospitalies/types/delete/${unused.data.id}`, { method: 'DELETE' })).status).toBe(404);

    const used = (await (await store({ name_ar: 'نوع مستخدم', name_en: 'Used type', medical_under_instituted: 0 })).json()) as TypeBody;
    const [account] = await t.db
      .insert(users)
      .values({ name: 'Hospital', email: 'h@sehha.test', password_hash: 'x', role: 'hospital' })
      .returning();
    await t.db
      .insert(providers)
      .values({ kind: 'hospital', user_id: account!.id, name_ar: 'مستشفى', name_en: 'Hospital', institution_type_id: used.data.id });
    const refused = await t.call(`/api/admin/hospitalies/types/delete/${used.data.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ErrorBody).message).toMatch(/used by 1 medical institution;/);
  });

  it('searches Arabic names with folded letters and English case-insensitively', async () => {
    await store({ name_ar: 'مستشفى الأمراض الصدرية', name_en: 'Chest Diseases Hospital', medical_under_instituted: 0 });
    const search = async (term: string) =>
      (
        (await (await t.call(`/api/admin/hospitalies/types?search=${encodeURIComponent(term)}`)).json()) as {
          data: { data: TypeBody['data'][] };
        }
      ).data.data.map((r) => r.name_en);
    expect(await search('الامراض')).toContain('Chest Diseases Hospital');
    expect(await search('الصدريه')).toContain('Chest Diseases Hospital');
    expect(await search('CHEST dis')).toContain('Chest Diseases Hospital');
    expect(await search('100%')).toEqual([]);
  });
});
