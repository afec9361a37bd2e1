import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { changeRequestPaths } from '@sehha/contract/change-requests';
import { decisionReasonLabels } from '@sehha/contract/messages';
import { providerPaths } from '@sehha/contract/providers';
import { httpSmsDriver, smtpMailDriver } from '../../src/outbox/drivers';
import { outbox } from '../../src/db/schema/outbox';
import { createTestApp, type TestApp } from '../support/test-app';
import { freshPhone, signUpConsents } from '../support/app-accounts';
import { doctorForm, places, type Places } from '../support/applications';
import { startSmsSink, startSmtpSink } from '../support/message-sinks';

type Listed = { id: number; name_ar: string; consultation_fee: number | null };

/**
 * The platform's loop through HTTP only, as the apps and the dashboard call it (issue 26): a person signs in
 * with the code the SMS gateway received, applies as a doctor, an admin rejects with a reason that reaches the
 * person by SMS and email in Arabic, the doctor resubmits, is accepted, is found in the public directory by an
 * unnormalised Arabic name, asks to change the fee, and the directory shows the new fee once the admin accepts.
 */
describe('the platform loop: sign-in, application, decisions with reasons, directory, change request', () => {
  let t: TestApp;
  let p: Places;
  let sms: Awaited<ReturnType<typeof startSmsSink>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let mail: ReturnType<typeof smtpMailDriver>;

  beforeAll(async () => {
    sms = await startSmsSink();
    smtp = await startSmtpSink();
    mail = smtpMailDriver({ url: smtp.url, from: 'Sehha <no-reply@sehha.test>' });
    t = await createTestApp({ messaging: { sms: httpSmsDriver({ url: sms.url }), email: mail, intervalMs: 100 } });
    p = await places(t, 'loop');
  });
  afterAll(async () => {
    await t.close();
    mail.close();
    await sms.close();
    await smtp.close();
  });

  const textsTo = (phone: string) => sms.received.filter((text) => text.to === phone).map((text) => text.message);
  /**
   * A one-by-one decision's notices wait out its 30 s Undo window (docs/decisions.md): they are due later, and here the
   * window is made to pass.
   */
  const undoWindowPasses = async () => {
    const waiting = await t.db
      .update(outbox)
      .set({ due_at: sql`now()` })
      .where(and(eq(outbox.status, 'pending'), gt(outbox.due_at, sql`now() + interval '25 seconds'`)))
      .returning({ id: outbox.id });
    expect(waiting.length).toBeGreaterThan(0);
  };
  const directory = async (query: string) => {
    const response = await t.call(`${appPaths.doctors}?${query}`, { token: null });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { data: Listed[] } }).data.data;
  };

  it('runs from the first code to the new fee in the directory', async () => {
    // Sign in with the code the gateway received, in Arabic as the app asks (a new account reads the language of its sign-in).
    const phone = freshPhone();
    const arabic = { 'accept-language': 'ar' };
    expect((await t.call(appPaths.otp, { method: 'POST', token: null, headers: arabic, json: { phone } })).status).toBe(200);
    await expect.poll(() => textsTo(phone).length).toBe(1);
    const code = /\d{6}/.exec(textsTo(phone)[0]!)![0];
    const verified = await t.call(appPaths.verify, {
      method: 'POST',
      token: null,
      headers: arabic,
      json: { phone, code, name: 'أحمد عادل', consents: signUpConsents() },
    });
    expect(verified.status).toBe(200);
    const { token } = ((await verified.json()) as { data: { token: string } }).data;

    // Apply as a doctor, with documents; the name is written with its hamza (أحمد).
    const email = `loop-${Date.now()}@example.com`;
    const form = doctorForm(p, { name_ar: 'د. أحمد عادل الشريف', name_en: `Dr Ahmed Loop ${Date.now()}`, email });
    const applied = await t.call(appPaths.providerApplication, { method: 'POST', token, form });
    expect(applied.status, await applied.clone().text()).toBe(201);

    // The admin lists it as pending.
    const pending = await t.call(`${providerPaths.list('doctors')}?status=pending&search=${encodeURIComponent(String(form.name_en))}`);
    const [listed] = ((await pending.json()) as { data: { data: Array<{ id: number; status: string }> } }).data.data;
    expect(listed).toMatchObject({ status: 'pending' });
    const doctorId = listed!.id;

    // Rejected with a reason: the person reads it in Arabic by SMS and by email.
    const rejected = await t.call(providerPaths.status(doctorId), {
      method: 'PATCH',
      json: { status: 'rejected', reason_codes: ['documents_unreadable'], reason_note: 'صورة الكارنيه غير واضحة' },
    });
    expect(rejected.status, await rejected.clone().text()).toBe(200);
    await undoWindowPasses();
    const reason = decisionReasonLabels.documents_unreadable.ar;
    await expect.poll(() => textsTo(phone).some((text) => text.includes(reason) && text.includes('صورة الكارنيه غير واضحة'))).toBe(true);
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length).toBe(1);
    expect(smtp.received.find((m) => m.to.includes(email))!.text).toContain(reason);

    // The doctor reads the reason, corrects and resubmits: back in the queue, in a second round.
    const followed = (await (await t.call(appPaths.providerApplication, { token })).json()) as {
      data: { status: string; last_decision: { reason_codes: string[] } };
    };
    expect(followed.data).toMatchObject({ status: 'rejected', last_decision: { reason_codes: ['documents_unreadable'] } });
    const resubmitted = await t.call(appPaths.providerApplication, { method: 'POST', token, form: { ...form, email } });
    expect(resubmitted.status, await resubmitted.clone().text()).toBe(200);
    const again = (await (await t.call(appPaths.providerApplication, { token })).json()) as { data: { status: string; round: number } };
    expect(again.data).toMatchObject({ status: 'pending', round: 2 });

    // Not in the directory before the decision; accepted, it is found by an unnormalised Arabic search (احمد).
    expect((await directory(`search=${encodeURIComponent('احمد عادل الشريف')}`)).map((row) => row.id)).not.toContain(doctorId);
    expect((await t.call(providerPaths.status(doctorId), { method: 'PATCH', json: { status: 'approved' } })).status).toBe(200);
    // Accepting the application approves the license it sent (the reviewer read it with the application).
    const accepted = (await (await t.call(appPaths.providerApplication, { token })).json()) as {
      data: { status: string; license: { status: string } };
    };
    expect(accepted.data).toMatchObject({ status: 'approved', license: { status: 'approved' } });
    const found = await directory(`search=${encodeURIComponent('احمد عادل الشريف')}`);
    expect(found.find((row) => row.id === doctorId)).toMatchObject({ name_ar: 'د. أحمد عادل الشريف', consultation_fee: 350 });

    // The doctor asks for a new fee; the admin accepts it; the directory shows it and the doctor is told.
    const asked = await t.call(appPaths.providerChangeRequests, { method: 'POST', token, json: { consultation_fee: 420 } });
    expect(asked.status, await asked.clone().text()).toBe(201);
    const requests = (await (await t.call(changeRequestPaths.list)).json()) as {
      data: Array<{ id: number; status: number; changes: Array<{ field: string; current: unknown; requested: unknown }> }>;
    };
    // The admin sees the requested fee beside the current one.
    const request = requests.data.find((row) => row.status === 0 && row.changes.some((change) => change.field === 'consultation_fee'))!;
    expect(request.changes).toContainEqual({ field: 'consultation_fee', current: 350, requested: 420 });
    const textsBefore = textsTo(phone).length;
    expect((await t.call(changeRequestPaths.decide(request.id), { method: 'PATCH', json: { status: 1 } })).status).toBe(200);
    await undoWindowPasses();
    const after = await directory(`search=${encodeURIComponent('احمد عادل الشريف')}`);
    expect(after.find((row) => row.id === doctorId)).toMatchObject({ consultation_fee: 420 });
    await expect.poll(() => textsTo(phone).length).toBeGreaterThan(textsBefore);
  });
});
