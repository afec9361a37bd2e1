import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { auditLogs } from '../../src/db/schema/audit';
import { makeAdmin } from '../support/admins';
import { createTestApp, type TestApp } from '../support/test-app';

type Json = { message: string; data: Record<string, unknown>; errors?: Record<string, string[]> };

/** Sign-ins, failed sign-ins, sign-outs and the start of a two-factor setup are on record; never a password. */
describe('sign-in on record', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const body = async (response: Response) => (await response.json()) as Json;
  const lastOf = async (actions: string[]) =>
    (
      await t.db
        .select({ actor_id: auditLogs.actor_id, action: auditLogs.action, entity_id: auditLogs.entity_id, after: auditLogs.after })
        .from(auditLogs)
        .where(inArray(auditLogs.action, actions))
        .orderBy(desc(auditLogs.id))
        .limit(1)
    )[0];

  it('records a sign-in (who, from where, how) and a sign-out', async () => {
    const admin = await makeAdmin(t, 'viewer', 'Audited Admin');
    expect(await lastOf(['sign_in'])).toMatchObject({
      actor_id: admin.id,
      entity_id: String(admin.id),
      after: { email: admin.email, address: '127.0.0.1', outcome: 'signed_in', method: 'password' },
    });
    expect((await t.call('/api/auth/logout', { method: 'POST', token: admin.token })).status).toBe(200);
    expect(await lastOf(['sign_out'])).toMatchObject({ actor_id: admin.id });
  });

  it('records failed sign-ins with the attempted email, the address and the outcome, never the password', async () => {
    const admin = await makeAdmin(t, 'viewer', 'Mistyping Admin');
    expect((await t.login(admin.email, 'wrong-password-123')).status).toBe(422);
    expect(await lastOf(['sign_in.failed'])).toEqual({
      actor_id: null,
      action: 'sign_in.failed',
      entity_id: String(admin.id),
      after: { email: admin.email, address: '127.0.0.1', outcome: 'bad_credentials' },
    });
    expect((await t.login('nobody@sehha.test', 'whatever-password')).status).toBe(422);
    expect(await lastOf(['sign_in.failed'])).toMatchObject({ actor_id: null, entity_id: null, after: { email: 'nobody@sehha.test' } });
    const everything = JSON.stringify(await t.db.select().from(auditLogs));
    expect(everything).not.toContain('wrong-password-123');
    expect(everything).not.toContain('whatever-password');
  });

  it('records the start of a two-factor setup, the password step and a wrong code', async () => {
    const admin = await makeAdmin(t, 'viewer', 'Enrolling Admin');
    const setup = await body(await t.call('/api/admin/security/two-factor/setup', { method: 'POST', token: admin.token, json: {} }));
    expect(await lastOf(['two_factor.setup_started'])).toMatchObject({ actor_id: admin.id, entity_id: String(admin.id) });
    const code = authenticator.generate(setup.data.secret as string);
    expect((await t.call('/api/admin/security/two-factor/confirm', { method: 'POST', token: admin.token, json: { code } })).status).toBe(
      200,
    );
    const { challenge } = (await body(await t.login(admin.email, admin.password))).data;
    expect(await lastOf(['sign_in.code_required'])).toMatchObject({ actor_id: admin.id, after: { outcome: 'code_required' } });
    const wrong = code === '000000' ? '111111' : '000000';
    await t.call('/api/auth/login/two-factor', { method: 'POST', token: null, json: { challenge, code: wrong } });
    expect(await lastOf(['sign_in.failed'])).toMatchObject({ actor_id: null, after: { email: admin.email, outcome: 'invalid_code' } });
  });

  it('answers a deactivated admin with the right password exactly as a wrong password', async () => {
    const admin = await makeAdmin(t, 'reviewer', 'Deactivated Admin');
    expect((await t.call(`/api/admin/admins/${admin.id}/deactivate`, { method: 'POST' })).status).toBe(200);
    for (const language of ['en', 'ar']) {
      const right = await t.call('/api/auth/login', {
        method: 'POST',
        token: null,
        json: { email: admin.email, password: admin.password },
        headers: { 'accept-language': language },
      });
      const wrong = await t.call('/api/auth/login', {
        method: 'POST',
        token: null,
        json: { email: admin.email, password: 'not-the-password-1' },
        headers: { 'accept-language': language },
      });
      expect(right.status).toBe(422);
      expect({ status: right.status, body: await right.json() }).toEqual({ status: wrong.status, body: await wrong.json() });
    }
    // On record, with the truth the answer does not tell.
    expect(await lastOf(['sign_in.failed'])).toMatchObject({ after: { outcome: 'bad_credentials' } });
    const inactive = await t.db
      .select({ after: auditLogs.after })
      .from(auditLogs)
      .where(eq(auditLogs.entity_id, String(admin.id)));
    expect(inactive.map((row) => (row.after as { outcome?: string } | null)?.outcome)).toContain('inactive');
  });
});
