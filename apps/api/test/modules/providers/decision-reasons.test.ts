import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../../../src/db/schema/accounts';
import { auditLogs } from '../../../src/db/schema/audit';
import { outbox } from '../../../src/db/schema/outbox';
import { providerReviews } from '../../../src/db/schema/providers';
import { providerReviewRepository } from '../../../src/modules/providers/reviews-repository';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider, type MadeProvider } from '../../support/providers';

type ErrorBody = { message: string; errors?: Record<string, string[]> };

/** Issue 26: an admin's decision carries its reasons into the history, the audit row and the provider's SMS/email. */
describe('provider decisions with reasons', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const decide = (id: number, json: unknown, language = 'en') =>
    t.call(`/api/admin/providers/status/${id}`, { method: 'PATCH', json, headers: { 'accept-language': language } });
  const bulk = (path: string, json: unknown, language = 'en') =>
    t.call(`/api/admin/providers/${path}`, { method: 'POST', json, headers: { 'accept-language': language } });
  const historyOf = (provider: MadeProvider) => providerReviewRepository.history(t.db, provider.id);
  const messagesTo = (...recipients: string[]) =>
    t.db
      .select({ channel: outbox.channel, recipient: outbox.recipient, subject: outbox.subject, body: outbox.body })
      .from(outbox)
      .where(inArray(outbox.recipient, recipients))
      .orderBy(outbox.id);
  const statusAudits = (provider: MadeProvider) =>
    t.db
      .select({ after: auditLogs.after })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'provider'), eq(auditLogs.action, 'status'), eq(auditLogs.entity_id, String(provider.id))));
  const speaks = (provider: MadeProvider, language: 'en' | 'ar') =>
    t.db.update(users).set({ language }).where(eq(users.id, provider.userId));
  const phoneOf = async (provider: MadeProvider) =>
    (await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, provider.userId)))[0]!.phone!;

  describe('what each decision requires', () => {
    it.each([
      ['a rejection without reason or note', { status: 'rejected' }, 'reason_codes', 'Choose at least one reason or write a note'],
      [
        'a rejection with a blank note',
        { status: 'rejected', reason_note: '   ' },
        'reason_codes',
        'Choose at least one reason or write a note',
      ],
      ['"other" without a note', { status: 'rejected', reason_codes: ['other'] }, 'reason_note', 'Describe the other reason in the note'],
      ['an unknown reason', { status: 'rejected', reason_codes: ['bad_mood'] }, 'reason_codes.0', 'Choose reasons from the list'],
      [
        'a repeated reason',
        { status: 'rejected', reason_codes: ['license_expired', 'license_expired'] },
        'reason_codes',
        'Choose reasons from the list',
      ],
      [
        'a note over 1000 characters',
        { status: 'rejected', reason_note: 'x'.repeat(1001) },
        'reason_note',
        'Must be at most 1000 characters',
      ],
      [
        'a hold without missing documents or note',
        { status: 'onHold' },
        'missing_documents',
        'Choose the missing documents or write a note',
      ],
      [
        'a hold naming an unknown document',
        { status: 'onHold', missing_documents: ['passport'] },
        'missing_documents.0',
        'Choose documents from the list',
      ],
      [
        'a hold with reason codes',
        { status: 'onHold', reason_note: 'Send it', reason_codes: ['other'] },
        'reason_codes',
        'This decision takes no such detail',
      ],
      [
        'an approval with reasons',
        { status: 'approved', reason_codes: ['license_expired'] },
        'reason_codes',
        'This decision takes no such detail',
      ],
      ['an approval with a note', { status: 'approved', reason_note: 'Welcome' }, 'reason_note', 'This decision takes no such detail'],
    ])('refuses %s with a 422 naming the field, and changes nothing', async (_, json, field, message) => {
      const doctor = await makeProvider(t.db, 'doctor');
      const response = await decide(doctor.id, json);
      expect(response.status).toBe(422);
      const body = (await response.json()) as ErrorBody;
      expect(body.errors?.[field]).toEqual([message]);
      expect(await historyOf(doctor)).toEqual([]);
      expect(await messagesTo(doctor.email, await phoneOf(doctor))).toEqual([]);
    });

    it('answers in Arabic', async () => {
      const doctor = await makeProvider(t.db, 'doctor');
      const response = await decide(doctor.id, { status: 'rejected' }, 'ar');
      expect(await response.json()).toEqual({
        message: 'اختر سببًا واحدًا على الأقل أو اكتب ملاحظة',
        errors: { reason_codes: ['اختر سببًا واحدًا على الأقل أو اكتب ملاحظة'] },
      });
    });

    it('takes a rejection by a note alone, a hold by a note alone, and an approval with empty details', async () => {
      const a = await makeProvider(t.db, 'doctor');
      expect((await decide(a.id, { status: 'rejected', reason_note: 'Please call us.' })).status).toBe(200);
      const b = await makeProvider(t.db, 'pharmacy');
      expect((await decide(b.id, { status: 'onHold', reason_note: 'The stamp is missing.' })).status).toBe(200);
      expect((await decide(b.id, { status: 'approved', reason_codes: [], reason_note: '', missing_documents: [] })).status).toBe(200);
    });
  });

  describe('a single decision', () => {
    it('writes the history row, the audit row with the reasons, and tells an Arabic provider in Arabic by SMS and email', async () => {
      const doctor = await makeProvider(t.db, 'doctor', { email: `arabic-${Date.now()}@clinic.test` });
      await speaks(doctor, 'ar');
      const response = await decide(doctor.id, {
        status: 'rejected',
        reason_codes: ['license_expired', 'name_mismatch'],
        reason_note: '  Renew the license first.  ',
      });
      expect(response.status).toBe(200);

      expect(await historyOf(doctor)).toMatchObject([
        {
          action: 'rejected',
          round: 1,
          actor_id: t.adminId,
          reason_codes: ['license_expired', 'name_mismatch'],
          reason_note: 'Renew the license first.',
          missing_documents: [],
        },
      ]);
      expect(await statusAudits(doctor)).toMatchObject([
        {
          after: {
            status: 'rejected',
            reason_codes: ['license_expired', 'name_mismatch'],
            reason_note: 'Renew the license first.',
            missing_documents: [],
          },
        },
      ]);

      const phone = await phoneOf(doctor);
      const sent = await messagesTo(phone, doctor.email);
      expect(sent.map((message) => [message.channel, message.recipient])).toEqual([
        ['sms', phone],
        ['email', doctor.email],
      ]);
      for (const message of sent) {
        expect(message.body).toContain('لم يُقبل طلب انضمامك إلى صحة.');
        expect(message.body).toContain('انتهت صلاحية ترخيصك، الاسم لا يطابق ما في المستندات');
        expect(message.body).toContain('Renew the license first.');
      }
      expect(sent[1]!.subject).toBe('لم يُقبل طلبك في صحة');
    });

    it('tells an English provider of a hold with the missing documents; a phone-only account gets no email', async () => {
      const pharmacy = await makeProvider(t.db, 'pharmacy', { email: `p${Date.now()}@phone.sehha.invalid` });
      await speaks(pharmacy, 'en');
      const response = await decide(pharmacy.id, {
        status: 'onHold',
        missing_documents: ['tax_card', 'commercial_register'],
        reason_note: 'Scan both sides.',
      });
      expect(response.status).toBe(200);
      expect(await historyOf(pharmacy)).toMatchObject([
        { action: 'onHold', missing_documents: ['tax_card', 'commercial_register'], reason_note: 'Scan both sides.', reason_codes: [] },
      ]);
      const phone = await phoneOf(pharmacy);
      const sent = await messagesTo(phone, pharmacy.email);
      expect(sent).toEqual([
        {
          channel: 'sms',
          recipient: phone,
          subject: null,
          body: 'Your application to Sehha is on hold until we receive what is missing. Missing documents: Tax card, Commercial register. Note: Scan both sides.',
        },
      ]);

      expect((await decide(pharmacy.id, { status: 'approved' })).status).toBe(200);
      expect((await historyOf(pharmacy)).map((row) => row.action)).toEqual(['onHold', 'approved']);
      expect((await messagesTo(phone)).at(-1)!.body).toBe(
        'Good news: your application to Sehha has been accepted. You can now use your provider account.',
      );
    });

    it('writes nothing when the transition is refused', async () => {
      const doctor = await makeProvider(t.db, 'doctor', { status: 'rejected' });
      const response = await decide(doctor.id, { status: 'onHold', reason_note: 'Look again.' });
      expect(response.status).toBe(422);
      expect(await historyOf(doctor)).toEqual([]);
      expect(await messagesTo(await phoneOf(doctor), doctor.email)).toEqual([]);
    });
  });

  describe('a bulk decision', () => {
    it('requires the reasons of a rejection, and takes none with an approval', async () => {
      const doctor = await makeProvider(t.db, 'doctor');
      const missing = await bulk('doctors/bulk/reject', { ids: [doctor.id] });
      expect(missing.status).toBe(422);
      expect(((await missing.json()) as ErrorBody).errors).toEqual({ reason_codes: ['Choose at least one reason or write a note'] });
      const approveWithReason = await bulk('doctors/bulk/approve', { ids: [doctor.id], reason_note: 'x' });
      expect(approveWithReason.status).toBe(422);
      expect(await historyOf(doctor)).toEqual([]);
    });

    it('writes one history row, one audit row with the reasons and one notification per changed provider, none for skipped ones', async () => {
      const arabic = await makeProvider(t.db, 'doctor', { email: `bulk-ar-${Date.now()}@clinic.test` });
      await speaks(arabic, 'ar');
      const english = await makeProvider(t.db, 'doctor', { email: `bulk-en-${Date.now()}@clinic.test` });
      await speaks(english, 'en');
      const skipped = await makeProvider(t.db, 'doctor', { status: 'rejected' });
      // A second round already open: the bulk decision belongs to it.
      await providerReviewRepository.add(t.db, { providerId: english.id, action: 'submitted', actorId: english.userId });
      await providerReviewRepository.add(t.db, { providerId: english.id, action: 'submitted', actorId: english.userId });

      const response = await bulk('doctors/bulk/reject', {
        ids: [arabic.id, english.id, skipped.id],
        reason_codes: ['documents_unreadable'],
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ data: { count: 2 } });

      expect(await historyOf(arabic)).toMatchObject([
        {
          action: 'rejected',
          round: 1,
          actor_id: t.adminId,
          reason_codes: ['documents_unreadable'],
          reason_note: null,
          missing_documents: [],
        },
      ]);
      expect((await historyOf(english)).map((row) => [row.action, row.round])).toEqual([
        ['submitted', 1],
        ['submitted', 2],
        ['rejected', 2],
      ]);
      expect(await historyOf(skipped)).toEqual([]);
      expect(await statusAudits(arabic)).toMatchObject([
        { after: { status: 'rejected', bulk: true, reason_codes: ['documents_unreadable'], reason_note: null, missing_documents: [] } },
      ]);

      const arabicSms = await messagesTo(await phoneOf(arabic));
      expect(arabicSms).toHaveLength(1);
      expect(arabicSms[0]!.body).toBe('لم يُقبل طلب انضمامك إلى صحة. الأسباب: تعذّرت قراءة مستنداتك. يمكنك تصحيحه وإرساله مرة أخرى.');
      expect(await messagesTo(english.email)).toMatchObject([
        {
          channel: 'email',
          subject: 'Your Sehha application was not accepted',
          body: 'Your application to Sehha was not accepted. Reasons: Your documents could not be read. You can correct it and submit it again.',
        },
      ]);
      expect(await messagesTo(await phoneOf(skipped), skipped.email)).toEqual([]);
    });

    it('puts the selected providers on hold with the missing documents, which a bulk hold requires', async () => {
      const pending = await makeProvider(t.db, 'pharmacy');
      await speaks(pending, 'ar');
      const rejected = await makeProvider(t.db, 'pharmacy', { status: 'rejected' });
      const missing = await bulk('pharmacies/bulk/hold', { ids: [pending.id] }, 'ar');
      expect(missing.status).toBe(422);
      expect(((await missing.json()) as ErrorBody).errors).toEqual({ missing_documents: ['اختر المستندات الناقصة أو اكتب ملاحظة'] });

      const response = await bulk('pharmacies/bulk/hold', { ids: [pending.id, rejected.id], missing_documents: ['license'] }, 'ar');
      expect(await response.json()).toEqual({ message: 'تم تعليق مقدم خدمة واحد', data: { count: 1 } });
      expect(await historyOf(pending)).toMatchObject([{ action: 'onHold', missing_documents: ['license'], reason_note: null }]);
      expect(await historyOf(rejected)).toEqual([]);
      expect((await messagesTo(await phoneOf(pending)))[0]!.body).toBe(
        'طلب انضمامك إلى صحة معلّق حتى نستلم ما ينقصه. المستندات الناقصة: الترخيص.',
      );
      expect(await messagesTo(await phoneOf(rejected))).toEqual([]);
    });

    it("adds many history rows in one insert, each in its provider's round", async () => {
      const first = await makeProvider(t.db, 'company');
      const second = await makeProvider(t.db, 'company');
      await providerReviewRepository.add(t.db, { providerId: second.id, action: 'submitted', actorId: null });
      await providerReviewRepository.add(t.db, { providerId: second.id, action: 'submitted', actorId: null });
      await providerReviewRepository.addMany(t.db, [first.id, second.id], {
        action: 'onHold',
        actorId: t.adminId,
        reasonNote: null,
        missingDocuments: ['license', 'national_id'],
      });
      const rows = await t.db
        .select()
        .from(providerReviews)
        .where(and(inArray(providerReviews.provider_id, [first.id, second.id]), eq(providerReviews.action, 'onHold')));
      expect(rows.map((row) => [row.provider_id, row.round, row.missing_documents, row.reason_codes, row.reason_note])).toEqual([
        [first.id, 1, ['license', 'national_id'], [], null],
        [second.id, 2, ['license', 'national_id'], [], null],
      ]);
    });
  });
});
