import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessTokens } from '../../../src/db/schema/accounts';
import { auditLogs } from '../../../src/db/schema/audit';
import { makeAdmin, type MadeAdmin } from '../../support/admins';
import { createTestApp, type TestApp } from '../../support/test-app';

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type Device = { browser: string; version: string | null; os: string | null };
type Session = {
  id: number;
  created_at: string;
  last_used_at: string | null;
  ip: string | null;
  browser: string | null;
  device: Device | null;
  current: boolean;
};

describe('sessions', () => {
  let t: TestApp;
  let viewer: MadeAdmin;

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await makeAdmin(t, 'viewer', 'Sessions Viewer');
    // A fresh migrated database on a loaded 2-core machine can take most of the default minute.
  }, 180_000);
  afterAll(() => t?.close());

  const signIn = async (userAgent: string) => {
    const response = await t.call('/api/auth/login', {
      method: 'POST',
      token: null,
      json: { email: viewer.email, password: viewer.password },
      headers: { 'user-agent': userAgent },
    });
    return ((await response.json()) as { data: { token: string } }).data.token;
  };
  const list = async (token: string, path = '/api/admin/sessions') => {
    const response = await t.call(path, { token });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: Session[] }).data;
  };

  it("lists the admin's own live tokens with address, browser and the current one marked, never a hash", async () => {
    const onFirefox = await signIn(firefox);
    const onChrome = await signIn(chrome);
    const sessions = await list(onFirefox);
    // makeAdmin's login plus these two.
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const current = sessions.find((s) => s.current)!;
    expect(current.browser).toBe('Firefox 132 on Linux');
    // The parts too, for the dashboard to write the device in Arabic.
    expect(current.device).toEqual({ browser: 'Firefox', version: '132', os: 'Linux' });
    expect(current.ip).toBe('127.0.0.1');
    expect(sessions.map((s) => s.browser)).toContain('Chrome 131 on Windows');
    expect(JSON.stringify(sessions)).not.toMatch(/[0-9a-f]{64}/);
    expect(JSON.stringify(sessions)).not.toContain(onChrome);
    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.id, current.id));
    expect(row!.user_agent).toBe(firefox);
  });

  it("revokes one session: its token is refused on its next call; another admin's session is not found", async () => {
    const mine = await signIn(chrome);
    const other = await signIn(firefox);
    const otherId = (await list(other)).find((s) => s.current)!.id;
    const revoked = await t.call(`/api/admin/sessions/${otherId}/revoke`, { method: 'POST', token: mine });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ message: 'The session was signed out.' });
    expect((await t.call('/api/auth/me', { token: other })).status).toBe(401);
    expect((await t.call('/api/auth/me', { token: mine })).status).toBe(200);

    // The super admin's own token is not this viewer's: 404, and it still works.
    const superSessions = await list(t.adminToken);
    const superId = superSessions.find((s) => s.current)!.id;
    const foreign = await t.call(`/api/admin/sessions/${superId}/revoke`, { method: 'POST', token: mine });
    expect(foreign.status).toBe(404);
    expect((await t.call('/api/auth/me')).status).toBe(200);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'session.revoked'));
    expect(audit.some((row) => row.entity_id === String(otherId) && row.actor_id === viewer.id)).toBe(true);
  });

  it('revokes every other session and keeps the current one', async () => {
    const keep = await signIn(chrome);
    const gone = await signIn(firefox);
    const response = await t.call('/api/admin/sessions/revoke-others', { method: 'POST', token: keep });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { revoked: number } }).data.revoked).toBeGreaterThanOrEqual(2);
    expect(await list(keep)).toHaveLength(1);
    expect((await t.call('/api/auth/me', { token: gone })).status).toBe(401);
    viewer.token = keep;
  });

  it("lets a super admin list and revoke another admin's sessions, and no one else", async () => {
    const target = await signIn(firefox);
    expect((await t.call(`/api/admin/admins/${viewer.id}/sessions`, { token: viewer.token })).status).toBe(403);
    const sessions = await list(t.adminToken, `/api/admin/admins/${viewer.id}/sessions`);
    expect(sessions.every((s) => !s.current)).toBe(true);
    const targetId = (await list(target)).find((s) => s.current)!.id;
    expect(sessions.map((s) => s.id)).toContain(targetId);

    const revoked = await t.call(`/api/admin/admins/${viewer.id}/sessions/${targetId}/revoke`, { method: 'POST' });
    expect(revoked.status).toBe(200);
    expect((await t.call('/api/auth/me', { token: target })).status).toBe(401);
    expect((await t.call(`/api/admin/admins/${viewer.id}/sessions/${targetId}/revoke`, { method: 'POST' })).status).toBe(404);
    expect((await t.call('/api/admin/admins/999999/sessions')).status).toBe(404);
    expect((await t.call('/api/admin/admins/abc/sessions')).status).toBe(422);
  });
});
