import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../../src/db/schema/audit';
import { users } from '../../../src/db/schema/accounts';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeAdmin } from '../../support/admins';

type Admin = { id: number; name: string; email: string; admin_role: string; is_active: boolean; deactivated_at: string | null };
type Page = { data: { data: Admin[]; total: number; per_page: number } };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

const json = (body: unknown) => ({ method: 'POST', json: body, headers: { 'accept-language': 'en' } });

describe('admin accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const auditOf = (id: number) =>
    t.db
      .select({ action: auditLogs.action, actor_id: auditLogs.actor_id, before: auditLogs.before, after: auditLogs.after })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'admin'), eq(auditLogs.entity_id, String(id))))
      .orderBy(auditLogs.id);

  /** Makes every active super admin but the test's own a viewer, so that each test starts from one super admin. */
  async function onlyTheTestSuperAdmin() {
    await t.db
      .update(users)
      .set({ admin_role: 'viewer' })
      .where(and(eq(users.role, 'admin'), eq(users.admin_role, 'super_admin')));
    await t.db.update(users).set({ admin_role: 'super_admin', is_active: true }).where(eq(users.id, t.adminId));
  }

  it('creates an admin whose temporary password, answered once, signs in with that role', async () => {
    const response = await t.call('/api/admin/admins', json({ name: 'Rana Reviewer', email: 'Rana@Sehha.test', admin_role: 'reviewer' }));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { message: string; data: Admin & { temporary_password: string } };
    expect(body.message).toContain('will not be shown again');
    expect(body.data).toMatchObject({ name: 'Rana Reviewer', email: 'rana@sehha.test', admin_role: 'reviewer', is_active: true });
    expect(body.data.temporary_password.length).toBeGreaterThanOrEqual(12);

    const login = await t.login('rana@sehha.test', body.data.temporary_password);
    expect(login.status).toBe(200);
    const session = ((await login.json()) as { data: { role: string; user: { admin_role: string } } }).data;
    expect(session.role).toBe('admin');
    expect(session.user.admin_role).toBe('reviewer');

    const [audit] = await auditOf(body.data.id);
    expect(audit).toMatchObject({ action: 'create', actor_id: t.adminId, after: { email: 'rana@sehha.test', admin_role: 'reviewer' } });
    expect(JSON.stringify(audit)).not.toContain(body.data.temporary_password);
    // The list never answers a password.
    const list = (await (await t.call('/api/admin/admins?search=rana')).json()) as Page;
    expect(list.data.data.map((admin) => admin.email)).toEqual(['rana@sehha.test']);
    expect(JSON.stringify(list)).not.toContain('password');
  });

  it('refuses a taken email, an unknown role and a missing name with 422', async () => {
    const taken = await t.call('/api/admin/admins', json({ name: 'Again', email: 'ADMIN@sehha.test', admin_role: 'viewer' }));
    expect(taken.status).toBe(422);
    expect(((await taken.json()) as ErrorBody).errors).toHaveProperty('email');
    const bad = await t.call('/api/admin/admins', json({ name: '', email: 'nope', admin_role: 'owner' }));
    expect(bad.status).toBe(422);
    expect(Object.keys(((await bad.json()) as ErrorBody).errors ?? {}).sort()).toEqual(['admin_role', 'email', 'name']);
  });

  it('lists admins only, searched by name or email, paged', async () => {
    const viewer = await makeAdmin(t, 'viewer', 'Vera Viewer');
    const page = (await (await t.call('/api/admin/admins?per_page=100')).json()) as Page;
    const emails = page.data.data.map((admin) => admin.email);
    expect(emails).toContain('admin@sehha.test');
    expect(emails).toContain(viewer.email);
    expect(page.data.total).toBe(page.data.data.length);
    const byName = (await (await t.call('/api/admin/admins?search=vera')).json()) as Page;
    expect(byName.data.data).toEqual([expect.objectContaining({ id: viewer.id, admin_role: 'viewer' })]);
    expect((await t.call('/api/admin/admins?per_page=1')).status).toBe(200);
    expect((await t.call('/api/admin/admins?per_page=1000')).status).toBe(422);
  });

  it('deactivates (revoking tokens) and reactivates another admin, never oneself', async () => {
    const other = await makeAdmin(t, 'reviewer');
    expect((await t.call('/api/admin/users', { token: other.token })).status).toBe(200);

    const deactivated = await t.call(`/api/admin/admins/${other.id}/deactivate`, json({}));
    expect(deactivated.status).toBe(200);
    expect(((await deactivated.json()) as { data: Admin }).data).toMatchObject({ is_active: false });
    expect((await t.call('/api/admin/users', { token: other.token })).status).toBe(401);
    expect((await t.login(other.email, other.password)).status).toBe(422); // as a wrong password: the answer never tells that it was right
    expect((await t.call(`/api/admin/admins/${other.id}/deactivate`, json({}))).status).toBe(422);

    const reactivated = await t.call(`/api/admin/admins/${other.id}/reactivate`, json({}));
    expect(reactivated.status).toBe(200);
    expect(((await reactivated.json()) as { data: Admin }).data).toMatchObject({ is_active: true, deactivated_at: null });
    // The revoked token stays revoked; the password signs in again.
    expect((await t.call('/api/admin/users', { token: other.token })).status).toBe(401);
    expect((await t.login(other.email, other.password)).status).toBe(200);
    expect((await auditOf(other.id)).map((row) => row.action)).toEqual(['create', 'deactivate', 'reactivate']);

    const self = await t.call(`/api/admin/admins/${t.adminId}/deactivate`, json({}));
    expect(self.status).toBe(422);
    expect(((await self.json()) as ErrorBody).message).toBe('You cannot deactivate your own account.');
  });

  it('answers 404 for an account that is not an admin or does not exist', async () => {
    const [user] = await t.db
      .insert(users)
      .values({ name: 'Ordinary', email: `ordinary-${Date.now()}@sehha.test`, password_hash: 'x', role: 'user' })
      .returning({ id: users.id });
    for (const path of [`/api/admin/admins/${user!.id}/deactivate`, '/api/admin/admins/999999/reset-password']) {
      expect((await t.call(path, json({}))).status, path).toBe(404);
    }
    expect((await t.call(`/api/admin/admins/${user!.id}/role`, json({ admin_role: 'super_admin' }))).status).toBe(404);
    const [row] = await t.db.select({ admin_role: users.admin_role }).from(users).where(eq(users.id, user!.id));
    expect(row!.admin_role).toBeNull();
  });

  it('resets a password: a new temporary one, answered once, and every token revoked', async () => {
    const other = await makeAdmin(t, 'viewer');
    const response = await t.call(`/api/admin/admins/${other.id}/reset-password`, json({}));
    expect(response.status).toBe(200);
    const { temporary_password } = ((await response.json()) as { data: { temporary_password: string } }).data;
    expect(temporary_password).not.toBe(other.password);
    expect((await t.call('/api/admin/users', { token: other.token })).status).toBe(401);
    expect((await t.login(other.email, other.password)).status).toBe(422);
    expect((await t.login(other.email, temporary_password)).status).toBe(200);
    const audit = await auditOf(other.id);
    expect(audit.map((row) => row.action)).toEqual(['create', 'reset_password']);
    expect(JSON.stringify(audit)).not.toContain(temporary_password);

    expect((await t.call(`/api/admin/admins/${t.adminId}/reset-password`, json({}))).status).toBe(422);
    expect((await t.call('/api/auth/me')).status).toBe(200);
  });

  it('changes a role, which takes effect on the next request', async () => {
    const other = await makeAdmin(t, 'viewer');
    const providerStatus = `/api/admin/licenses/status/999999`;
    expect((await t.call(providerStatus, { method: 'PATCH', token: other.token, json: {} })).status).toBe(403);
    const changed = await t.call(`/api/admin/admins/${other.id}/role`, json({ admin_role: 'reviewer' }));
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { data: Admin }).data.admin_role).toBe('reviewer');
    expect((await t.call(providerStatus, { method: 'PATCH', token: other.token, json: {} })).status).not.toBe(403);
    expect((await t.call(`/api/admin/admins/${other.id}/role`, json({ admin_role: 'owner' }))).status).toBe(422);
    const [audit] = (await auditOf(other.id)).filter((row) => row.action === 'change_role');
    expect(audit).toMatchObject({ before: { admin_role: 'viewer' }, after: { admin_role: 'reviewer' } });
  });

  it('never demotes the last active super admin', async () => {
    await onlyTheTestSuperAdmin();
    const self = await t.call(`/api/admin/admins/${t.adminId}/role`, json({ admin_role: 'viewer' }));
    expect(self.status).toBe(422);
    expect(((await self.json()) as ErrorBody).message).toBe('This is the last active super admin: make another admin a super admin first.');

    // With a second super admin, one of them may step down; then the other is the last again.
    const second = await makeAdmin(t, 'super_admin');
    expect((await t.call(`/api/admin/admins/${second.id}/role`, json({ admin_role: 'reviewer' }))).status).toBe(200);
    expect((await t.call(`/api/admin/admins/${t.adminId}/role`, json({ admin_role: 'viewer' }))).status).toBe(422);
    // A deactivated super admin does not count.
    expect((await t.call(`/api/admin/admins/${second.id}/role`, json({ admin_role: 'super_admin' }))).status).toBe(200);
    expect((await t.call(`/api/admin/admins/${second.id}/deactivate`, json({}))).status).toBe(200);
    expect((await t.call(`/api/admin/admins/${t.adminId}/role`, json({ admin_role: 'viewer' }))).status).toBe(422);
    // Keeping the role is no demotion.
    expect((await t.call(`/api/admin/admins/${t.adminId}/role`, json({ admin_role: 'super_admin' }))).status).toBe(200);
  });

  it('lets only one of two super admins demote or deactivate the other at the same time', async () => {
    for (const change of [
      (id: number) => ({ path: `/api/admin/admins/${id}/role`, body: { admin_role: 'viewer' } }),
      (id: number) => ({ path: `/api/admin/admins/${id}/deactivate`, body: {} }),
    ]) {
      await onlyTheTestSuperAdmin();
      const first = await makeAdmin(t, 'super_admin');
      const second = await makeAdmin(t, 'super_admin');
      // The two race each other as the only super admins. The test's own admin steps aside in the database (its
      // token stays valid): had it raced, a deactivation that won would have revoked the token later tests use.
      await t.db.update(users).set({ admin_role: 'viewer' }).where(eq(users.id, t.adminId));
      const toSecond = change(second.id);
      const toFirst = change(first.id);
      const answers = await Promise.all([
        t.call(toSecond.path, { ...json(toSecond.body), token: first.token }),
        t.call(toFirst.path, { ...json(toFirst.body), token: second.token }),
      ]);
      // One passes. The other is refused by the rule (422), or, when the first had already committed before it
      // was authenticated, by the guard (403 once demoted, 401 once deactivated).
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 403, 422]).toContain(statuses[1]);
      const active = await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.is_active, true), eq(users.admin_role, 'super_admin')));
      expect(active).toHaveLength(1);
      expect([first.id, second.id]).toContain(active[0]!.id);
    }
    await onlyTheTestSuperAdmin();
  });

  it('keeps refusing admin accounts in the users module', async () => {
    const other = await makeAdmin(t, 'viewer');
    expect((await t.call(`/api/admin/users/deactivate/${other.id}`, json({}))).status).toBe(422);
  });
});
