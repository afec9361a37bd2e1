import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { users } from '../../../src/db/schema/accounts';
import { auditLogs } from '../../../src/db/schema/audit';
import { otpCodes } from '../../../src/db/schema/app-accounts';
import { outbox } from '../../../src/db/schema/outbox';
import { dataRequests } from '../../../src/db/schema/privacy';
import { createTestApp, type TestApp } from '../../support/test-app';
import { freshPhone, lastCode, signInApp } from '../../support/app-accounts';

type Body = { message: string; data?: Record<string, unknown>; errors?: Record<string, string[]> };

/** Correcting one's mobile number (issue 28): a code to the new number, and the change once it comes back. */
describe('changing the mobile number from the app', () => {
  let t: TestApp;
  let addressSerial = 0;
  const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${++addressSerial}` });
  const ask = (token: string, phone: string, headers: Record<string, string> = fromNewAddress()) =>
    t.call(appPaths.myPhone, { method: 'POST', token, headers, json: { phone } });
  const confirm = (token: string, json: Record<string, unknown>, language = 'en') =>
    t.call(appPaths.myPhoneVerify, { method: 'POST', token, headers: { 'accept-language': language }, json });
  const textsTo = (phone: string) => t.db.select().from(outbox).where(eq(outbox.recipient, phone));
  /** The number's codes were sent long enough ago for another one (the 60 s resend wait). */
  const waitOver = (phone: string) =>
    t.db.execute(sql`update otp_codes set created_at = created_at - interval '61 seconds' where phone = ${phone}`);
  const phoneOf = async (id: number) => (await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, id)))[0]!.phone;

  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true, otp: { maxPerNumber: 3, maxPerAddress: 50, maxPerPrefix: 50 } });
  });
  afterAll(() => t.close());

  it('sends the code to the new number only, then changes the number, records the correction and the audit row', async () => {
    const { token, userId, phone: old } = await signInApp(t);
    const textsToOld = (await textsTo(old)).length;
    const next = freshPhone();
    const sent = await ask(token, next.replace('+20', '0'));
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ message: 'A code was sent by text message to the new number.' });
    expect(await textsTo(next)).toHaveLength(1);
    expect(await textsTo(old)).toHaveLength(textsToOld);

    const changed = await confirm(token, { phone: next, code: await lastCode(t, next) }, 'ar');
    expect(changed.status).toBe(200);
    const body = (await changed.json()) as Body;
    expect(body.message).toBe('تم تغيير رقم هاتفك.');
    expect(body.data).toMatchObject({ id: userId, phone: next, email: null, consent: { required: [] } });
    expect(await phoneOf(userId)).toBe(next);

    const [request] = await t.db.select().from(dataRequests).where(eq(dataRequests.user_id, userId));
    expect(request).toMatchObject({ kind: 'correction', status: 'completed', channel: 'app' });
    expect(request!.completed_at).not.toBeNull();
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'users'), eq(auditLogs.entity_id, String(userId)), eq(auditLogs.action, 'update')));
    expect(audit).toMatchObject({ actor_id: userId, before: { phone: old }, after: { phone: next, method: 'otp' } });

    // The new number signs in to the same account; the old one no longer does (it would make a new account).
    await waitOver(next);
    await waitOver(old);
    expect((await signInApp(t, next)).userId).toBe(userId);
    expect((await signInApp(t, old)).userId).not.toBe(userId);
  });

  it('refuses a wrong code (counted), an expired one, and a malformed number, changing nothing', async () => {
    const { token, userId, phone } = await signInApp(t);
    const next = freshPhone();
    expect((await ask(token, next)).status).toBe(200);
    const code = await lastCode(t, next);
    const wrong = await confirm(token, { phone: next, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as Body).errors).toEqual({ code: ['The code is not right.'] });
    const [stored] = await t.db.select({ failed: otpCodes.failed_attempts }).from(otpCodes).where(eq(otpCodes.phone, next));
    expect(stored!.failed).toBe(1);
    // A code sent to another number does not open this one.
    const elsewhere = await confirm(token, { phone: freshPhone(), code });
    expect(((await elsewhere.json()) as Body).errors).toEqual({ code: ['The code has expired or was used: ask for a new one.'] });
    expect((await ask(token, '12345')).status).toBe(422);
    expect((await confirm(token, { phone: next, code: 'abc' })).status).toBe(422);
    expect(await phoneOf(userId)).toBe(phone);
    expect(await t.db.select().from(dataRequests).where(eq(dataRequests.user_id, userId))).toHaveLength(0);
  });

  it("refuses (409) another account's number once the code proves it is held, and one's own number at once", async () => {
    const mine = await signInApp(t);
    const theirs = await signInApp(t);
    // Asking tells nothing about the number: the code is sent.
    await waitOver(theirs.phone);
    expect((await ask(mine.token, theirs.phone)).status).toBe(200);
    const taken = await confirm(mine.token, { phone: theirs.phone, code: await lastCode(t, theirs.phone) }, 'ar');
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: 'رقم الهاتف هذا مسجّل لحساب آخر.' });
    expect(await phoneOf(mine.userId)).toBe(mine.phone);
    expect(await phoneOf(theirs.userId)).toBe(theirs.phone);

    const own = await ask(mine.token, mine.phone);
    expect(own.status).toBe(422);
    expect(((await own.json()) as Body).errors).toEqual({ phone: ['This is already your mobile number.'] });
  });

  it('holds the sign-in limits: one code a minute per number, OTP_MAX_PER_NUMBER an hour', async () => {
    const { token } = await signInApp(t);
    const next = freshPhone();
    expect((await ask(token, next)).status).toBe(200);
    const again = await ask(token, next);
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
    for (let i = 0; i < 2; i++) {
      await waitOver(next);
      expect((await ask(token, next)).status).toBe(200);
    }
    await waitOver(next);
    expect((await ask(token, next)).status).toBe(429);
  });

  it('needs a signed-in app account', async () => {
    expect((await t.call(appPaths.myPhone, { method: 'POST', token: null, json: { phone: freshPhone() } })).status).toBe(401);
    expect((await t.call(appPaths.myPhoneVerify, { method: 'POST', json: { phone: freshPhone(), code: '123456' } })).status).toBe(401);
  });
});
