import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { auditLogs } from '../../src/db/schema/audit';
import { makeAdmin, type MadeAdmin } from '../support/admins';
import { createTestApp, type TestApp } from '../support/test-app';

const codeAt = (secret: string, steps = 0) => authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);
/** A code that is not the current one (nor the next's). */
const wrongCode = (secret: string) => ['111111', '222222', '333333'].find((code) => code !== codeAt(secret) && code !== codeAt(secret, 1))!;

type Json = { message: string; data: Record<string, unknown>; errors?: Record<string, string[]> };
const perPair = 5;

/**
 * Every route that checks a password, a TOTP code or a recovery code behind a session shares the sign-in
 * limits (per account and address, counted in the database): a run of wrong ones is refused with 429, the
 * session is revoked and that is audited; the right secret afterwards buys nothing.
 */
describe('guessing a secret behind a signed-in session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      loginLimits: { maxPerAccountAndAddress: perPair, maxPerAccount: 100, maxPerAddress: 1000, windowMs: 60_000 },
    });
  });
  afterAll(() => t?.close());

  const post = (path: string, json: unknown, token: string) => t.call(path, { method: 'POST', token, json });
  const body = async (response: Response) => (await response.json()) as Json;
  async function enrolled(name: string): Promise<MadeAdmin & { secret: string }> {
    const admin = await makeAdmin(t, 'viewer', name);
    const secret = (await body(await post('/api/admin/security/two-factor/setup', {}, admin.token))).data.secret as string;
    expect((await post('/api/admin/security/two-factor/confirm', { code: codeAt(secret) }, admin.token)).status).toBe(200);
    return { ...admin, secret };
  }
  const revocations = (admin: MadeAdmin) =>
    t.db
      .select({ after: auditLogs.after })
      .from(auditLogs)
      .where(and(eq(auditLogs.actor_id, admin.id), eq(auditLogs.action, 'session.revoked')));

  /** `perPair` wrong secrets answer 422; the next is refused (429, Retry-After), the session is gone and audited. */
  async function guessUntilSignedOut(admin: MadeAdmin, path: string, wrong: unknown, right: unknown) {
    for (let i = 0; i < perPair; i += 1) expect((await post(path, wrong, admin.token)).status, `guess ${i + 1}`).toBe(422);
    const refused = await post(path, right, admin.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await body(refused)).message).toMatch(/^Too many wrong codes or passwords\. This session has been signed out/);
    expect((await t.call('/api/admin/security', { token: admin.token })).status).toBe(401);
    expect(await revocations(admin)).toEqual([{ after: expect.objectContaining({ reason: 'failed_attempts', address: '127.0.0.1' }) }]);
  }

  it('new recovery codes: wrong codes run into the limit, the session is revoked, the right code then buys nothing', async () => {
    const admin = await enrolled('Recovery Guesser');
    await guessUntilSignedOut(
      admin,
      '/api/admin/security/two-factor/recovery-codes',
      { code: wrongCode(admin.secret) },
      { code: codeAt(admin.secret, 1) },
    );
    // The same counters as the sign-in: the password from this address is refused too until the window ends.
    expect((await t.login(admin.email, admin.password)).status).toBe(429);
  });

  it('turning two-factor off by code, and by password, are limited the same way', async () => {
    const byCode = await enrolled('Code Guesser');
    await guessUntilSignedOut(
      byCode,
      '/api/admin/security/two-factor/disable',
      { code: wrongCode(byCode.secret) },
      { code: codeAt(byCode.secret, 1) },
    );
    const byPassword = await enrolled('Password Guesser');
    await guessUntilSignedOut(
      byPassword,
      '/api/admin/security/two-factor/disable',
      { password: 'not-the-password' },
      { password: byPassword.password },
    );
  });

  it('confirming enrolment counts its codes too', async () => {
    const admin = await makeAdmin(t, 'viewer', 'Enrolment Guesser');
    const secret = (await body(await post('/api/admin/security/two-factor/setup', {}, admin.token))).data.secret as string;
    await guessUntilSignedOut(admin, '/api/admin/security/two-factor/confirm', { code: wrongCode(secret) }, { code: codeAt(secret) });
  });

  it('parallel guesses are counted as sequential ones: at most the limit is checked', async () => {
    const admin = await enrolled('Parallel Guesser');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post('/api/admin/security/two-factor/disable', { password: 'not-the-password' }, admin.token)),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(perPair);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30 - perPair);
    expect((await post('/api/admin/security/two-factor/disable', { password: admin.password }, admin.token)).status).toBe(401);
  });

  it('a right secret gives its attempt back, as a right password does', async () => {
    const admin = await enrolled('Careful Admin');
    // perPair - 1 wrong ones, a right one, then perPair - 1 wrong ones again: never refused.
    for (let i = 0; i < perPair - 1; i += 1)
      expect((await post('/api/admin/security/two-factor/disable', { password: 'nope' }, admin.token)).status).toBe(422);
    expect((await post('/api/admin/security/two-factor/recovery-codes', { code: codeAt(admin.secret, 1) }, admin.token)).status).toBe(200);
    for (let i = 0; i < perPair - 1; i += 1)
      expect((await post('/api/admin/security/two-factor/disable', { password: 'nope' }, admin.token)).status).toBe(422);
    expect((await post('/api/admin/security/two-factor/disable', { password: admin.password }, admin.token)).status).toBe(200);
  });

  it('turning two-factor on ends every other session of the account, on record', async () => {
    const admin = await makeAdmin(t, 'reviewer', 'Enrolling Admin');
    const other = ((await body(await t.login(admin.email, admin.password))).data as { token: string }).token;
    expect((await t.call('/api/admin/security', { token: other })).status).toBe(200);
    const secret = (await body(await post('/api/admin/security/two-factor/setup', {}, admin.token))).data.secret as string;
    expect((await post('/api/admin/security/two-factor/confirm', { code: codeAt(secret) }, admin.token)).status).toBe(200);
    expect((await t.call('/api/admin/security', { token: other })).status).toBe(401);
    expect((await t.call('/api/admin/security', { token: admin.token })).status).toBe(200);
    const [record] = await t.db
      .select({ after: auditLogs.after })
      .from(auditLogs)
      .where(and(eq(auditLogs.actor_id, admin.id), eq(auditLogs.action, 'session.revoked_others')));
    expect(record?.after).toEqual({ revoked: 1, reason: 'two_factor_enabled' });
  });

  it('says so in Arabic', async () => {
    const admin = await enrolled('Arabic Guesser');
    for (let i = 0; i < perPair; i += 1) await post('/api/admin/security/two-factor/disable', { password: 'nope' }, admin.token);
    const refused = await t.call('/api/admin/security/two-factor/disable', {
      method: 'POST',
      token: admin.token,
      json: { password: 'nope' },
      headers: { 'accept-language': 'ar' },
    });
    expect(refused.status).toBe(429);
    expect((await body(refused)).message).toMatch(
      /^رموز أو كلمات مرور خاطئة كثيرة جدًا\. تم تسجيل الخروج من هذه الجلسة؛ سجّل الدخول مجددًا بعد/,
    );
  });
});
