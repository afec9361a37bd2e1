import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { and, desc, eq } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { prescriptionPaths as adminPrescriptionPaths } from '@sehha/contract/prescriptions';
import { auditLogs } from '../../../src/db/schema/audit';
import { users } from '../../../src/db/schema/accounts';
import { outbox } from '../../../src/db/schema/outbox';
import { prescriptions } from '../../../src/db/schema/prescriptions';
import { freshPhone, signInApp } from '../../support/app-accounts';
import { pdf, png } from '../../support/files';
import { makeProvider } from '../../support/providers';
import { createTestApp, type TestApp } from '../../support/test-app';
import { accessRows } from '../../support/access-log';

type Signed = { url: string; expires_at: number };
type Reply = { status: string; price: number | null; note: string | null; replied_at: string } | null;
type Mine = {
  id: number;
  pharmacy: { id: number; name: string };
  note: string | null;
  image_count: number;
  images: Signed[];
  reply: Reply;
};
type Received = { id: number; patient: { id: number; name: string }; note: string | null; images: Signed[]; reply: Reply };
type Body<T> = { message?: string; data: T; errors?: Record<string, string[]> };
type PageOf<T> = Body<{ data: T[]; total: number }>;

/** The test's clock, read by the signer of image links: moved forward to see a link expire. */
let clock = Date.now();

describe('prescriptions to pharmacies (app API, issue 27)', () => {
  let t: TestApp;
  let patient: { token: string; userId: number; phone: string };
  let pharmacy: { id: number; token: string; name_en: string; name_ar: string };
  let otherPharmacy: { id: number; token: string };
  const later = '2099-12-31';

  const form = (fields: Record<string, string>, images: Array<{ file: Buffer; name?: string; type?: string }>, field = 'images') => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    for (const image of images)
      data.append(field, new Blob([new Uint8Array(image.file)], { type: image.type ?? 'image/png' }), image.name ?? 'rx.png');
    return data;
  };
  const send = (token: string, body: FormData, headers: Record<string, string> = {}) =>
    t.call(appPaths.prescriptions, { method: 'POST', token, body, headers });
  const images = (n: number) => Array.from({ length: n }, (_, i) => ({ file: png(20 + i, 30) }));
  const storedImages = () =>
    readdirSync(t.storage.root, { recursive: true, withFileTypes: true }).filter(
      (e) => e.isFile() && e.parentPath.endsWith('prescriptions'),
    ).length;
  const sendOne = async (token = patient.token, pharmacyId = pharmacy.id, note?: string) => {
    const response = await send(token, form({ pharmacy_id: String(pharmacyId), ...(note ? { note } : {}) }, images(1)));
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as Body<Mine>).data;
  };
  const signInPharmacy = async (values: Record<string, unknown> = {}) => {
    const phone = freshPhone();
    const made = await makeProvider(t.db, 'pharmacy', { phone, status: 'approved', licensed_until: later, ...values });
    return { ...made, token: (await signInApp(t, phone)).token };
  };

  beforeAll(async () => {
    t = await createTestApp({
      clock: () => new Date(clock),
      prescriptions: { maxPerHour: 8, imageTtlSeconds: 300 },
    });
    patient = await signInApp(t);
    pharmacy = await signInPharmacy({ name_en: 'Nile Pharmacy', name_ar: 'صيدلية النيل' });
    otherPharmacy = await signInPharmacy();
  }, 60_000);
  afterAll(() => t.close());

  it('takes 1 and 5 images, stores them privately, audits the upload, and answers signed links', async () => {
    const before = storedImages();
    const one = await send(patient.token, form({ pharmacy_id: String(pharmacy.id), note: 'Twice a day' }, images(1)));
    const oneBody = (await one.json()) as Body<Mine>;
    expect(one.status, JSON.stringify(oneBody)).toBe(201);
    expect(oneBody.message).toBe('Your prescription was sent to the pharmacy.');
    expect(oneBody.data).toMatchObject({
      pharmacy: { id: pharmacy.id, name: 'Nile Pharmacy' },
      note: 'Twice a day',
      image_count: 1,
      reply: null,
    });
    expect(oneBody.data.images[0]!.url).toMatch(
      /^\/storage\/prescriptions\/[\w-]+\.png\?expires=\d+&signature=[\w-]+&view=u\d+\.prescription\.\d+\.\d+$/,
    );

    const five = await send(patient.token, form({ pharmacy_id: String(pharmacy.id) }, images(5)), { 'accept-language': 'ar' });
    const fiveBody = (await five.json()) as Body<Mine>;
    expect(five.status).toBe(201);
    expect(fiveBody.message).toBe('تم إرسال الوصفة الطبية إلى الصيدلية.');
    expect(fiveBody.data).toMatchObject({ image_count: 5, pharmacy: { name: 'صيدلية النيل' } });
    expect(storedImages()).toBe(before + 6);

    const [row] = await t.db.select().from(prescriptions).where(eq(prescriptions.id, fiveBody.data.id));
    expect(row!.images).toHaveLength(5);
    expect(row!.images.every((key) => key.startsWith('prescriptions/'))).toBe(true);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'prescription'), eq(auditLogs.entity_id, String(fiveBody.data.id))));
    expect(audit).toEqual([
      expect.objectContaining({ actor_id: patient.userId, action: 'create', after: { pharmacy_id: pharmacy.id, images: 5 } }),
    ]);
    // The bare path of a private file is refused.
    expect((await t.call(`/storage/${row!.images[0]}`, { token: null })).status).toBe(403);
  });

  it('refuses none, six, a non-image by content, and a foreign field name, storing nothing', async () => {
    const before = storedImages();
    const none = await send(patient.token, form({ pharmacy_id: String(pharmacy.id) }, []));
    expect(none.status).toBe(422);
    expect(((await none.json()) as Body<unknown>).errors).toEqual({ images: ['Add at least one image of the prescription.'] });

    const six = await send(patient.token, form({ pharmacy_id: String(pharmacy.id) }, images(6)), { 'accept-language': 'ar' });
    expect(six.status).toBe(422);
    expect(((await six.json()) as Body<unknown>).errors).toEqual({ images: ['أرسل ٥ صور على الأكثر.'] });

    // A PDF named and typed as a PNG: the content decides.
    const disguised = await send(
      patient.token,
      form({ pharmacy_id: String(pharmacy.id) }, [{ file: png(20, 20) }, { file: pdf(), name: 'rx.png', type: 'image/png' }]),
    );
    expect(disguised.status).toBe(422);
    expect(((await disguised.json()) as Body<unknown>).errors).toEqual({ 'images.1': ['The file must be a PNG, JPEG or WebP image'] });

    const wrongField = await send(patient.token, form({ pharmacy_id: String(pharmacy.id) }, images(1), 'image'));
    expect(wrongField.status).toBe(422);
    expect(storedImages()).toBe(before);
  });

  it('reads `images[]` as the repeated field too', async () => {
    const response = await send(patient.token, form({ pharmacy_id: String(pharmacy.id) }, images(2), 'images[]'));
    expect(response.status).toBe(201);
    expect(((await response.json()) as Body<Mine>).data.image_count).toBe(2);
  });

  it('refuses a pharmacy that is not listed (pending, deactivated, unlicensed, not a pharmacy, unknown): 422 in en and ar', async () => {
    const pending = await makeProvider(t.db, 'pharmacy', { licensed_until: later });
    const inactive = await makeProvider(t.db, 'pharmacy', { status: 'approved', licensed_until: later, is_active: false });
    const unlicensed = await makeProvider(t.db, 'pharmacy', { status: 'approved' });
    const doctor = await makeProvider(t.db, 'doctor', { status: 'approved', licensed_until: later });
    const before = storedImages();
    for (const id of [pending.id, inactive.id, unlicensed.id, doctor.id, 999_999_999]) {
      const response = await send(patient.token, form({ pharmacy_id: String(id) }, images(1)));
      expect(response.status, String(id)).toBe(422);
      expect(((await response.json()) as Body<unknown>).errors).toEqual({ pharmacy_id: ['Choose a pharmacy from the directory.'] });
    }
    const ar = await send(patient.token, form({ pharmacy_id: String(pending.id) }, images(1)), { 'accept-language': 'ar' });
    expect(((await ar.json()) as Body<unknown>).errors).toEqual({ pharmacy_id: ['اختر صيدلية من الدليل.'] });
    const missing = await send(patient.token, form({}, images(1)));
    expect(missing.status).toBe(422);
    expect(Object.keys(((await missing.json()) as Body<unknown>).errors!)).toEqual(['pharmacy_id']);
    expect(storedImages()).toBe(before);
  });

  it('answers a retried upload (same Idempotency-Key) with the same prescription and stores nothing again', async () => {
    const { token } = await signInApp(t);
    const body = () => form({ pharmacy_id: String(pharmacy.id), note: 'retry' }, images(2));
    const first = await send(token, body(), { 'idempotency-key': 'rx-key-1' });
    expect(first.status).toBe(201);
    const id = ((await first.json()) as Body<Mine>).data.id;
    const stored = storedImages();

    const again = await send(token, body(), { 'idempotency-key': 'rx-key-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as Body<Mine>).data.id).toBe(id);
    // Parallel retries too: one row, no second copy of the images kept.
    const parallel = await Promise.all([1, 2, 3].map(() => send(token, body(), { 'idempotency-key': 'rx-key-2' })));
    expect(parallel.map((r) => r.status)).toEqual([201, 201, 201]);
    const ids = await Promise.all(parallel.map(async (r) => ((await r.json()) as Body<Mine>).data.id));
    expect(new Set(ids).size).toBe(1);
    expect(storedImages()).toBe(stored + 2);

    const other = await send(token, form({ pharmacy_id: String(pharmacy.id), note: 'another' }, images(1)), {
      'idempotency-key': 'rx-key-1',
    });
    expect(other.status).toBe(422);
    expect(((await other.json()) as Body<unknown>).errors).toEqual({
      idempotency_key: ['This Idempotency-Key was already used for another prescription.'],
    });
    const junk = await send(token, body(), { 'idempotency-key': 'x'.repeat(256) });
    expect(junk.status).toBe(422);
    const mine = (await (await t.call(appPaths.prescriptions, { token })).json()) as PageOf<Mine>;
    expect(mine.data.total).toBe(2);
  });

  it('limits the uploads of an account per hour (429), a replay not counted', async () => {
    const { token } = await signInApp(t);
    const keyed = () => send(token, form({ pharmacy_id: String(pharmacy.id) }, images(1)), { 'idempotency-key': 'limit-1' });
    expect((await keyed()).status).toBe(201);
    for (let i = 0; i < 7; i++) await sendOne(token);
    const before = storedImages();
    const refused = await send(token, form({ pharmacy_id: String(pharmacy.id) }, images(1)), { 'accept-language': 'ar' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(((await refused.json()) as Body<unknown>).message).toBe(
      'لقد أرسلت عددًا كبيرًا من الوصفات خلال الساعة الأخيرة. حاول مرة أخرى لاحقًا.',
    );
    expect(storedImages()).toBe(before);
    const replay = await keyed();
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('shows a pharmacy its own prescriptions only (signed links that expire), another pharmacy’s id is a 404', async () => {
    const sent = await sendOne(patient.token, pharmacy.id, 'for the queue');
    const waiting = (await (
      await t.call(`${appPaths.pharmacyPrescriptions}?status=waiting&per_page=100`, { token: pharmacy.token })
    ).json()) as PageOf<Received>;
    const item = waiting.data.data.find((p) => p.id === sent.id)!;
    expect(item).toMatchObject({ patient: { id: patient.userId }, note: 'for the queue', reply: null });
    // Waiting ones oldest first: the queue.
    const ids = waiting.data.data.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const link = item.images[0]!;
    // From the end of the minute it was signed in (signed-urls.ts).
    expect(link.expires_at).toBe((Math.floor(clock / 60_000) + 1) * 60 + 300);
    const opened = await t.call(link.url, { token: null });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/png');
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    // Opening it is on record: who looked at which prescription, whose it is, and why.
    const views = (await accessRows(t)).filter((row) => row.kind === 'prescription_image' && row.record_ids.includes(String(sent.id)));
    expect(views.map((v) => [v.actor_kind, v.actor_id, v.purpose, v.subject_user_ids])).toContainEqual([
      'account',
      await userIdOf(pharmacy.token),
      'prescription_fulfilment',
      [patient.userId],
    ]);

    // A second after its expiry the link is dead.
    const later = link.expires_at * 1000 + 1000 - clock;
    clock += later;
    try {
      expect((await t.call(link.url, { token: null })).status).toBe(403);
    } finally {
      clock -= later;
    }
    // Tampered (another prescription's view, a later expiry): refused.
    expect((await t.call(link.url.replace(/expires=\d+/, `expires=${link.expires_at + 3600}`), { token: null })).status).toBe(403);

    const one = await t.call(appPaths.pharmacyPrescription(String(sent.id)), { token: pharmacy.token });
    expect(one.status).toBe(200);
    const foreign = await t.call(appPaths.pharmacyPrescription(String(sent.id)), {
      token: otherPharmacy.token,
      headers: { 'accept-language': 'ar' },
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: 'الوصفة الطبية غير موجودة.' });
    const others = (await (await t.call(appPaths.pharmacyPrescriptions, { token: otherPharmacy.token })).json()) as PageOf<Received>;
    expect(others.data.data.map((p) => p.id)).not.toContain(sent.id);
    const reply = await t.call(appPaths.pharmacyPrescriptionReply(String(sent.id)), {
      method: 'POST',
      token: otherPharmacy.token,
      json: { status: 'unavailable' },
    });
    expect(reply.status).toBe(404);
    // The patient's own routes: another account's prescription is a 404 too.
    const stranger = await signInApp(t);
    expect((await t.call(appPaths.prescription(String(sent.id)), { token: stranger.token })).status).toBe(404);
  });

  async function userIdOf(token: string) {
    const me = (await (await t.call(`${appPaths.me}`, { token })).json()) as { data: { id: number } };
    return me.data.id;
  }

  it('applies the reply rules (price with available / partly, none with unavailable, once), en and ar', async () => {
    const sent = await sendOne();
    const reply = (json: unknown, language = 'en') =>
      t.call(appPaths.pharmacyPrescriptionReply(String(sent.id)), {
        method: 'POST',
        token: pharmacy.token,
        json,
        headers: { 'accept-language': language },
      });
    const noPrice = await reply({ status: 'available' });
    expect(noPrice.status).toBe(422);
    expect(((await noPrice.json()) as Body<unknown>).errors).toEqual({ price: ['Give the price of what is available.'] });
    const partlyAr = await reply({ status: 'partly_available' }, 'ar');
    expect(((await partlyAr.json()) as Body<unknown>).errors).toEqual({ price: ['اكتب سعر المتوفر.'] });
    const pricedUnavailable = await reply({ status: 'unavailable', price: 10 });
    expect(pricedUnavailable.status).toBe(422);
    expect(((await pricedUnavailable.json()) as Body<unknown>).errors).toEqual({ price: ['An unavailable reply has no price.'] });
    for (const bad of [
      { status: 'maybe' },
      { status: 'available', price: -1 },
      { status: 'available', price: 1.234 },
      { status: 'available', price: '12' },
      {},
    ])
      expect((await reply(bad)).status, JSON.stringify(bad)).toBe(422);

    const ok = await reply({ status: 'available', price: 125.5, note: 'Ready in 10 minutes' });
    const okBody = (await ok.json()) as Body<Received>;
    expect(ok.status, JSON.stringify(okBody)).toBe(200);
    expect(okBody.message).toBe('Your reply was sent to the patient.');
    expect(okBody.data.reply).toMatchObject({ status: 'available', price: 125.5, note: 'Ready in 10 minutes' });

    const second = await reply({ status: 'unavailable' }, 'ar');
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ message: 'تم الرد على هذه الوصفة بالفعل: لا يمكن تغيير الرد.' });

    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'prescription'), eq(auditLogs.entity_id, String(sent.id)), eq(auditLogs.action, 'update')));
    expect(audit).toEqual([expect.objectContaining({ after: { reply_status: 'available', reply_price: 125.5 } })]);
    const replied = (await (
      await t.call(`${appPaths.pharmacyPrescriptions}?status=replied`, { token: pharmacy.token })
    ).json()) as PageOf<Received>;
    expect(replied.data.data[0]!.id).toBe(sent.id);
    const waiting = (await (
      await t.call(`${appPaths.pharmacyPrescriptions}?status=waiting&per_page=100`, { token: pharmacy.token })
    ).json()) as PageOf<Received>;
    expect(waiting.data.data.map((p) => p.id)).not.toContain(sent.id);
  });

  it('shows the patient the reply, tells them by SMS in their language, and the admin list gains the reply status', async () => {
    // An Arabic-speaking patient.
    const arabic = await signInApp(t);
    await t.db.update(users).set({ language: 'ar' }).where(eq(users.id, arabic.userId));
    const sent = await sendOne(arabic.token, pharmacy.id);
    const answered = await t.call(appPaths.pharmacyPrescriptionReply(String(sent.id)), {
      method: 'POST',
      token: pharmacy.token,
      json: { status: 'partly_available', price: 80, note: 'One of two medicines' },
    });
    expect(answered.status).toBe(200);

    const [sms] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, arabic.phone), eq(outbox.channel, 'sms')))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(sms!.body).toBe('جزء من وصفتك الطبية متوفر لدى صيدلية النيل: ٨٠ جنيه. اطلع على الرد في التطبيق.');

    const list = (await (
      await t.call(appPaths.prescriptions, { token: arabic.token, headers: { 'accept-language': 'ar' } })
    ).json()) as PageOf<Mine>;
    expect(list.data.data[0]).toMatchObject({
      id: sent.id,
      pharmacy: { name: 'صيدلية النيل' },
      images: [],
      image_count: 1,
      reply: { status: 'partly_available', price: 80, note: 'One of two medicines' },
    });
    const one = (await (await t.call(appPaths.prescription(String(sent.id)), { token: arabic.token })).json()) as Body<Mine>;
    expect(one.data.images).toHaveLength(1);
    expect((await t.call(one.data.images[0]!.url, { token: null })).status).toBe(200);

    // An English-speaking patient's SMS, unavailable (no price).
    const english = await signInApp(t);
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, english.userId));
    const other = await sendOne(english.token, pharmacy.id);
    await t.call(appPaths.pharmacyPrescriptionReply(String(other.id)), {
      method: 'POST',
      token: pharmacy.token,
      json: { status: 'unavailable' },
    });
    const [englishSms] = await t.db.select().from(outbox).where(eq(outbox.recipient, english.phone)).orderBy(desc(outbox.id)).limit(1);
    expect(englishSms!.body).toBe('Nile Pharmacy does not have your prescription. See the reply in the app.');

    const admin = (await (await t.call(`${adminPrescriptionPaths.list}?pharmacy_name=Nile&per_page=100`)).json()) as {
      data: { data: Array<{ id: number; image: string; reply_status: string | null; replied_at: string | null }> };
    };
    const byId = new Map(admin.data.data.map((row) => [row.id, row]));
    expect(byId.get(sent.id)).toMatchObject({ reply_status: 'partly_available', replied_at: expect.any(String) });
    expect(byId.get(other.id)).toMatchObject({ reply_status: 'unavailable' });
    const waiting = [...byId.values()].find((row) => row.reply_status === null)!;
    expect(waiting).toMatchObject({ replied_at: null, image: expect.stringMatching(/^prescriptions\//) });
  });
});
