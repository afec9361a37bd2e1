import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { userPaths } from '@sehha/contract/users';
import { otpCodes } from '../../../src/db/schema/app-accounts';
import { outbox } from '../../../src/db/schema/outbox';
import { createTestApp, type TestApp } from '../../support/test-app';
import { freshPhone, lastCode, signInApp, signUpConsents } from '../../support/app-accounts';

type Body = { message: string; data?: Record<string, unknown>; errors?: Record<string, string[]> };

describe('app sign-in by phone and one-time code', () => {
  let t: TestApp;
  // Each test speaks from its own client address (X-Forwarded-For, trusted here), so the per-address limit is its own.
  let addressSerial = 0;
  const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${++addressSerial}` });
  const askCode = (phone: string, headers: Record<string, string> = fromNewAddress(), language?: string) =>
    t.call(appPaths.otp, { method: 'POST', token: null, headers, json: language ? { phone, language } : { phone } });
  const verify = (json: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.call(appPaths.verify, { method: 'POST', token: null, headers, json: { consents: signUpConsents(), ...json } });
  /** The last code of the number was sent this many seconds ago (the 60 s resend wait is over). */
  const age = (phone: string, seconds: number) =>
    t.db.execute(sql`update otp_codes set created_at = created_at - make_interval(secs => ${seconds}) where phone = ${phone}`);

  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true, otp: { maxPerNumber: 3, maxPerAddress: 4, maxPerPrefix: 5 } });
  });
  afterAll(() => t.close());

  it('sends a code, then signs in and creates a patient account on first use', async () => {
    const phone = freshPhone();
    const sent = await askCode(phone.replace('+20', '0'));
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ message: 'A code was sent by text message.' });
    const code = await lastCode(t, phone);
    const answer = await verify({ phone, code, name: 'Mona Adel' }, { 'accept-language': 'ar' });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as Body & { data: { token: string; user: Record<string, unknown> } };
    expect(body.message).toBe('تم تسجيل الدخول.');
    expect(body.data.user).toEqual({ id: expect.any(Number), name: 'Mona Adel', phone, email: null, role: 'user', language: 'ar' });
    const me = await t.call(appPaths.me, { token: body.data.token });
    expect(((await me.json()) as Body).data).toEqual({ ...body.data.user, consent: { required: [] } });
    // A second sign-in finds the same account.
    await age(phone, 61);
    const again = await signInApp(t, phone);
    expect(again.userId).toBe(body.data.user.id);
  });

  it('stores only a hash of the code, and writes the text in the asked language', async () => {
    const phone = freshPhone();
    expect((await askCode(phone, fromNewAddress(), 'ar')).status).toBe(200);
    const code = await lastCode(t, phone);
    const [stored] = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(stored!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.code_hash).not.toContain(code);
    const message = async () => (await t.db.select().from(outbox).where(eq(outbox.recipient, phone)))[0]!;
    // Sent at once, after the answer: the log driver has it within moments.
    await expect.poll(async () => (await message()).status).toBe('sent');
    expect(await message()).toMatchObject({ channel: 'sms', attempts: 1 });
    expect((await message()).body).toContain('رمز صحة');
  });

  it('refuses a phone that is not a mobile number of a supported country, in the Laravel 422 shape', async () => {
    for (const [phone, en] of [
      ['+20212345678', 'Enter a mobile number in international form, such as +201012345678'],
      ['+966512345678', 'Enter a mobile number in international form, such as +201012345678'],
      ['', 'The phone number is required'],
    ] as const) {
      const response = await askCode(phone);
      expect(response.status, phone).toBe(422);
      expect(await response.json()).toEqual({ message: en, errors: { phone: [en] } });
    }
    const arabic = await t.call(appPaths.otp, {
      method: 'POST',
      token: null,
      headers: { 'accept-language': 'ar' },
      json: { phone: '+2021' },
    });
    expect(((await arabic.json()) as Body).errors?.phone?.[0]).toMatch(/^أدخل رقم هاتف محمول/);
  });

  it('spends a code once', async () => {
    const phone = freshPhone();
    await askCode(phone);
    const code = await lastCode(t, phone);
    expect((await verify({ phone, code })).status).toBe(200);
    const second = await verify({ phone, code });
    expect(second.status).toBe(422);
    expect(((await second.json()) as Body).errors).toEqual({ code: ['The code has expired or was used: ask for a new one.'] });
  });

  it('voids a code after 5 wrong answers, even the right one after them', async () => {
    const phone = freshPhone();
    await askCode(phone);
    const code = await lastCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const response = await verify({ phone, code: wrong });
      expect(response.status).toBe(422);
      expect(((await response.json()) as Body).errors).toEqual({ code: ['The code is not right.'] });
    }
    const right = await verify({ phone, code });
    expect(right.status).toBe(422);
    expect(((await right.json()) as Body).errors).toEqual({ code: ['The code has expired or was used: ask for a new one.'] });
  });

  it('lets a code live 5 minutes', async () => {
    const phone = freshPhone();
    await askCode(phone);
    const code = await lastCode(t, phone);
    await t.db.execute(sql`update otp_codes set expires_at = now() - interval '1 second' where phone = ${phone}`);
    expect((await verify({ phone, code })).status).toBe(422);
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(Date.parse(row!.created_at) + 300_000).toBeGreaterThan(Date.now() - 10_000);
  });

  it('accepts only the latest code of a number', async () => {
    const phone = freshPhone();
    const headers = fromNewAddress();
    await askCode(phone, headers);
    const first = await lastCode(t, phone);
    await age(phone, 61);
    await askCode(phone, headers);
    const second = await lastCode(t, phone);
    if (first !== second) expect((await verify({ phone, code: first })).status).toBe(422);
    expect((await verify({ phone, code: second })).status).toBe(200);
  });

  it('makes a resend wait 60 seconds, with Retry-After', async () => {
    const phone = freshPhone();
    const headers = fromNewAddress();
    expect((await askCode(phone, headers)).status).toBe(200);
    const again = await askCode(phone, headers);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(((await again.json()) as Body).message).toMatch(/^Wait \d+ seconds before asking for another code\.$/);
  });

  it('limits the sends per number, per address and per block of numbers, per hour', async () => {
    // Per number (3): the fourth within the hour is refused, whatever the address.
    const phone = freshPhone();
    for (let i = 0; i < 3; i++) {
      expect((await askCode(phone)).status).toBe(200);
      await age(phone, 61);
    }
    const fourth = await askCode(phone);
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({ message: 'Too many codes were asked for. Try again later.' });
    // An hour later the number may ask again; a day later its old codes are gone.
    await age(phone, 3600);
    expect((await askCode(phone)).status).toBe(200);
    await age(phone, 86_400);
    expect((await askCode(freshPhone())).status).toBe(200);
    expect(await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone))).toHaveLength(0);

    // Per address (4): different numbers from one address.
    const address = fromNewAddress();
    for (let i = 0; i < 4; i++) expect((await askCode(freshPhone(), address)).status).toBe(200);
    expect((await askCode(freshPhone(), address)).status).toBe(429);

    // Per block (5): numbers that share all but their last four digits, from many addresses.
    const block = `+2011${String(Date.now() % 10_000).padStart(4, '0')}`;
    for (let i = 0; i < 5; i++) expect((await askCode(`${block}000${i}`)).status).toBe(200);
    expect((await askCode(`${block}0009`)).status).toBe(429);
  });

  it('stops a deactivated account at once, refuses its sign-in, and lets it back after reactivation', async () => {
    const { phone, token, userId } = await signInApp(t);
    expect((await t.call(appPaths.me, { token })).status).toBe(200);
    expect((await t.call(userPaths.deactivate(userId), { method: 'POST' })).status).toBe(200);
    expect((await t.call(appPaths.me, { token })).status).toBe(401);
    await age(phone, 61);
    await askCode(phone);
    const refused = await verify({ phone, code: await lastCode(t, phone) });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'This account is deactivated.' });
    expect((await t.call(userPaths.reactivate, { method: 'POST', json: { ids: [userId] } })).status).toBe(200);
    await age(phone, 61);
    const back = await signInApp(t, phone);
    expect(back.userId).toBe(userId);
    expect((await t.call(appPaths.me, { token: back.token })).status).toBe(200);
  });

  it('changes the name, email and language, refuses a taken email, and signs out', async () => {
    const { token } = await signInApp(t);
    const changed = await t.call(appPaths.me, {
      method: 'PATCH',
      token,
      json: { name: 'Omar Said', email: 'omar@example.com', language: 'en' },
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Body).data).toMatchObject({ name: 'Omar Said', email: 'omar@example.com', language: 'en' });
    const taken = await t.call(appPaths.me, { method: 'PATCH', token, json: { email: 'ADMIN@sehha.test' } });
    expect(taken.status).toBe(422);
    expect(Object.keys(((await taken.json()) as Body).errors ?? {})).toEqual(['email']);
    const badLanguage = await t.call(appPaths.me, { method: 'PATCH', token, json: { language: 'fr' } });
    expect(await badLanguage.json()).toEqual({ message: 'Choose en or ar', errors: { language: ['Choose en or ar'] } });
    const out = await t.call(appPaths.logout, { method: 'POST', token, headers: { 'accept-language': 'ar' } });
    expect(await out.json()).toEqual({ message: 'تم تسجيل الخروج.' });
    expect((await t.call(appPaths.me, { token })).status).toBe(401);
  });
});
