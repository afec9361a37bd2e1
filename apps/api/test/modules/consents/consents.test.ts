import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { legalLibrary, type LegalLibrary, type LegalVersion } from '@sehha/contract/legal';
import { users } from '../../../src/db/schema/accounts';
import { consents } from '../../../src/db/schema/privacy';
import { outbox } from '../../../src/db/schema/outbox';
import { notifyAccount } from '../../../src/outbox/notify-account';
import { createTestApp, type TestApp } from '../../support/test-app';
import { freshPhone, lastCode, signInApp, signUpConsents } from '../../support/app-accounts';

type Body = { message: string; data?: Record<string, unknown>; errors?: Record<string, string[]> };
type ConsentsBody = {
  message?: string;
  data: {
    consents: Array<{
      purpose: string;
      document: string;
      given: boolean;
      version: number | null;
      at: string | null;
      current_version: number;
    }>;
    required: string[];
  };
};

/**
 * The legal texts and the consent register (issue 28): the texts served to the apps, consent at sign-up, a new
 * version asking again, withdrawal and what it stops.
 */
describe('legal texts and consents', () => {
  let t: TestApp;
  /** The texts this app serves: a copy of the contract's, to which a test publishes a new version (the app reads it live). */
  const library: { privacy: LegalVersion[]; terms: LegalVersion[] } = {
    privacy: [...legalLibrary.privacy],
    terms: [...legalLibrary.terms],
  };
  const publish = (document: keyof LegalLibrary) => {
    const last = library[document].at(-1)!;
    library[document].push({ ...last, version: last.version + 1, published: '2027-01-01' });
  };
  let addressSerial = 0;
  const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${++addressSerial}` });
  const askCode = async (phone: string) => {
    expect((await t.call(appPaths.otp, { method: 'POST', token: null, headers: fromNewAddress(), json: { phone } })).status).toBe(200);
    return lastCode(t, phone);
  };
  const verify = (json: Record<string, unknown>) =>
    t.call(appPaths.verify, { method: 'POST', token: null, headers: { 'x-forwarded-for': '203.0.113.9' }, json });
  /** The number's last code was sent two minutes ago (the 60 s resend wait is over). */
  const resendWaitOver = (phone: string) =>
    t.db.execute(sql`update otp_codes set created_at = created_at - interval '2 minutes' where phone = ${phone}`);
  const accountsOf = (phone: string) => t.db.select().from(users).where(eq(users.phone, phone));
  const registerOf = (userId: number) => t.db.select().from(consents).where(eq(consents.user_id, userId)).orderBy(asc(consents.id));
  const consentsOf = async (token: string) => (await (await t.call(appPaths.consents, { token })).json()) as ConsentsBody;
  const decide = (token: string, json: Record<string, unknown>, language = 'en') =>
    t.call(appPaths.consents, { method: 'POST', token, headers: { 'accept-language': language }, json });
  /** The three routes that need health-data consent; each answers 403 before reading the body when it is missing. */
  const healthRoutes = (token: string) => [
    t.call(appPaths.appointments, { method: 'POST', token, json: {} }),
    t.call(appPaths.appointmentReschedule('999999'), { method: 'POST', token, json: {} }),
    t.call(appPaths.prescriptions, { method: 'POST', token, form: { pharmacy_id: '1' } }),
  ];
  const healthStatuses = async (token: string) => Promise.all(healthRoutes(token).map(async (call) => (await call).status));

  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true, legal: library });
  });
  afterAll(() => t.close());

  describe('GET /api/v1/legal/{document}', () => {
    it('serves the current privacy notice in English and Arabic, by Accept-Language or ?lang=', async () => {
      const english = await t.call(appPaths.legal('privacy'), { token: null });
      expect(english.status).toBe(200);
      const en = (await english.json()) as { data: Record<string, unknown> };
      expect(en.data).toEqual({
        document: 'privacy',
        version: 1,
        published_at: '2026-11-27',
        language: 'en',
        title: 'Sehha privacy notice',
        body: expect.stringContaining('privacy@sehha.example'),
      });
      expect(en.data.body).toContain('Law No. 151 of 2020');
      expect(en.data.body).toContain('does not delete the data already held');

      const arabic = (await (
        await t.call(appPaths.legal('privacy'), { token: null, headers: { 'accept-language': 'ar-EG,en;q=0.5' } })
      ).json()) as {
        data: Record<string, string>;
      };
      expect(arabic.data).toMatchObject({ language: 'ar', title: 'إشعار الخصوصية لتطبيق صحة', version: 1 });
      expect(arabic.data.body).toContain('151 لسنة 2020');
      // ?lang= wins over the header (a link opened in a browser).
      const byQuery = (await (await t.call(`${appPaths.legal('terms')}?lang=ar`, { token: null })).json()) as {
        data: Record<string, string>;
      };
      expect(byQuery.data).toMatchObject({ document: 'terms', language: 'ar', title: 'شروط استخدام صحة' });
      expect((await t.call(`${appPaths.legal('terms')}?lang=fr`, { token: null })).status).toBe(422);
    });

    it('answers 404 for another document, in the language asked', async () => {
      const missing = await t.call(appPaths.legal('cookies'), { token: null, headers: { 'accept-language': 'ar' } });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: 'لا توجد وثيقة قانونية بهذا الاسم.' });
    });

    it('is cacheable: Cache-Control and an ETag per version and language, 304 when the phone has it', async () => {
      const first = await t.call(appPaths.legal('terms'), { token: null });
      expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
      const etag = first.headers.get('etag')!;
      expect(etag).toBe('"terms-1-en"');
      const again = await t.call(appPaths.legal('terms'), { token: null, headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const arabic = await t.call(appPaths.legal('terms'), { token: null, headers: { 'if-none-match': etag, 'accept-language': 'ar' } });
      expect(arabic.status).toBe(200);
    });
  });

  describe('consent at sign-up', () => {
    it('refuses a new account without consents (422, en/ar), creates nothing, and keeps the code usable', async () => {
      const phone = freshPhone();
      const code = await askCode(phone);
      const refused = await t.call(appPaths.verify, {
        method: 'POST',
        token: null,
        headers: { 'accept-language': 'ar' },
        json: { phone, code },
      });
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as Body).errors).toEqual({ consents: ['وافق على إشعار الخصوصية وشروط الاستخدام لإنشاء حساب.'] });
      expect(await accountsOf(phone)).toHaveLength(0);
      // The same code then signs up with the consents.
      const accepted = await verify({ phone, code, consents: signUpConsents() });
      expect(accepted.status).toBe(200);
    });

    it('refuses versions that are not the current ones, field by field, before anything is written', async () => {
      const phone = freshPhone();
      const code = await askCode(phone);
      const refused = await verify({ phone, code, consents: { privacy: 7, terms: 1 } });
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as Body).errors).toEqual({
        'consents.privacy': ['This text has changed: read version 1 and accept it.'],
      });
      const malformed = await verify({ phone, code, consents: { privacy: '1', terms: 1 } });
      expect(malformed.status).toBe(422);
      expect(await accountsOf(phone)).toHaveLength(0);
      expect((await verify({ phone, code, consents: signUpConsents() })).status).toBe(200);
    });

    it('writes the register rows and the account state in the creating transaction, with the client address', async () => {
      const phone = freshPhone();
      const code = await askCode(phone);
      const answer = await verify({ phone, code, name: 'Salma Hany', consents: { ...signUpConsents(), marketing: true } });
      expect(answer.status).toBe(200);
      const [account] = await accountsOf(phone);
      expect(account).toMatchObject({ privacy_version: 1, terms_version: 1, marketing_opt_in: true });
      const rows = await registerOf(account!.id);
      expect(
        rows.map(({ purpose, document, version, given, channel, address }) => ({ purpose, document, version, given, channel, address })),
      ).toEqual([
        { purpose: 'health_data', document: 'privacy', version: 1, given: true, channel: 'app', address: '203.0.113.9' },
        { purpose: 'terms', document: 'terms', version: 1, given: true, channel: 'app', address: '203.0.113.9' },
        { purpose: 'marketing', document: 'privacy', version: 1, given: true, channel: 'app', address: '203.0.113.9' },
      ]);
      // Without marketing: two rows, no opt-in.
      const other = await signInApp(t);
      expect((await registerOf(other.userId)).map((row) => row.purpose)).toEqual(['health_data', 'terms']);
      const [otherRow] = await t.db.select().from(users).where(eq(users.id, other.userId));
      expect(otherRow!.marketing_opt_in).toBe(false);
    });

    it('lets an existing account sign in without consents, and records nothing for it', async () => {
      const { phone, userId } = await signInApp(t);
      const before = (await registerOf(userId)).length;
      await resendWaitOver(phone);
      const code = await askCode(phone);
      expect((await verify({ phone, code })).status).toBe(200);
      expect(await registerOf(userId)).toHaveLength(before);
    });
  });

  describe('GET and POST /api/v1/me/consents', () => {
    it('shows each purpose with its last decision, and nothing required after sign-up', async () => {
      const { token } = await signInApp(t);
      const body = await consentsOf(token);
      expect(body.data.required).toEqual([]);
      expect(
        body.data.consents.map(({ purpose, given, version, current_version }) => ({ purpose, given, version, current_version })),
      ).toEqual([
        { purpose: 'health_data', given: true, version: 1, current_version: 1 },
        { purpose: 'terms', given: true, version: 1, current_version: 1 },
        { purpose: 'marketing', given: false, version: null, current_version: 1 },
      ]);
      expect(body.data.consents[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT/);
      const me = (await (await t.call(appPaths.me, { token })).json()) as { data: { consent: unknown } };
      expect(me.data.consent).toEqual({ required: [] });
    });

    it('withdraws health data: one row, booking and prescriptions 403 (en/ar), data kept; a retry writes nothing', async () => {
      const { token, userId } = await signInApp(t);
      expect(await healthStatuses(token)).not.toContain(403);
      const withdrawn = await decide(token, { purpose: 'health_data', given: false }, 'ar');
      expect(withdrawn.status).toBe(200);
      const body = (await withdrawn.json()) as ConsentsBody;
      expect(body.message).toBe('تم سحب موافقتك. لا تُحذف البيانات المحفوظة بالفعل: لحذفها اطلب حذف الحساب.');
      expect(body.data.required).toEqual(['health_data']);
      expect(body.data.consents[0]).toMatchObject({ purpose: 'health_data', given: false, version: 1 });
      const rows = await registerOf(userId);
      expect(rows.at(-1)).toMatchObject({ purpose: 'health_data', given: false, version: 1 });
      const [row] = await t.db.select().from(users).where(eq(users.id, userId));
      expect(row!.privacy_version).toBeNull();

      expect(await healthStatuses(token)).toEqual([403, 403, 403]);
      const refused = await t.call(appPaths.appointments, { method: 'POST', token, headers: { 'accept-language': 'ar' }, json: {} });
      expect(await refused.json()).toEqual({
        message: 'وافق على إشعار الخصوصية الحالي في التطبيق لتتمكن من حجز المواعيد أو إرسال الوصفات الطبية.',
      });
      const refusedEn = await t.call(appPaths.prescriptions, { method: 'POST', token, form: { pharmacy_id: '1' } });
      expect(await refusedEn.json()).toEqual({
        message: 'Accept the current privacy notice in the app to book appointments or send prescriptions.',
      });
      // Reading and the rest of the account still work.
      expect((await t.call(appPaths.appointments, { token })).status).toBe(200);
      expect((await t.call(appPaths.me, { token })).status).toBe(200);

      // A retry: same state, no new row, same answer.
      const retry = await decide(token, { purpose: 'health_data', given: false }, 'ar');
      expect(retry.status).toBe(200);
      expect(((await retry.json()) as ConsentsBody).data).toEqual(body.data);
      expect(await registerOf(userId)).toHaveLength(rows.length);

      // Consenting again opens booking again.
      const given = await decide(token, { purpose: 'health_data', given: true, version: 1 });
      expect(given.status).toBe(200);
      expect(((await given.json()) as ConsentsBody).message).toBe('Your consent was recorded.');
      expect(await healthStatuses(token)).not.toContain(403);
      expect(await registerOf(userId)).toHaveLength(rows.length + 1);
    });

    it('refuses a consent without the current version, and the withdrawal of the terms', async () => {
      const { token, userId } = await signInApp(t);
      const before = (await registerOf(userId)).length;
      const noVersion = await decide(token, { purpose: 'marketing', given: true });
      expect(noVersion.status).toBe(422);
      expect(((await noVersion.json()) as Body).errors).toEqual({ version: ['Send the version of the text you accept.'] });
      const stale = await decide(token, { purpose: 'marketing', given: true, version: 2 }, 'ar');
      expect(((await stale.json()) as Body).errors).toEqual({ version: ['تغيّر هذا النص: اقرأ الإصدار ١ ووافق عليه.'] });
      const terms = await decide(token, { purpose: 'terms', given: false });
      expect(terms.status).toBe(422);
      expect(((await terms.json()) as Body).errors?.purpose).toHaveLength(1);
      expect((await decide(token, { purpose: 'everything', given: true, version: 1 })).status).toBe(422);
      expect((await decide(token, { purpose: 'marketing', given: 'yes', version: 1 })).status).toBe(422);
      expect(await registerOf(userId)).toHaveLength(before);
    });

    it('answers parallel retries of one decision with one row', async () => {
      const { token, userId } = await signInApp(t);
      const before = (await registerOf(userId)).length;
      const answers = await Promise.all(Array.from({ length: 5 }, () => decide(token, { purpose: 'marketing', given: true, version: 1 })));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await registerOf(userId)).toHaveLength(before + 1);
    });
  });

  it('skips marketing messages unless the account opted in, and stops them on withdrawal', async () => {
    const offer = { kind: 'offer' as const, subject: { en: 'Offer', ar: 'عرض' }, body: { en: 'A check-up offer', ar: 'عرض كشف' } };
    const optedIn = await signInApp(t, freshPhone(), undefined, signUpConsents(library, true));
    const notOptedIn = await signInApp(t);
    const sentTo = (phone: string) =>
      t.db
        .select({ body: outbox.body })
        .from(outbox)
        .where(eq(outbox.recipient, phone))
        .then((rows) => rows.filter((row) => row.body === 'A check-up offer'));

    expect(await t.db.transaction((tx) => notifyAccount(tx, notOptedIn.userId, offer, {}, { marketing: true }))).toEqual([]);
    expect(await sentTo(notOptedIn.phone)).toHaveLength(0);
    expect(await t.db.transaction((tx) => notifyAccount(tx, optedIn.userId, offer, {}, { marketing: true }))).toHaveLength(1);
    expect(await sentTo(optedIn.phone)).toHaveLength(1);
    // A message about the account's own affairs is not marketing: it goes whatever the opt-in.
    expect(await t.db.transaction((tx) => notifyAccount(tx, notOptedIn.userId, offer))).toHaveLength(1);

    expect((await decide(optedIn.token, { purpose: 'marketing', given: false })).status).toBe(200);
    expect(await t.db.transaction((tx) => notifyAccount(tx, optedIn.userId, offer, {}, { marketing: true }))).toEqual([]);
    expect(await sentTo(optedIn.phone)).toHaveLength(1);
  });

  // Last: it publishes new versions of the texts this app serves.
  it('asks again when a new version is published: required, booking 403 until the account consents to it', async () => {
    const { token, userId, phone } = await signInApp(t);
    publish('privacy');
    publish('terms');

    const legal = (await (await t.call(appPaths.legal('privacy'), { token: null })).json()) as { data: { version: number } };
    expect(legal.data.version).toBe(2);
    const body = await consentsOf(token);
    expect(body.data.required).toEqual(['health_data', 'terms']);
    expect(body.data.consents[0]).toMatchObject({ purpose: 'health_data', given: true, version: 1, current_version: 2 });
    const me = (await (await t.call(appPaths.me, { token })).json()) as { data: { consent: unknown } };
    expect(me.data.consent).toEqual({ required: ['health_data', 'terms'] });
    expect(await healthStatuses(token)).toEqual([403, 403, 403]);

    // The old version is refused; the new one is recorded.
    expect((await decide(token, { purpose: 'health_data', given: true, version: 1 })).status).toBe(422);
    expect((await decide(token, { purpose: 'health_data', given: true, version: 2 })).status).toBe(200);
    expect(await healthStatuses(token)).not.toContain(403);
    expect((await consentsOf(token)).data.required).toEqual(['terms']);
    // The terms may be accepted while signing in again.
    await resendWaitOver(phone);
    await signInApp(t, phone, undefined, signUpConsents(library));
    expect((await consentsOf(token)).data.required).toEqual([]);
    expect((await registerOf(userId)).slice(-2).map(({ purpose, version }) => ({ purpose, version }))).toEqual([
      { purpose: 'health_data', version: 2 },
      { purpose: 'terms', version: 2 },
    ]);
    // A new account must now accept version 2.
    const newcomer = freshPhone();
    const code = await askCode(newcomer);
    expect((await verify({ phone: newcomer, code, consents: { privacy: 1, terms: 1 } })).status).toBe(422);
    expect((await verify({ phone: newcomer, code, consents: { privacy: 2, terms: 2 } })).status).toBe(200);
  });
});
