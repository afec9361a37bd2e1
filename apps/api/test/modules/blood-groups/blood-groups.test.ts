import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPaths } from '@sehha/contract/app-paths';
import { createTestApp, type TestApp } from '../../support/test-app';

type Row = { id: number; name_ar: string; name_en: string; is_active?: boolean };

describe('blood groups: admin catalog and the public directory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const store = async (name_en: string, name_ar: string) => {
    const response = await t.call('/api/admin/blood-groups/store', { method: 'POST', form: { name_en, name_ar } });
    expect(response.status).toBe(201);
    return ((await response.json()) as { message: string; data: Row }).data;
  };
  const directory = async () => {
    const response = await t.call(appPaths.directoryBloodGroups, { token: null });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: Row[] }).data;
  };

  it('adds, lists, searches, toggles and deletes, with the catalog texts', async () => {
    const a = await store('A+', 'أ موجب');
    expect(a.is_active).toBe(true);
    const list = (await (await t.call('/api/admin/blood-groups?search=A%2B')).json()) as { data: { data: Row[] } };
    expect(list.data.data.map((row) => row.id)).toContain(a.id);
    const toggled = await t.call(`/api/admin/blood-groups/status/${a.id}`, { method: 'PATCH', json: { is_active: 0 } });
    expect(toggled.status).toBe(200);
    expect(((await toggled.json()) as { message: string }).message).toBe('Blood group status updated successfully!');
    const deleted = await t.call(`/api/admin/blood-groups/delete/${a.id}`, { method: 'DELETE', headers: { 'accept-language': 'ar' } });
    expect(((await deleted.json()) as { message: string }).message).toBe('تم حذف فصيلة الدم');
    expect((await t.call(`/api/admin/blood-groups/show/${a.id}`)).status).toBe(404);
  });

  it('answers the active rows only, without a token, and sees a change at once (version trigger)', async () => {
    const b = await store('B+', 'ب موجب');
    const o = await store('O-', 'و سالب');
    expect((await directory()).map((row) => row.name_en)).toEqual(['B+', 'O-']);
    await t.call(`/api/admin/blood-groups/status/${b.id}`, { method: 'PATCH', json: { is_active: 0 } });
    expect(await directory()).toEqual([{ id: o.id, name_en: 'O-', name_ar: 'و سالب' }]);
    // The admin list is cached by table version: a stale page here would mean the table lacks its trigger.
    const admin = (await (await t.call('/api/admin/blood-groups')).json()) as { data: { data: Row[] } };
    expect(admin.data.data.find((row) => row.id === b.id)?.is_active).toBe(false);
  });

  it('refuses an admin token on the public route (the app scope takes app tokens only)', async () => {
    expect((await t.call(appPaths.directoryBloodGroups)).status).toBe(401);
  });
});
