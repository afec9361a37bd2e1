import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { accessTokens, users } from '../../src/db/schema/accounts';
import { licenses } from '../../src/db/schema/providers';
import { changeRequests } from '../../src/db/schema/change-requests';
import { auditLogs } from '../../src/db/schema/audit';
import { authRepository } from '../../src/auth/auth-repository';
import { createTestApp, type TestApp } from '../support/test-app';
import { makeProvider } from '../support/providers';
import { makeAdmin, type MadeAdmin } from '../support/admins';

type Answer = { message: string; data?: { count: number }; errors?: Record<string, string[]> };

let serial = 0;

/** Bulk actions of the users, licenses, change requests and provider lists (the provider review decisions: bulk-actions.test.ts). */
describe('bulk actions of the lists', () => {
  let t: TestApp;
  let viewer: MadeAdmin;
  let reviewer: MadeAdmin;
  beforeAll(async () => {
    t = await createTestApp();
    viewer = await makeAdmin(t, 'viewer');
    reviewer = await makeAdmin(t, 'reviewer');
  });
  afterAll(() => t.close());

  const bulk = async (path: string, json: unknown, options: { language?: string; token?: string } = {}) => {
    const response = await t.call(path, {
      method: 'POST',
      json,
      headers: { 'accept-language': options.language ?? 'en' },
      ...(options.token ? { token: options.token } : {}),
    });
    return { status: response.status, body: (await response.json()) as Answer };
  };
  const auditsOf = (entity: string, ids: number[]) =>
    t.db
      .select({ entity_id: auditLogs.entity_id, action: auditLogs.action, before: auditLogs.before, after: auditLogs.after })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.entity, entity),
          inArray(
            auditLogs.entity_id,
            ids.map((id) => String(id)),
          ),
        ),
      );

  async function account(values: Partial<typeof users.$inferInsert> = {}) {
    serial += 1;
    const [row] = await t.db
      .insert(users)
      .values({ name: `Bulk user ${serial}`, email: `bulk${serial}-${Date.now()}@sehha.test`, password_hash: 'x', role: 'user', ...values })
      .returning();
    await authRepository.createToken(t.db, row!.id, `bulk-hash-${serial}-${Date.now()}`, new Date(Date.now() + 86_400_000));
    return row!;
  }
  const activity = async (ids: number[]) =>
    Object.fromEntries(
      (await t.db.select({ id: users.id, a: users.is_active }).from(users).where(inArray(users.id, ids))).map((r) => [r.id, r.a]),
    );
  const tokensOf = async (ids: number[]) => (await t.db.select().from(accessTokens).where(inArray(accessTokens.user_id, ids))).length;

  describe('users', () => {
    it('deactivates the selected users, revokes their tokens, skips one already deactivated, audits each', async () => {
      const [a, b, c] = [await account(), await account(), await account({ is_active: false, deactivated_at: new Date().toISOString() })];
      const { status, body } = await bulk('/api/admin/users/bulk/deactivate', { ids: [a.id, b.id, c.id] });
      expect(status).toBe(200);
      expect(body).toEqual({ message: '2 accounts deactivated', data: { count: 2 } });
      expect(await activity([a.id, b.id, c.id])).toEqual({ [a.id]: false, [b.id]: false, [c.id]: false });
      expect(await tokensOf([a.id, b.id])).toBe(0);
      expect(await tokensOf([c.id])).toBe(1);
      const audits = await auditsOf('user', [a.id, b.id, c.id]);
      expect(audits.map((row) => row.entity_id).sort()).toEqual([String(a.id), String(b.id)].sort());
      expect(audits[0]).toMatchObject({ action: 'deactivate', before: { is_active: true }, after: { is_active: false, bulk: true } });
    });

    it('deactivates all the list matches under its search, and nothing else (other roles, other names)', async () => {
      const tag = `Bulksearch${Date.now()}`;
      const inside = [await account({ name: `${tag} One` }), await account({ name: `${tag} Two` })];
      const outside = await account({ name: 'Somebody else' });
      const doctor = await makeProvider(t.db, 'doctor', { name_en: `${tag} Doctor` });
      const { status, body } = await bulk('/api/admin/users/bulk/deactivate', { filter: { search: tag } }, { language: 'ar' });
      expect(status).toBe(200);
      expect(body).toEqual({ message: 'تم إلغاء تفعيل حسابين', data: { count: 2 } });
      expect(await activity([...inside.map((u) => u.id), outside.id, doctor.userId])).toEqual({
        [inside[0]!.id]: false,
        [inside[1]!.id]: false,
        [outside.id]: true,
        [doctor.userId]: true,
      });
    });

    it('refuses an id outside the list (an admin, a provider account on the users list), nothing changed', async () => {
      const user = await account();
      const doctor = await makeProvider(t.db, 'doctor', {});
      for (const stranger of [viewer.id, doctor.userId, 999_999_999]) {
        const { status, body } = await bulk('/api/admin/users/bulk/deactivate', { ids: [user.id, stranger] });
        expect(status).toBe(422);
        expect(body.errors?.ids).toEqual([`Account ${stranger} is not in this list.`]);
      }
      expect(await activity([user.id])).toEqual({ [user.id]: true });
    });

    it('reactivates selected deactivated accounts of any role but admin, skipping active ones; revoked tokens stay revoked', async () => {
      const sleeping = await account();
      const doctor = await makeProvider(t.db, 'doctor', {});
      const awake = await account();
      await bulk('/api/admin/users/bulk/deactivate', { ids: [sleeping.id] });
      await t.db.update(users).set({ is_active: false }).where(eq(users.id, doctor.userId));
      const { status, body } = await bulk('/api/admin/users/deactivated/bulk/reactivate', { ids: [sleeping.id, doctor.userId, awake.id] });
      expect(status).toBe(200);
      expect(body.data).toEqual({ count: 2 });
      expect(await activity([sleeping.id, doctor.userId, awake.id])).toEqual({
        [sleeping.id]: true,
        [doctor.userId]: true,
        [awake.id]: true,
      });
      expect(await tokensOf([sleeping.id])).toBe(0);
      const audits = (await auditsOf('user', [sleeping.id, awake.id])).filter((row) => row.action === 'reactivate');
      expect(audits.map((row) => row.entity_id)).toEqual([String(sleeping.id)]);
      expect((await bulk('/api/admin/users/deactivated/bulk/reactivate', { ids: [viewer.id] })).status).toBe(422);
    });

    it('reactivates all the deactivated list matches under its search', async () => {
      const tag = `Bulkwake${Date.now()}`;
      const inside = [await account({ name: `${tag} A`, is_active: false }), await account({ name: `${tag} B`, is_active: false })];
      const outside = await account({ name: 'Still asleep', is_active: false });
      const { body } = await bulk('/api/admin/users/deactivated/bulk/reactivate', { filter: { search: tag } });
      expect(body.data).toEqual({ count: 2 });
      expect(await activity([...inside.map((u) => u.id), outside.id])).toEqual({
        [inside[0]!.id]: true,
        [inside[1]!.id]: true,
        [outside.id]: false,
      });
    });
  });

  describe('providers: deactivate', () => {
    it('deactivates the selected providers of the kind, revokes tokens, audits per provider; another kind refuses', async () => {
      const [a, b] = [await makeProvider(t.db, 'pharmacy', {}), await makeProvider(t.db, 'pharmacy', {})];
      const doctor = await makeProvider(t.db, 'doctor', {});
      await authRepository.createToken(t.db, a.userId, `bulk-provider-${Date.now()}`, new Date(Date.now() + 86_400_000));
      const refused = await bulk('/api/admin/providers/pharmacies/bulk/deactivate', { ids: [a.id, doctor.id] });
      expect(refused.status).toBe(422);
      expect(await activity([a.userId])).toEqual({ [a.userId]: true });

      const { status, body } = await bulk('/api/admin/providers/pharmacies/bulk/deactivate', { ids: [a.id, b.id] });
      expect(status).toBe(200);
      expect(body).toEqual({ message: '2 providers deactivated', data: { count: 2 } });
      expect(await activity([a.userId, b.userId])).toEqual({ [a.userId]: false, [b.userId]: false });
      expect(await tokensOf([a.userId])).toBe(0);
      const audits = await auditsOf('provider', [a.id, b.id]);
      expect(audits.filter((row) => row.action === 'deactivate')).toHaveLength(2);
      // Again: both already deactivated, skipped.
      expect((await bulk('/api/admin/providers/pharmacies/bulk/deactivate', { ids: [a.id, b.id] })).body.data).toEqual({ count: 0 });
    });

    it('deactivates all the list shows under its search and status', async () => {
      const tag = `Bulkoff${Date.now()}`;
      const inside = await makeProvider(t.db, 'hospital', { name_en: `${tag} One`, status: 'approved' });
      const otherStatus = await makeProvider(t.db, 'hospital', { name_en: `${tag} Two`, status: 'pending' });
      const { body } = await bulk('/api/admin/providers/hospitals/bulk/deactivate', { filter: { search: tag, status: 'approved' } });
      expect(body.data).toEqual({ count: 1 });
      expect(await activity([inside.userId, otherStatus.userId])).toEqual({ [inside.userId]: false, [otherStatus.userId]: true });
    });
  });

  describe('licenses', () => {
    async function license(providerId: number, status: 'pending' | 'approved' | 'rejected', expires_on = '2999-01-01') {
      serial += 1;
      const [row] = await t.db
        .insert(licenses)
        .values({
          provider_id: providerId,
          number: `BULK-${serial}`,
          path: `licenses/bulk-${serial}.pdf`,
          original_name: 'license.pdf',
          mime_type: 'application/pdf',
          expires_on,
          status,
        })
        .returning();
      return row!;
    }
    const statuses = async (ids: number[]) =>
      Object.fromEntries(
        (await t.db.select({ id: licenses.id, s: licenses.status }).from(licenses).where(inArray(licenses.id, ids))).map((r) => [
          r.id,
          r.s,
        ]),
      );

    it('approves the selected licenses, skipping an approved one, one audit row each; a reviewer may', async () => {
      const doctor = await makeProvider(t.db, 'doctor', {});
      const [p, r, a] = [await license(doctor.id, 'pending'), await license(doctor.id, 'rejected'), await license(doctor.id, 'approved')];
      const { status, body } = await bulk('/api/admin/licenses/bulk/approve', { ids: [p.id, r.id, a.id] }, { token: reviewer.token });
      expect(status).toBe(200);
      expect(body).toEqual({ message: '2 licenses accepted', data: { count: 2 } });
      expect(await statuses([p.id, r.id, a.id])).toEqual({ [p.id]: 'approved', [r.id]: 'approved', [a.id]: 'approved' });
      const audits = await auditsOf('license', [p.id, r.id, a.id]);
      expect(audits.map((row) => row.entity_id).sort()).toEqual([String(p.id), String(r.id)].sort());
      expect(audits.find((row) => row.entity_id === String(r.id))).toMatchObject({
        action: 'status',
        before: { status: 'rejected' },
        after: { status: 'approved', bulk: true },
      });
      expect((await bulk('/api/admin/licenses/bulk/approve', { ids: [p.id, 999_999_999] })).body.errors?.ids).toEqual([
        'License 999999999 is not in this list.',
      ]);
    });

    it('rejects all matching the list filter (provider search, status, expired), nothing outside it', async () => {
      const tag = `Bulklic${Date.now()}`;
      const inside = await makeProvider(t.db, 'pharmacy', { name_en: `${tag} pharmacy` });
      const outside = await makeProvider(t.db, 'pharmacy', { name_en: 'Another pharmacy' });
      const expired = await license(inside.id, 'pending', '2000-01-01');
      const valid = await license(inside.id, 'pending');
      const approvedExpired = await license(inside.id, 'approved', '2001-01-01');
      const elsewhere = await license(outside.id, 'pending', '2000-01-01');
      const { body } = await bulk(
        '/api/admin/licenses/bulk/reject',
        { filter: { search: tag, status: 'pending', expired: '1' } },
        { language: 'ar' },
      );
      expect(body).toEqual({ message: 'تم رفض ترخيص واحد', data: { count: 1 } });
      expect(await statuses([expired.id, valid.id, approvedExpired.id, elsewhere.id])).toEqual({
        [expired.id]: 'rejected',
        [valid.id]: 'pending',
        [approvedExpired.id]: 'approved',
        [elsewhere.id]: 'pending',
      });
    });
  });

  describe('change requests', () => {
    async function request(changes: Record<string, unknown>, status = 0) {
      const owner = await account();
      const [row] = await t.db.insert(changeRequests).values({ user_id: owner.id, changes, status }).returning();
      return { owner, id: row!.id };
    }
    const statuses = async (ids: number[]) =>
      Object.fromEntries(
        (
          await t.db.select({ id: changeRequests.id, s: changeRequests.status }).from(changeRequests).where(inArray(changeRequests.id, ids))
        ).map((r) => [r.id, r.s]),
      );
    const nameOf = async (id: number) => (await t.db.select({ n: users.name }).from(users).where(eq(users.id, id)))[0]!.n;

    it('approves the selected requests, applying each change to its account, skipping a decided one, one audit row each', async () => {
      const first = await request({ name: 'Renamed One' });
      const second = await request({ phone: '+201555000111' });
      const decided = await request({ name: 'Never applied' }, 2);
      const { status, body } = await bulk('/api/admin/change-requests/bulk/approve', { ids: [first.id, second.id, decided.id] });
      expect(status).toBe(200);
      expect(body).toEqual({ message: '2 requests accepted', data: { count: 2 } });
      expect(await statuses([first.id, second.id, decided.id])).toEqual({ [first.id]: 1, [second.id]: 1, [decided.id]: 2 });
      expect(await nameOf(first.owner.id)).toBe('Renamed One');
      expect(await nameOf(decided.owner.id)).not.toBe('Never applied');
      const audits = await auditsOf('change_request', [first.id, second.id, decided.id]);
      expect(audits.map((row) => row.entity_id).sort()).toEqual([String(first.id), String(second.id)].sort());
      expect(audits[0]).toMatchObject({ action: 'approve', before: { status: 0 }, after: { status: 1, bulk: true } });
    });

    it('refuses the whole approval when one change cannot be applied, naming it; nothing written', async () => {
      const good = await request({ name: 'Good Name' });
      const bad = await request({ email: 'x@y.z' });
      const { status, body } = await bulk('/api/admin/change-requests/bulk/approve', { ids: [good.id, bad.id] });
      expect(status).toBe(422);
      expect(body.errors?.ids).toEqual([`Request ${bad.id} cannot be applied: The field "email" cannot be changed by a request.`]);
      expect(await statuses([good.id, bad.id])).toEqual({ [good.id]: 0, [bad.id]: 0 });
      expect(await nameOf(good.owner.id)).not.toBe('Good Name');
    });

    it('rejects every waiting request under the list filter; decided ones untouched', async () => {
      const waiting = [await request({ name: 'A' }), await request({ name: 'B' })];
      const decided = await request({ name: 'C' }, 1);
      const nothing = await bulk('/api/admin/change-requests/bulk/reject', { filter: { state: 'decided' } });
      expect(nothing.body.data).toEqual({ count: 0 });
      const { body } = await bulk('/api/admin/change-requests/bulk/reject', { filter: { state: 'waiting' } });
      expect(body.data!.count).toBeGreaterThanOrEqual(2);
      expect(await statuses([...waiting.map((r) => r.id), decided.id])).toEqual({
        [waiting[0]!.id]: 2,
        [waiting[1]!.id]: 2,
        [decided.id]: 1,
      });
    });
  });

  describe('permissions and malformed bodies', () => {
    const paths = [
      '/api/admin/users/bulk/deactivate',
      '/api/admin/users/deactivated/bulk/reactivate',
      '/api/admin/providers/doctors/bulk/deactivate',
      '/api/admin/licenses/bulk/approve',
      '/api/admin/licenses/bulk/reject',
      '/api/admin/change-requests/bulk/approve',
      '/api/admin/change-requests/bulk/reject',
    ];

    it.each(paths)('%s is 403 to a viewer and 401 without a token', async (path) => {
      const forbidden = await bulk(path, { ids: [1] }, { token: viewer.token });
      expect(forbidden).toEqual({ status: 403, body: { message: 'Your role does not allow this action.' } });
      expect((await t.call(path, { method: 'POST', json: { ids: [1] }, token: null })).status).toBe(401);
    });

    it('a reviewer decides licenses and requests but does not deactivate', async () => {
      expect((await bulk('/api/admin/users/bulk/deactivate', { filter: {} }, { token: reviewer.token })).status).toBe(403);
      expect(
        (await bulk('/api/admin/change-requests/bulk/reject', { filter: { state: 'decided' } }, { token: reviewer.token })).status,
      ).toBe(200);
    });

    it.each([
      ['/api/admin/users/bulk/deactivate', { ids: [] }, 'ids'],
      ['/api/admin/users/bulk/deactivate', {}, 'ids'],
      ['/api/admin/users/bulk/deactivate', { ids: [1], filter: {} }, 'ids'],
      ['/api/admin/users/bulk/deactivate', { filter: { search: 'x', role: 'admin' } }, 'filter'],
      ['/api/admin/users/deactivated/bulk/reactivate', { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'ids'],
      ['/api/admin/licenses/bulk/approve', { filter: { expired: 'yes' } }, 'filter.expired'],
      ['/api/admin/licenses/bulk/reject', { ids: ['a'] }, 'ids.0'],
      ['/api/admin/change-requests/bulk/approve', { filter: { state: 'open' } }, 'filter.state'],
      ['/api/admin/providers/companies/bulk/deactivate', { ids: [2, 2] }, 'ids'],
      ['/api/admin/change-requests/bulk/reject', 'not json at all', undefined],
    ])('%s answers 422 for %j', async (path, json, field) => {
      const { status, body } = await bulk(path, json);
      expect(status).toBe(422);
      if (field) expect(Object.keys(body.errors ?? {})).toContain(field);
    });
  });
});
