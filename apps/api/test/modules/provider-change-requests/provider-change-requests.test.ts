import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { users } from '../../../src/db/schema/accounts';
import { providers } from '../../../src/db/schema/providers';
import { specialities } from '../../../src/db/schema/catalogs';
import { changeRequests } from '../../../src/db/schema/change-requests';
import { outbox } from '../../../src/db/schema/outbox';
import { createTestApp, type TestApp } from '../../support/test-app';
import { freshPhone, signInApp } from '../../support/app-accounts';
import { makeProvider, type ProviderKind } from '../../support/providers';

type ErrorBody = { message: string; errors?: Record<string, string[]> };
type Mine = { id: number; status: number; changes: Record<string, unknown>; reason: string | null; decided_at: string | null };
type Page = { data: Mine[]; total: number; next_page_url: string | null };
type AdminItem = { id: number; status: number; reason: string | null; changes: { field: string; current: unknown; requested: unknown }[] };

/** The app's side of change requests: an approved provider asks, an admin answers, the provider is told. */
describe('provider change requests from the app', () => {
  let t: TestApp;
  let cardiology: number;
  let dermatology: number;

  beforeAll(async () => {
    t = await createTestApp();
    [cardiology, dermatology] = (
      await t.db
        .insert(specialities)
        .values([
          { name_ar: 'أمراض القلب', name_en: 'Cardiology' },
          { name_ar: 'الجلدية', name_en: 'Dermatology' },
        ])
        .returning({ id: specialities.id })
    ).map((row) => row.id) as [number, number];
  }, 60_000);
  afterAll(() => t.close());

  /** A provider of this kind (approved unless told), signed in to the app with its phone; its texts in `language`. */
  async function provider(kind: ProviderKind, options: { status?: 'approved' | 'pending' | 'rejected'; language?: 'en' | 'ar' } = {}) {
    const phone = freshPhone();
    const made = await makeProvider(t.db, kind, {
      phone,
      status: options.status ?? 'approved',
      address: 'Old street',
      ...(kind === 'doctor' ? { speciality_id: cardiology, consultation_fee: 300 } : {}),
    });
    await t.db
      .update(users)
      .set({ language: options.language ?? 'en' })
      .where(eq(users.id, made.userId));
    const { token } = await signInApp(t, phone);
    return { ...made, phone, token };
  }

  const ask = (token: string, json: unknown, language = 'en') =>
    t.call(appPaths.providerChangeRequests, { method: 'POST', token, json, headers: { 'accept-language': language } });
  const mine = async (token: string, query = '') =>
    (await (await t.call(`${appPaths.providerChangeRequests}${query}`, { token })).json()) as { data: Page };
  const decide = (id: number, body: Record<string, unknown>) => t.call(`/api/admin/change-requests/${id}`, { method: 'PATCH', json: body });
  const adminItem = async (id: number) =>
    ((await (await t.call('/api/admin/change-requests')).json()) as { data: AdminItem[] }).data.find((item) => item.id === id)!;
  const texts = (recipients: string[]) => t.db.select().from(outbox).where(inArray(outbox.recipient, recipients)).orderBy(desc(outbox.id));

  it('a doctor asks, the admin sees requested beside current, accepts: the profile changes and the doctor is told', async () => {
    const doctor = await provider('doctor');
    const response = await ask(doctor.token, {
      name_en: '  Dr. Mona Adel ',
      consultation_fee: 450.5,
      speciality_id: dermatology,
      whatsapp_phone: '0101 234 5678',
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { message: string; data: Mine };
    expect(created.message).toBe('Your change request was sent for review.');
    expect(created.data).toMatchObject({
      status: 0,
      reason: null,
      decided_at: null,
      changes: { name_en: 'Dr. Mona Adel', consultation_fee: 450.5, speciality_id: dermatology, whatsapp_phone: '+201012345678' },
    });

    // At once in the admin's list, each field beside the profile's current value.
    const item = await adminItem(created.data.id);
    expect(item.status).toBe(0);
    expect(Object.fromEntries(item.changes.map((change) => [change.field, [change.current, change.requested]]))).toEqual({
      name_en: [doctor.name_en, 'Dr. Mona Adel'],
      consultation_fee: [300, 450.5],
      speciality_id: [
        { id: cardiology, name_ar: 'أمراض القلب', name_en: 'Cardiology' },
        { id: dermatology, name_ar: 'الجلدية', name_en: 'Dermatology' },
      ],
      whatsapp_phone: [null, '+201012345678'],
    });

    const before = (await texts([doctor.phone, doctor.email])).length;
    expect((await decide(created.data.id, { status: 1 })).status).toBe(200);
    const [profile] = await t.db.select().from(providers).where(eq(providers.id, doctor.id));
    expect(profile).toMatchObject({ name_en: 'Dr. Mona Adel', consultation_fee: 450.5, speciality_id: dermatology });
    const [account] = await t.db.select().from(users).where(eq(users.id, doctor.userId));
    expect(account!.whatsapp_phone).toBe('+201012345678');

    const sent = await texts([doctor.phone, doctor.email]);
    expect(sent.length - before).toBe(2);
    expect(sent.slice(0, 2).map((row) => [row.channel, row.recipient, row.body])).toEqual(
      expect.arrayContaining([
        ['sms', doctor.phone, 'Sehha: your profile change request was accepted and your profile is updated.'],
        ['email', doctor.email, 'Sehha: your profile change request was accepted and your profile is updated.'],
      ]),
    );

    const listed = (await mine(doctor.token)).data;
    expect(listed.total).toBe(1);
    expect(listed.data[0]).toMatchObject({ id: created.data.id, status: 1, reason: null });
    expect(listed.data[0]!.decided_at).not.toBeNull();
  });

  it('one request waits at a time (409, en/ar); a rejection with a reason is in the list and in the Arabic SMS', async () => {
    const doctor = await provider('doctor', { language: 'ar' });
    const first = (await (await ask(doctor.token, { address: '5 Nile street' })).json()) as { data: Mine };
    const second = await ask(doctor.token, { name_ar: 'د. منى' });
    expect(second.status).toBe(409);
    expect(((await second.json()) as ErrorBody).message).toBe(
      'You already have a request waiting: wait for its answer before sending another.',
    );
    const arabic = await ask(doctor.token, { name_ar: 'د. منى' }, 'ar');
    expect(((await arabic.json()) as ErrorBody).message).toBe('لديك طلب تعديل قيد المراجعة بالفعل: انتظر الرد عليه قبل إرسال طلب آخر.');

    const reason = 'العنوان لا يطابق السجل التجاري';
    expect((await decide(first.data.id, { status: 2, reason: `  ${reason} ` })).status).toBe(200);
    const [profile] = await t.db.select().from(providers).where(eq(providers.id, doctor.id));
    expect(profile!.address).toBe('Old street');
    expect((await mine(doctor.token)).data.data[0]).toMatchObject({ id: first.data.id, status: 2, reason });
    expect((await adminItem(first.data.id)).reason).toBe(reason);
    const [sms] = (await texts([doctor.phone])).filter((row) => row.channel === 'sms');
    expect(sms!.body).toBe(`صحة: تم رفض طلب تعديل ملفك. السبب: ${reason}`);

    // Answered: the next request may go.
    expect((await ask(doctor.token, { name_ar: 'د. منى' })).status).toBe(201);
    const page = (await mine(doctor.token, '?per_page=1')).data;
    expect(page).toMatchObject({ total: 2 });
    expect(page.data.map((row) => row.changes)).toEqual([{ name_ar: 'د. منى' }]);
    expect(page.next_page_url).toContain('page=2');
  });

  it('refuses a provider that is not approved (409 in the asked language)', async () => {
    for (const status of ['pending', 'rejected'] as const) {
      const doctor = await provider('doctor', { status });
      const response = await ask(doctor.token, { address: '5 Nile street' }, 'ar');
      expect(response.status).toBe(409);
      expect(((await response.json()) as ErrorBody).message).toBe('لا يمكن طلب تعديل الملف إلا لمقدم خدمة مقبول.');
    }
    expect(await t.db.select().from(changeRequests)).not.toHaveLength(0);
  });

  it('keeps the doctor-only fields to doctors and validates every value (422, nothing written)', async () => {
    const pharmacy = await provider('pharmacy');
    const count = async () => (await t.db.select({ id: changeRequests.id }).from(changeRequests)).length;
    const before = await count();
    const refused = await ask(pharmacy.token, { consultation_fee: 100, speciality_id: dermatology, name_ar: 'صيدلية النور' });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ErrorBody).errors).toEqual({
      consultation_fee: ['Only doctors have this field.'],
      speciality_id: ['Only doctors have this field.'],
    });
    const doctor = await provider('doctor');
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { changes: ['Send at least one field to change.'] }],
      [{ phone: '+201099999999' }, { phone: ['This value is not valid'] }],
      [{ whatsapp_phone: '12345' }, { whatsapp_phone: ['Enter a mobile number in international form, such as +201012345678'] }],
      [{ speciality_id: 999_999 }, { speciality_id: ['This speciality does not exist.'] }],
      [{ consultation_fee: -1 }, { consultation_fee: ['Enter a price of 0 or more'] }],
      [{ consultation_fee: 10.555 }, { consultation_fee: ['Enter a price of 0 or more'] }],
      [{ consultation_fee: '100' }, { consultation_fee: ['Enter a price of 0 or more'] }],
      [{ name_en: 'x' }, { name_en: ['Must be at least 2 characters'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await ask(doctor.token, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const answer = (await response.json()) as ErrorBody;
      expect(Object.keys(answer.errors ?? {}), JSON.stringify(body)).toEqual(Object.keys(errors));
      expect(answer.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await count()).toBe(before);
    expect((await ask(pharmacy.token, { name_ar: 'صيدلية النور', address: '1 Tahrir square' })).status).toBe(201);
  });

  it('answers patients 403 and anonymous callers 401; two requests sent at once leave one waiting', async () => {
    const patient = await signInApp(t);
    expect((await ask(patient.token, { address: '5 Nile street' })).status).toBe(403);
    expect((await t.call(appPaths.providerChangeRequests, { token: patient.token })).status).toBe(403);
    expect((await t.call(appPaths.providerChangeRequests, { token: null })).status).toBe(401);

    const doctor = await provider('doctor');
    const answers = await Promise.all([1, 2, 3].map((n) => ask(doctor.token, { address: `${n} Nile street` })));
    expect(answers.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    const waiting = await t.db.select().from(changeRequests).where(eq(changeRequests.user_id, doctor.userId));
    expect(waiting).toHaveLength(1);
  });

  it('bulk rejection gives every requester the one reason; an approval carries none', async () => {
    const [a, b] = [await provider('hospital'), await provider('company', { language: 'ar' })];
    const ids: number[] = [];
    for (const who of [a, b]) ids.push(((await (await ask(who.token, { address: '9 Corniche' })).json()) as { data: Mine }).data.id);
    const approveWithReason = await t.call('/api/admin/change-requests/bulk/approve', { method: 'POST', json: { ids, reason: 'x' } });
    expect(approveWithReason.status).toBe(422);
    const tooLong = await t.call('/api/admin/change-requests/bulk/reject', { method: 'POST', json: { ids, reason: 'x'.repeat(1001) } });
    expect(tooLong.status).toBe(422);
    const rejected = await t.call('/api/admin/change-requests/bulk/reject', { method: 'POST', json: { ids, reason: 'Address unclear' } });
    expect(rejected.status).toBe(200);
    expect(((await rejected.json()) as { data: { count: number } }).data.count).toBe(2);
    const rows = await t.db.select().from(changeRequests).where(inArray(changeRequests.id, ids));
    expect(rows.map((row) => [row.status, row.reason])).toEqual([
      [2, 'Address unclear'],
      [2, 'Address unclear'],
    ]);
    const [smsA] = (await texts([a.phone])).filter((row) => row.channel === 'sms');
    const [smsB] = (await texts([b.phone])).filter((row) => row.channel === 'sms');
    expect(smsA!.body).toBe('Sehha: your profile change request was rejected. Reason: Address unclear');
    expect(smsB!.body).toBe('صحة: تم رفض طلب تعديل ملفك. السبب: Address unclear');
  });
});
