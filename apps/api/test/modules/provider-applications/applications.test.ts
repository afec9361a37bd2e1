import { decisionReasonLabels } from '@sehha/contract/messages';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { users } from '../../../src/db/schema/accounts';
import { licenses, providerAttachments, providers } from '../../../src/db/schema/providers';
import { providerPaths } from '@sehha/contract/providers';
import { createTestApp, type FormValue, type TestApp } from '../../support/test-app';
import { signInApp } from '../../support/app-accounts';
import { doctorForm, nextYear, pdfFile, pharmacyForm, places, pngFile, type Places } from '../../support/applications';
import { png } from '../../support/files';

type Body = { message: string; data?: Record<string, unknown>; errors?: Record<string, string[]> };
type Application = {
  status: string;
  kind: string;
  round: number;
  profile: Record<string, unknown>;
  documents: Array<{ kind: string; name: string; size: number }>;
  license: { number: string; expires_on: string; status: string } | null;
  last_decision: null | {
    action: string;
    reasons: Array<{ code: string; label: string }>;
    reason_note: string | null;
    missing_documents: string[];
  };
  history: Array<{ round: number; action: string }>;
};

const storedFiles = (t: TestApp) => readdirSync(t.storage.root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

describe('provider applications', () => {
  let t: TestApp;
  let p: Places;
  let addressSerial = 0;
  const fromNewAddress = () => ({ 'x-forwarded-for': `203.0.113.${++addressSerial}` });
  const apply = (token: string, form: Record<string, FormValue>, headers: Record<string, string> = fromNewAddress()) =>
    t.call(appPaths.providerApplication, { method: 'POST', token, form, headers });
  const show = async (token: string, language = 'en') => {
    const response = await t.call(appPaths.providerApplication, { token, headers: { 'accept-language': language } });
    return { status: response.status, body: (await response.json()) as Body & { data: Application } };
  };
  /** An admin's decision as the decision code writes it: the status and a review row with its reasons. */
  const decide = async (
    providerId: number,
    action: 'rejected' | 'onHold' | 'approved',
    reasonCodes: Array<'documents_unreadable' | 'license_expired' | 'other'> = [],
  ) => {
    // Through the admin's decision route, as a reviewer decides: the history row and the notice come from it.
    const response = await t.call(providerPaths.status(providerId), {
      method: 'PATCH',
      json: {
        status: action,
        ...(action === 'rejected' ? { reason_codes: reasonCodes } : {}),
        ...(action === 'approved' ? {} : { reason_note: 'Please send a clearer scan' }),
        ...(action === 'onHold' ? { missing_documents: ['syndicate_card'] } : {}),
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const providerOf = async (userId: number) => (await t.db.select().from(providers).where(eq(providers.user_id, userId)))[0];

  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true, applications: { maxPerAccount: 3, maxPerAddress: 4 } });
    p = await places(t, 'apply');
  });
  afterAll(() => t.close());

  it('a patient account applies as a doctor: pending at once in the admin lists, attachments dialog and licenses screen', async () => {
    const { token, userId } = await signInApp(t);
    const form = doctorForm(p, { name_en: `Dr Applicant ${Date.now()}` });
    const response = await apply(token, form);
    const body = (await response.json()) as Body & { data: Application };
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.message).toBe('Your application was sent. We will review it soon.');
    expect(body.data).toMatchObject({
      status: 'pending',
      kind: 'doctor',
      round: 1,
      last_decision: null,
      history: [{ round: 1, action: 'submitted' }],
    });
    expect(body.data.profile).toMatchObject({
      whatsapp_phone: '+201012345678',
      consultation_fee: 350,
      speciality_id: p.speciality,
      state_id: p.state,
    });
    expect(body.data.documents.map((d) => d.kind).sort()).toEqual(['license', 'national_id', 'syndicate_card']);
    expect(body.data.license).toEqual({ number: 'MD-2026-0001', expires_on: nextYear, status: 'pending' });

    const [account] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(account).toMatchObject({ role: 'doctor', email: form.email, whatsapp_phone: '+201012345678' });
    const provider = (await providerOf(userId))!;
    expect(provider.status).toBe('pending');
    // Documents are private files (served only with an admin's signature).
    const attachments = await t.db.select().from(providerAttachments).where(eq(providerAttachments.provider_id, provider.id));
    expect(attachments.every((a) => a.path.startsWith('attachments/'))).toBe(true);
    expect(attachments.find((a) => a.kind === 'license')).toMatchObject({ mime_type: 'application/pdf', original_name: 'license.pdf' });

    const list = (await (
      await t.call(`/api/admin/providers/doctors?status=pending&search=${encodeURIComponent(String(form.name_en))}`)
    ).json()) as {
      data: { data: Array<{ id: number; status: string }> };
    };
    expect(list.data.data).toEqual([expect.objectContaining({ id: provider.id, status: 'pending' })]);
    const dialog = (await (await t.call(`/api/admin/providers/attachments/${provider.id}`)).json()) as {
      data: Array<{ kind: string; url: string }>;
    };
    expect(dialog.data.map((a) => a.kind).sort()).toEqual(['license', 'national_id', 'syndicate_card']);
    expect((await t.call(dialog.data[0]!.url, { token: null })).status).toBe(200);
    const queue = (await (await t.call(`/api/admin/licenses?search=${encodeURIComponent(String(form.name_en))}`)).json()) as {
      data: { data: Array<{ number: string; status: string; provider: { id: number } }> };
    };
    expect(queue.data.data).toEqual([
      expect.objectContaining({ number: 'MD-2026-0001', status: 'pending', provider: expect.objectContaining({ id: provider.id }) }),
    ]);

    // Pending: nothing to send again (409, in both languages).
    const again = await apply(token, doctorForm(p));
    expect(again.status).toBe(409);
    expect(((await again.json()) as Body).message).toMatch(/already under review/);
    const arabic = await t.call(appPaths.providerApplication, {
      method: 'POST',
      token,
      form: doctorForm(p),
      headers: { ...fromNewAddress(), 'accept-language': 'ar' },
    });
    expect(((await arabic.json()) as Body).message).toBe('طلبك قيد المراجعة بالفعل. يمكنك إرساله مرة أخرى فقط بعد قرار يطلب ذلك.');
    // Whatever the form holds: an incomplete one is told the same, not asked to fix its fields.
    const incomplete = await apply(token, { kind: 'doctor' });
    expect(incomplete.status).toBe(409);
  });

  it('each kind sends its own documents; every rule is one 422 in the Laravel shape, in both languages, and nothing is written', async () => {
    const { token, userId } = await signInApp(t);
    const files = storedFiles(t);
    const missing = await apply(token, pharmacyForm(p, { tax_card: undefined, commercial_register: undefined, license: undefined }));
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as Body).errors).toEqual({
      license: ['This document is required'],
      commercial_register: ['This document is required'],
      tax_card: ['This document is required'],
    });

    const wrong = await t.call(appPaths.providerApplication, {
      method: 'POST',
      token,
      headers: { ...fromNewAddress(), 'accept-language': 'ar' },
      form: doctorForm(p, {
        speciality_id: undefined,
        consultation_fee: '',
        city_id: p.otherCity,
        whatsapp_phone: '0212345678',
        license_expires_on: '2020-01-01',
        license_number: undefined,
      }),
    });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as Body).errors).toEqual({
      speciality_id: ['اختر تخصصًا من القائمة'],
      consultation_fee: ['أدخل سعر الكشف'],
      whatsapp_phone: [expect.stringMatching(/^أدخل رقم هاتف محمول/)],
      license_number: ['أدخل رقم الترخيص'],
      license_expires_on: ['يجب أن ينتهي الترخيص بعد اليوم'],
      state_id: ['اختر منطقة من المدينة المختارة'],
    });
    const inactive = await apply(token, doctorForm(p, { country_id: p.inactiveCountry }));
    expect(((await inactive.json()) as Body).errors).toEqual({ country_id: ['Choose a country from the list'] });
    const badKind = await apply(token, doctorForm(p, { kind: 'nurse' }));
    expect(badKind.status).toBe(422);
    expect(Object.keys(((await badKind.json()) as Body).errors!)).toEqual(['kind']);

    // Checked by content, as the admin's uploads: a text file named .png, a cut image, a PDF as the photo.
    const content = await apply(
      token,
      doctorForm(p, {
        syndicate_card: { file: Buffer.from('not an image at all'), name: 'card.png', type: 'image/png' },
        national_id: { file: png(40, 30).subarray(0, 60), name: 'id.png', type: 'image/png' },
        photo: pdfFile('me.pdf'),
        consultation_fee: '',
      }),
    );
    expect(content.status).toBe(422);
    // The files' failures and the fields' come in one answer.
    expect(((await content.json()) as Body).errors).toEqual({
      consultation_fee: ['Enter the consultation fee'],
      syndicate_card: ['The document must be a PDF, or a PNG, JPEG or WebP image'],
      national_id: ['The image is damaged or incomplete: it cannot be shown'],
      photo: ['The file must be a PNG, JPEG or WebP image'],
    });

    // A JSON body has no files at all.
    const json = await t.call(appPaths.providerApplication, { method: 'POST', token, json: { kind: 'doctor' }, headers: fromNewAddress() });
    expect(json.status).toBe(422);
    expect(await providerOf(userId)).toBeUndefined();
    expect(storedFiles(t)).toBe(files);
    const [account] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(account!.role).toBe('user');
  });

  it('answers a malformed multipart body 400 in the Laravel shape, and an oversized document 422', async () => {
    const { token } = await signInApp(t);
    const boundary = 'apply-boundary';
    for (const body of [
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ndoctor`,
      `--${boundary}\r\nContent-Type: text/plain\r\n\r\ndoctor\r\n--${boundary}--\r\n`,
      'not multipart at all',
    ]) {
      const response = await t.call(appPaths.providerApplication, {
        method: 'POST',
        token,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'ar' },
        body,
      });
      expect(response.status, body).toBe(400);
      expect(await response.json()).toEqual({ message: 'تعذرت قراءة الطلب.' });
    }
    const big = await apply(token, doctorForm(p, { license: { file: Buffer.alloc(6 * 1024 * 1024, 1), name: 'big.pdf' } }));
    expect(big.status).toBe(422);
    expect(((await big.json()) as Body).errors).toEqual({ license: ['The file must not be larger than 5 MB'] });
  });

  it('refuses an email another account uses, and answers 404 to an account that never applied', async () => {
    const first = await signInApp(t);
    const form = doctorForm(p);
    expect((await apply(first.token, form)).status).toBe(201);
    const second = await signInApp(t);
    const taken = await apply(second.token, doctorForm(p, { email: String(form.email).toUpperCase() }));
    expect(taken.status).toBe(422);
    expect(((await taken.json()) as Body).errors).toEqual({ email: ['This email address is already in use'] });

    expect(await show(second.token)).toMatchObject({ status: 404, body: { message: 'You have not applied as a provider.' } });
    expect(await show(second.token, 'ar')).toMatchObject({ status: 404, body: { message: 'لم تتقدم بطلب كمقدم خدمة.' } });
  });

  it('a rejected provider reads the reasons, corrects and resubmits: a new round, history kept, back in the queue', async () => {
    const { token, userId } = await signInApp(t);
    expect((await apply(token, doctorForm(p, { photo: pngFile('me.png') }))).status).toBe(201);
    const provider = (await providerOf(userId))!;
    await decide(provider.id, 'rejected', ['documents_unreadable', 'other']);

    const rejected = await show(token, 'ar');
    expect(rejected.body.data.status).toBe('rejected');
    expect(rejected.body.data.last_decision).toMatchObject({
      action: 'rejected',
      reasons: [
        { code: 'documents_unreadable', label: decisionReasonLabels.documents_unreadable.ar },
        { code: 'other', label: decisionReasonLabels.other.ar },
      ],
      reason_note: 'Please send a clearer scan',
    });

    // Another kind than the account's is refused.
    const otherKind = await apply(token, pharmacyForm(p));
    expect(otherKind.status).toBe(422);
    expect(((await otherKind.json()) as Body).errors).toEqual({ kind: ['Your account applies as another kind of provider.'] });

    const [oldCard] = await t.db
      .select()
      .from(providerAttachments)
      .where(eq(providerAttachments.provider_id, provider.id))
      .then((rows) => rows.filter((r) => r.kind === 'syndicate_card'));
    const files = storedFiles(t);
    const resubmitted = await apply(
      token,
      doctorForm(p, {
        name_en: 'Dr Mona Adel Hassan',
        consultation_fee: '400',
        license: undefined,
        national_id: undefined,
        syndicate_card: pngFile('syndicate-clear.png'),
        license_number: 'MD-2026-0002',
      }),
    );
    const body = (await resubmitted.json()) as Body & { data: Application };
    expect(resubmitted.status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe('Your application was sent again for review.');
    expect(body.data).toMatchObject({ status: 'pending', round: 2, last_decision: { action: 'rejected' } });
    expect(body.data.history.map((h) => [h.round, h.action])).toEqual([
      [1, 'submitted'],
      [1, 'rejected'],
      [2, 'submitted'],
    ]);
    expect(body.data.profile).toMatchObject({ name_en: 'Dr Mona Adel Hassan', consultation_fee: 400 });
    // The syndicate card was replaced (its old file removed); the others are kept.
    expect(body.data.documents.map((d) => [d.kind, d.name]).sort()).toEqual([
      ['license', 'license.pdf'],
      ['national_id', 'id.png'],
      ['syndicate_card', 'syndicate-clear.png'],
    ]);
    expect(await t.storage.exists(oldCard!.path)).toBe(false);
    expect(storedFiles(t)).toBe(files);
    // A new license row, pointing at the license document already sent.
    const rows = await t.db.select().from(licenses).where(eq(licenses.provider_id, provider.id));
    expect(rows.map((r) => r.number)).toEqual(['MD-2026-0001', 'MD-2026-0002']);
    expect(rows[1]!.path).toBe(rows[0]!.path);
    const updated = (await providerOf(userId))!;
    expect(updated).toMatchObject({ status: 'pending', name_en: 'Dr Mona Adel Hassan' });
    expect(new Date(updated.submitted_at).getTime()).toBeGreaterThan(new Date(provider.submitted_at).getTime());

    // On hold → resubmit; approved → 409.
    await decide(provider.id, 'onHold');
    const held = await show(token);
    expect(held.body.data.last_decision).toMatchObject({ action: 'onHold', missing_documents: ['syndicate_card'] });
    expect(
      (await apply(token, doctorForm(p, { license: undefined, license_number: undefined, license_expires_on: undefined }))).status,
    ).toBe(200);
    await decide(provider.id, 'approved');
    const approved = await apply(token, doctorForm(p, { license: undefined, license_number: undefined, license_expires_on: undefined }));
    expect(approved.status).toBe(409);
    expect(((await approved.json()) as Body).message).toBe('Your application was accepted. Change your profile through a change request.');
  });

  it('limits applications per account and per client address per hour, counted in the database', async () => {
    // Per account (3 an hour): the first application and two resubmissions, then 429.
    const { token, userId } = await signInApp(t);
    const address = fromNewAddress();
    const resubmit = () =>
      apply(
        token,
        doctorForm(p, {
          license: undefined,
          national_id: undefined,
          syndicate_card: undefined,
          license_number: undefined,
          license_expires_on: undefined,
        }),
        fromNewAddress(),
      );
    expect((await apply(token, doctorForm(p), address)).status).toBe(201);
    const id = (await providerOf(userId))!.id;
    await decide(id, 'rejected', ['other']);
    expect((await resubmit()).status).toBe(200);
    await decide(id, 'rejected', ['other']);
    expect((await resubmit()).status).toBe(200);
    await decide(id, 'rejected', ['other']);
    const limited = await resubmit();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3600');
    expect(await limited.json()).toEqual({ message: 'Too many applications were sent. Try again later.' });

    // Per address (4 an hour): three more accounts from that address pass, the next is refused.
    for (let i = 0; i < 3; i++) expect((await apply((await signInApp(t)).token, doctorForm(p), address)).status).toBe(201);
    const files = storedFiles(t);
    const late = await apply((await signInApp(t)).token, doctorForm(p), { ...address, 'accept-language': 'ar' });
    expect(late.status).toBe(429);
    expect(((await late.json()) as Body).message).toBe('أُرسلت طلبات كثيرة جدًا. حاول مرة أخرى لاحقًا.');
    expect(storedFiles(t)).toBe(files);
    // An hour later the window has moved on.
    // (The log is append-only by trigger: the test moves its rows back in time with triggers off.)
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update audit_logs set created_at = created_at - interval '61 minutes' where action = 'apply'`);
    });
    expect((await apply((await signInApp(t)).token, doctorForm(p), address)).status).toBe(201);
  });
});

describe('parallel applications of one account (real socket)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ listen: true, applications: { maxPerAccount: 50, maxPerAddress: 50 } });
  });
  afterAll(() => t.close());

  it('create exactly one provider; the others answer 409, never 500, and leave no file behind', async () => {
    const p = await places(t, 'race');
    const { token, userId } = await signInApp(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t
          .call(appPaths.providerApplication, { method: 'POST', token, form: doctorForm(p) })
          .then(async (r) => ({ status: r.status, body: await r.text() })),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers)).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await t.db.select().from(providers).where(eq(providers.user_id, userId));
    expect(rows).toHaveLength(1);
    const attachments = await t.db.select().from(providerAttachments).where(eq(providerAttachments.provider_id, rows[0]!.id));
    expect(attachments).toHaveLength(3);
    // Only the winner's three documents are in storage: the losers' files were removed.
    await expect.poll(() => storedFiles(t)).toBe(3);
  });
});
