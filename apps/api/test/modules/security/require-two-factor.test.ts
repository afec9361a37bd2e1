import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticator } from 'otplib';
import { securityMessages } from '@sehha/contract/security';
import { makeAdmin } from '../../support/admins';
import { createTestApp, type TestApp } from '../../support/test-app';

type Json = { message: string; data: Record<string, unknown> };

/** REQUIRE_2FA=true: super admins without a second factor reach only their own security screen. */
describe('REQUIRE_2FA', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ requireTwoFactor: true });
    // A fresh migrated database on a loaded 2-core machine can take most of the default minute.
  }, 180_000);
  afterAll(() => t?.close());

  const me = async (token: string) => ((await (await t.call('/api/auth/me', { token })).json()) as Json).data;

  it('lets an unenrolled super admin sign in, tells the dashboard, and opens only the `self` routes', async () => {
    expect(await me(t.adminToken)).toMatchObject({ admin_role: 'super_admin', two_factor_required_setup: true });

    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/home/stats'],
      ['POST', '/api/admin/admins'],
      ['GET', `/api/admin/admins/${t.adminId}/sessions`],
    ] as const) {
      const refused = await t.call(path, { method, ...(method === 'POST' ? { json: {} } : {}) });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await refused.json()).toEqual({ message: securityMessages.setupRequired.en });
    }
    const arabic = await t.call('/api/admin/users', { headers: { 'accept-language': 'ar' } });
    expect(await arabic.json()).toEqual({ message: securityMessages.setupRequired.ar });

    expect((await t.call('/api/admin/security')).status).toBe(200);
    expect((await t.call('/api/admin/sessions')).status).toBe(200);
    // Unknown paths stay 404, not a hint that the route exists.
    expect((await t.call('/api/admin/no-such-thing')).status).toBe(404);
  });

  it('opens everything once the super admin has enrolled; other roles are not held back', async () => {
    const setup = (await (await t.call('/api/admin/security/two-factor/setup', { method: 'POST', json: {} })).json()) as Json;
    const code = authenticator.generate(setup.data.secret as string);
    expect((await t.call('/api/admin/security/two-factor/confirm', { method: 'POST', json: { code } })).status).toBe(200);

    expect(await me(t.adminToken)).toMatchObject({ two_factor_required_setup: false });
    expect((await t.call('/api/admin/users')).status).toBe(200);

    const viewer = await makeAdmin(t, 'viewer', 'Viewer Without 2FA');
    expect(await me(viewer.token)).toMatchObject({ two_factor_required_setup: false });
    expect((await t.call('/api/admin/users', { token: viewer.token })).status).toBe(200);

    // Another super admin is held back until they enrol too.
    const second = await makeAdmin(t, 'super_admin', 'Second Super Admin');
    expect(await me(second.token)).toMatchObject({ two_factor_required_setup: true });
    expect((await t.call('/api/admin/users', { token: second.token })).status).toBe(403);
    expect((await t.call('/api/admin/security', { token: second.token })).status).toBe(200);
  });
});
