import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { accessTokens, users } from '../../../src/db/schema/accounts';
import { countries } from '../../../src/db/schema/locations';
import { auditLogs } from '../../../src/db/schema/audit';
import { authRepository } from '../../../src/auth/auth-repository';
import { createTestApp, type TestApp } from '../../support/test-app';

type Account = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  whatsapp_phone: string | null;
  role: string;
  is_active: boolean;
  deactivated_at: string | null;
  country: { name_en: string } | null;
};
type Page = { data: { data: Account[]; total: number; current_page: number; last_page: number; next_page_url: string | null } };
type Bulk = { message: string; data: { count: number; ids: number[] } };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

let serial = 0;

describe('users: all users, deactivation and reactivation', () => {
  let t: TestApp;
  let countryId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const [country] = await t.db.insert(countries).values({ name_ar: 'مصر', name_en: 'Egypt', mobile_prefix: '+20' }).returning();
    countryId = country!.id;
  });
  afterAll(() => t.close());

  /** An account with two live tokens, as a logged-in mobile user would have. */
  async function account(values: Partial<typeof users.$inferInsert> = {}) {
    serial += 1;
    const [row] = await t.db
      .insert(users)
      .values({
        name: `User ${serial}`,
        email: `user${serial}@sehha.test`,
        password_hash: 'x',
        role: 'user',
        phone: `+2010000000${serial}`,
        whatsapp_phone: `+2011000000${serial}`,
        country_id: countryId,
        ...values,
      })
      .returning();
    const expires = new Date(Date.now() + 86_400_000);
    await authRepository.createToken(t.db, row!.id, `hash-a-${serial}`, expires);
    await authRepository.createToken(t.db, row!.id, `hash-b-${serial}`, expires);
    return row!;
  }
  const tokensOf = async (ids: number[]) => (await t.db.select().from(accessTokens).where(inArray(accessTokens.user_id, ids))).length;
  const isActive = async (id: number) => (await t.db.select({ a: users.is_active }).from(users).where(eq(users.id, id)))[0]!.a;
  const list = async (path: string) => (await (await t.call(path)).json()) as Page;

  it('lists active ordinary users with their country, paged and searchable', async () => {
    const omar = await account({ name: 'Omar Khaled Abdelaziz', email: 'omar.k@sehha.test' });
    const ahmed = await account({ name: 'أحمد محمد السيد', country_id: null });
    await account({ name: 'Inactive person', is_active: false, deactivated_at: new Date().toISOString() });
    await account({ name: 'A doctor account', role: 'doctor' });

    const all = await list('/api/admin/users?per_page=100');
    const names = all.data.data.map((u) => u.name);
    expect(names).toContain('Omar Khaled Abdelaziz');
    expect(names).not.toContain('Inactive person');
    expect(names).not.toContain('A doctor account');
    expect(names).not.toContain('Test Admin');
    expect(all.data.data.find((u) => u.id === omar.id)).toMatchObject({
      email: 'omar.k@sehha.test',
      phone: omar.phone,
      country: { name_en: 'Egypt' },
      is_active: true,
    });
    expect(all.data.data.find((u) => u.id === ahmed.id)?.country).toBeNull();

    expect((await list('/api/admin/users?search=احمد')).data.data.map((u) => u.id)).toEqual([ahmed.id]);
    expect((await list('/api/admin/users?search=OMAR.K')).data.data.map((u) => u.id)).toEqual([omar.id]);

    const first = await list('/api/admin/users?per_page=1');
    expect(first.data.data).toHaveLength(1);
    expect(first.data.last_page).toBe(first.data.total);
    expect(first.data.next_page_url).toContain('page=2');
  });

  it('validates the list query and needs a token', async () => {
    const bad = await t.call('/api/admin/users?page=0&per_page=1000');
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ErrorBody).errors).toEqual({
      page: ['Must be a page number from 1'],
      per_page: ['Must be between 1 and 100'],
    });
    for (const [path, method] of [
      ['/api/admin/users', 'GET'],
      ['/api/admin/users/deactivated', 'GET'],
      ['/api/admin/users/deactivate/1', 'POST'],
      ['/api/admin/users/deactivate-all', 'POST'],
      ['/api/admin/users/reactivate', 'POST'],
      ['/api/admin/users/reactivate-all', 'POST'],
    ] as const) {
      const response = await t.call(path, { method, token: null });
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('deactivates one account and revokes all its tokens at once', async () => {
    const user = await account();
    expect(await tokensOf([user.id])).toBe(2);
    const response = await t.call(`/api/admin/users/deactivate/${user.id}`, { method: 'POST' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; data: Account };
    expect(body.message).toBe('User Deactivated Successfully !');
    expect(body.data).toMatchObject({ id: user.id, is_active: false });
    expect(body.data.deactivated_at).not.toBeNull();
    expect(await tokensOf([user.id])).toBe(0);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entity_id, String(user.id)));
    expect(audit.map((a) => a.action)).toContain('deactivate');

    const again = await t.call(`/api/admin/users/deactivate/${user.id}`, { method: 'POST', headers: { 'accept-language': 'ar' } });
    expect(again.status).toBe(422);
    expect(((await again.json()) as ErrorBody).message).toBe('هذا المستخدم غير مفعّل بالفعل.');
  });

  it('answers 404 for an unknown account, 422 for a bad id, and never deactivates an admin', async () => {
    const missing = await t.call('/api/admin/users/deactivate/999999', { method: 'POST' });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).message).toBe('User not found.');
    expect((await t.call('/api/admin/users/deactivate/abc', { method: 'POST' })).status).toBe(422);
    const admin = await t.call(`/api/admin/users/deactivate/${t.adminId}`, { method: 'POST' });
    expect(admin.status).toBe(422);
    expect(await isActive(t.adminId)).toBe(true);
  });

  it('deactivates providers too, and lists every deactivated account but admins', async () => {
    const doctor = await account({ role: 'doctor', name: 'Deactivated Doctor' });
    const pharmacy = await account({ role: 'pharmacy', name: 'Deactivated Pharmacy' });
    expect((await t.call(`/api/admin/users/deactivate/${doctor.id}`, { method: 'POST' })).status).toBe(200);
    await t.db
      .update(users)
      .set({ is_active: false, deactivated_at: new Date(Date.now() - 60_000).toISOString() })
      .where(eq(users.id, pharmacy.id));
    await account({ role: 'admin', name: 'Inactive Admin', is_active: false, deactivated_at: new Date().toISOString() });

    const deactivated = (await list('/api/admin/users/deactivated?per_page=100')).data.data;
    const names = deactivated.map((u) => u.name);
    expect(names.indexOf('Deactivated Doctor')).toBeLessThan(names.indexOf('Deactivated Pharmacy'));
    expect(names).not.toContain('Inactive Admin');
    expect(deactivated.find((u) => u.id === doctor.id)).toMatchObject({
      role: 'doctor',
      whatsapp_phone: doctor.whatsapp_phone,
      country: { name_en: 'Egypt' },
    });
    expect((await list('/api/admin/users/deactivated?search=Deactivated%20Pharm')).data.data.map((u) => u.id)).toEqual([pharmacy.id]);
  });

  it('reactivates the selected accounts; old tokens stay revoked', async () => {
    const a = await account();
    const b = await account();
    for (const id of [a.id, b.id]) await t.call(`/api/admin/users/deactivate/${id}`, { method: 'POST' });
    const response = await t.call('/api/admin/users/reactivate', { method: 'POST', json: { ids: [a.id, b.id] } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Bulk;
    expect(body.message).toBe('Users Reactivated Successfully !');
    expect(body.data.ids.sort()).toEqual([a.id, b.id].sort());
    expect(await isActive(a.id)).toBe(true);
    expect(await tokensOf([a.id, b.id])).toBe(0);

    const c = await account();
    await t.call(`/api/admin/users/deactivate/${c.id}`, { method: 'POST' });
    const one = await t.call('/api/admin/users/reactivate', { method: 'POST', form: { 'ids[0]': c.id } });
    expect(((await one.json()) as Bulk).message).toBe('User Reactivated Successfully !');
    expect(await isActive(c.id)).toBe(true);
  });

  it('reactivation is all or nothing', async () => {
    const deactivated = await account({ is_active: false, deactivated_at: new Date().toISOString() });
    const active = await account();
    const response = await t.call('/api/admin/users/reactivate', { method: 'POST', json: { ids: [deactivated.id, active.id, 999999] } });
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.errors?.ids).toEqual([`Account ${active.id} is not deactivated.`, 'Account 999999 does not exist.']);
    expect(await isActive(deactivated.id)).toBe(false);

    const empty = await t.call('/api/admin/users/reactivate', { method: 'POST', json: { ids: [] }, headers: { 'accept-language': 'ar' } });
    expect(((await empty.json()) as ErrorBody).errors).toEqual({ ids: ['اختر حسابًا واحدًا على الأقل'] });
    const bad = await t.call('/api/admin/users/reactivate', { method: 'POST', json: { ids: ['x'] } });
    expect(bad.status).toBe(422);
  });

  it('deactivates every ordinary user in one transaction, then reactivates all', async () => {
    const ordinary = [await account(), await account()];
    const doctor = await account({ role: 'doctor' });
    const response = await t.call('/api/admin/users/deactivate-all', { method: 'POST', json: { all: true } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Bulk;
    expect(body.message).toBe('Users Deactivated Successfully !');
    expect(body.data.ids).toEqual(expect.arrayContaining(ordinary.map((u) => u.id)));
    expect(body.data.ids).not.toContain(doctor.id);
    expect(await tokensOf(ordinary.map((u) => u.id))).toBe(0);
    expect(await tokensOf([doctor.id])).toBe(2);
    expect(await isActive(t.adminId)).toBe(true);
    expect((await list('/api/admin/users')).data.total).toBe(0);
    // The admin's own session still works.
    expect((await t.call('/api/admin/users')).status).toBe(200);

    const reactivated = (await (await t.call('/api/admin/users/reactivate-all', { method: 'POST', json: { all: true } })).json()) as Bulk;
    expect(reactivated.data.ids).toEqual(expect.arrayContaining(ordinary.map((u) => u.id)));
    expect((await list('/api/admin/users/deactivated')).data.total).toBe(0);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.action, ['deactivate_all', 'reactivate_all']));
    expect(audit).toHaveLength(2);
  });
  it("deactivates all and reactivates all under the list's search only: exactly the rows the list shows, audited with the filter", async () => {
    const zainabs = [await account({ name: 'Zainab Fathy' }), await account({ name: 'زينب فتحي', email: 'z.fathi.ar@sehha.test' })];
    const others = [await account({ name: 'Karim Nabil' }), await account({ name: 'كريم نبيل' })];
    const listed = await list('/api/admin/users?search=zainab');
    expect(listed.data.data.map((u) => u.id)).toEqual([zainabs[0]!.id]);

    const one = (await (
      await t.call('/api/admin/users/deactivate-all', { method: 'POST', json: { all: true, search: 'zainab' } })
    ).json()) as Bulk;
    expect(one.data).toEqual({ count: 1, ids: [zainabs[0]!.id] });
    expect(await isActive(zainabs[1]!.id)).toBe(true);
    for (const other of others) expect(await isActive(other.id)).toBe(true);
    expect(await tokensOf([zainabs[0]!.id])).toBe(0);
    expect(await tokensOf(others.map((u) => u.id))).toBe(4);

    // A form body, an Arabic search folded as the list folds it.
    const arabic = (await (
      await t.call('/api/admin/users/deactivate-all', {
        method: 'POST',
        form: { all: '1', search: 'زينب' },
        headers: { 'accept-language': 'ar' },
      })
    ).json()) as Bulk;
    expect(arabic.data.ids).toEqual([zainabs[1]!.id]);
    expect(arabic.message).toBe('تم إلغاء تفعيل المستخدمين بنجاح!');
    for (const other of others) expect(await isActive(other.id)).toBe(true);

    // Reactivate-all under the deactivated list's search: only what that list shows.
    const shown = await list('/api/admin/users/deactivated?search=fathy');
    expect(shown.data.data.map((u) => u.id)).toEqual([zainabs[0]!.id]);
    const back = (await (
      await t.call('/api/admin/users/reactivate-all', { method: 'POST', json: { all: true, search: 'fathy' } })
    ).json()) as Bulk;
    expect(back.data).toEqual({ count: 1, ids: [zainabs[0]!.id] });
    expect(await isActive(zainabs[1]!.id)).toBe(false);

    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.action, ['deactivate_all', 'reactivate_all']));
    expect(audit.map((row) => (row.before as { filter: { search?: string | undefined } } | null)?.filter?.search)).toEqual(
      expect.arrayContaining(['zainab', 'زينب', 'fathy']),
    );

    const tooLong = await t.call('/api/admin/users/deactivate-all', { method: 'POST', json: { all: true, search: 'x'.repeat(300) } });
    expect(tooLong.status).toBe(422);
    expect(await isActive(others[0]!.id)).toBe(true);
  });

  it("narrows the deactivated list to one role (a provider page's link), and reactivates all of that role only", async () => {
    const doctor = await account({ role: 'doctor', name: 'Role Doctor', is_active: false, deactivated_at: new Date().toISOString() });
    const pharmacy = await account({ role: 'pharmacy', name: 'Role Pharmacy', is_active: false, deactivated_at: new Date().toISOString() });
    const doctors = await list('/api/admin/users/deactivated?role=doctor&per_page=100');
    expect(doctors.data.data.every((u) => u.role === 'doctor')).toBe(true);
    expect(doctors.data.data.map((u) => u.id)).toContain(doctor.id);
    const counted = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'doctor'), eq(users.is_active, false)));
    expect(doctors.data.total).toBe(counted.length);
    expect((await list('/api/admin/users/deactivated?role=pharmacy&search=Role')).data.data.map((u) => u.id)).toEqual([pharmacy.id]);
    expect((await t.call('/api/admin/users/deactivated?role=admin')).status).toBe(422);
    expect((await t.call('/api/admin/users/deactivated/export?role=doctor&format=csv')).status).toBe(200);

    const reactivated = await t.call('/api/admin/users/reactivate-all', {
      method: 'POST',
      json: { all: true, search: 'Role', role: 'doctor' },
    });
    expect(((await reactivated.json()) as Bulk).data.ids).toEqual([doctor.id]);
    expect(await isActive(pharmacy.id)).toBe(false);
    const bulk = await t.call('/api/admin/users/deactivated/bulk/reactivate', {
      method: 'POST',
      json: { filter: { search: 'Role', role: 'company' } },
    });
    expect(bulk.status).toBe(200);
    expect(await isActive(pharmacy.id)).toBe(false);
  });
});
