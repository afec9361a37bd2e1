import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import type { FakeCallbackBody } from '@sehha/contract/payments';
import { users } from '../../../src/db/schema/accounts';
import { appointments } from '../../../src/db/schema/appointments';
import { auditLogs } from '../../../src/db/schema/audit';
import { outbox } from '../../../src/db/schema/outbox';
import { paymentEvents, paymentIntents } from '../../../src/db/schema/payment-intents';
import { payments } from '../../../src/db/schema/subscriptions';
import { signFakeCallback } from '../../../src/modules/payments/fake-driver';
import { signInApp } from '../../support/app-accounts';
import { makeProvider } from '../../support/providers';
import { createTestApp, type TestApp } from '../../support/test-app';

const hmacSecret = 'test-payment-hmac-secret-0123456789';
const fee = 250;
let dayOffset = 2;

/**
 * A held online booking as POST /api/v1/appointments leaves it (inserted directly: the booking routes are another
 * module's): the appointment held for 15 minutes and its pending intent of the fake driver.
 */
async function heldBooking(t: TestApp, patient: { userId: number }, doctorId: number, options: { hold?: 'active' | 'released' } = {}) {
  dayOffset += 1;
  const starts = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + dayOffset * 86_400_000);
  const released = options.hold === 'released';
  const [appointment] = await t.db
    .insert(appointments)
    .values({
      user_id: patient.userId,
      provider_id: doctorId,
      starts_at: starts.toISOString(),
      ends_at: new Date(starts.getTime() + 30 * 60_000).toISOString(),
      type: 'website',
      price: fee,
      status: released ? 'cancelled' : 'held',
      cancelled_by: released ? 'system' : null,
      hold_expires_at: new Date(Date.now() + (released ? -60_000 : 15 * 60_000)).toISOString(),
    })
    .returning({ id: appointments.id, starts_at: appointments.starts_at, ends_at: appointments.ends_at });
  const reference = randomBytes(16).toString('base64url');
  await t.db.insert(paymentIntents).values({
    appointment_id: appointment!.id,
    user_id: patient.userId,
    driver: 'fake',
    reference,
    amount: fee,
    payment_url: `http://localhost${appPaths.payment(reference)}`,
    status: released ? 'expired' : 'pending',
    expires_at: new Date(Date.now() + (released ? -60_000 : 15 * 60_000)).toISOString(),
  });
  return { appointmentId: appointment!.id, reference, starts_at: appointment!.starts_at, ends_at: appointment!.ends_at };
}

const callbackBody = (reference: string, overrides: Partial<Omit<FakeCallbackBody, 'hmac'>> = {}) =>
  signFakeCallback(hmacSecret, {
    event_id: `evt_${randomBytes(8).toString('hex')}`,
    reference,
    gateway_reference: `txn_${randomBytes(8).toString('hex')}`,
    amount_cents: fee * 100,
    currency: 'EGP',
    outcome: 'paid',
    ...overrides,
  });

const postCallback = (t: TestApp, body: unknown, language = 'en') =>
  t.call(appPaths.paymentCallback('fake'), { method: 'POST', token: null, json: body, headers: { 'accept-language': language } });

const appointmentOf = async (t: TestApp, id: number) => (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
const intentOf = async (t: TestApp, reference: string) =>
  (await t.db.select().from(paymentIntents).where(eq(paymentIntents.reference, reference)))[0]!;
const paymentsOf = (t: TestApp, appointmentId: number) => t.db.select().from(payments).where(eq(payments.appointment_id, appointmentId));

describe('payments of online bookings (fake gateway)', () => {
  let t: TestApp;
  let doctor: { id: number };
  let patient: { userId: number; phone: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({ payments: { hmacSecret } });
    doctor = await makeProvider(t.db, 'doctor', { status: 'approved', consultation_fee: fee, name_en: 'Dr. Amal', name_ar: 'د. أمل' });
    patient = await signInApp(t);
    await t.db.update(users).set({ language: 'ar' }).where(eq(users.id, patient.userId));
  });
  afterAll(() => t.close());

  it('refuses a wrong or missing signature (401) and changes nothing', async () => {
    const booking = await heldBooking(t, patient, doctor.id);
    const forged = { ...callbackBody(booking.reference), amount_cents: 1 };
    for (const [body, language] of [
      [forged, 'en'],
      [{ ...callbackBody(booking.reference), hmac: undefined }, 'ar'],
      [signFakeCallback('another-secret-another-secret', { ...forged }), 'en'],
    ] as const) {
      const response = await postCallback(t, body, language);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toBe(
        language === 'ar' ? 'توقيع الإشعار غير صالح.' : 'The callback signature is invalid.',
      );
    }
    expect((await intentOf(t, booking.reference)).status).toBe('pending');
    expect((await appointmentOf(t, booking.appointmentId)).status).toBe('held');
    expect(await paymentsOf(t, booking.appointmentId)).toHaveLength(0);
    const events = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.intent_id, (await intentOf(t, booking.reference)).id));
    expect(events).toHaveLength(0);
  });

  it('books the held appointment on success, records the payment, audits it and texts the patient in Arabic; a replay changes nothing', async () => {
    const booking = await heldBooking(t, patient, doctor.id);
    const body = callbackBody(booking.reference);
    const response = await postCallback(t, body);
    expect(response.status).toBe(200);

    const appointment = await appointmentOf(t, booking.appointmentId);
    expect(appointment).toMatchObject({ status: 'booked', hold_expires_at: null });
    const intent = await intentOf(t, booking.reference);
    expect(intent).toMatchObject({ status: 'paid', gateway_reference: body.gateway_reference, failure_reason: null });
    expect(intent.paid_at).not.toBeNull();
    const ledger = await paymentsOf(t, booking.appointmentId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ method: 'card', status: 'paid', amount: fee, user_id: patient.userId, currency: 'EGP' });

    const audits = await t.db
      .select({ action: auditLogs.action, entity: auditLogs.entity })
      .from(auditLogs)
      .where(
        sql`(${auditLogs.entity} = 'payment_intents' and ${auditLogs.entity_id} = ${String(intent.id)}) or (${auditLogs.entity} = 'appointments' and ${auditLogs.entity_id} = ${String(booking.appointmentId)})`,
      );
    expect(audits).toEqual(
      expect.arrayContaining([
        { action: 'paid', entity: 'payment_intents' },
        { action: 'status', entity: 'appointments' },
      ]),
    );

    const texts = await t.db
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.recipient, patient.phone), eq(outbox.channel, 'sms')));
    expect(texts.some((text) => text.body.includes('د. أمل') && text.body.includes('تم تأكيد موعدك'))).toBe(true);

    // The same event again (a gateway retry, or an attacker replaying a captured body): 200, nothing new.
    for (let i = 0; i < 2; i++) expect((await postCallback(t, body)).status).toBe(200);
    expect(await paymentsOf(t, booking.appointmentId)).toHaveLength(1);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.intent_id, intent.id))).toHaveLength(1);
    // The same transaction under another event id is no second payment either.
    expect((await postCallback(t, callbackBody(booking.reference, { gateway_reference: body.gateway_reference }))).status).toBe(200);
    expect(await paymentsOf(t, booking.appointmentId)).toHaveLength(1);
  });

  it('refuses an amount or currency that does not match the intent (422), and changes nothing', async () => {
    const booking = await heldBooking(t, patient, doctor.id);
    for (const body of [
      callbackBody(booking.reference, { amount_cents: fee * 100 - 1 }),
      callbackBody(booking.reference, { currency: 'USD' }),
    ]) {
      const response = await postCallback(t, body, 'ar');
      expect(response.status).toBe(422);
      expect(((await response.json()) as { message: string }).message).toBe('المبلغ المدفوع لا يطابق قيمة الدفع.');
    }
    expect((await intentOf(t, booking.reference)).status).toBe('pending');
    expect((await appointmentOf(t, booking.appointmentId)).status).toBe('held');
    expect(await paymentsOf(t, booking.appointmentId)).toHaveLength(0);
  });

  it('answers 400 for a signed body it cannot read (the signature checked first, then the fields)', async () => {
    const booking = await heldBooking(t, patient, doctor.id);
    const unreadable = signFakeCallback(hmacSecret, { ...callbackBody(booking.reference), amount_cents: '25000' as never });
    expect((await postCallback(t, unreadable)).status).toBe(400);
    expect((await intentOf(t, booking.reference)).status).toBe('pending');
  });

  it('answers 404 for a callback about an unknown reference, and for an unknown driver', async () => {
    expect((await postCallback(t, callbackBody(randomBytes(16).toString('base64url')))).status).toBe(404);
    const response = await t.call(appPaths.paymentCallback('paymob'), { method: 'POST', token: null, json: {} });
    expect(response.status).toBe(404);
  });

  it('keeps the hold on a failure; the same link then opens a new attempt, which can succeed', async () => {
    const booking = await heldBooking(t, patient, doctor.id);
    expect((await postCallback(t, callbackBody(booking.reference, { outcome: 'failed' }))).status).toBe(200);
    expect((await intentOf(t, booking.reference)).status).toBe('failed');
    expect((await appointmentOf(t, booking.appointmentId)).status).toBe('held');

    const reopened = await t.call(appPaths.payment(booking.reference), { token: null });
    expect(reopened.status).toBe(302);
    const retryReference = /\/payments\/fake\/([\w-]+)/.exec(reopened.headers.get('location') ?? '')?.[1];
    expect(retryReference).toBeDefined();
    expect(retryReference).not.toBe(booking.reference);
    // Opening it again reuses the open attempt.
    const again = await t.call(appPaths.payment(booking.reference), { token: null });
    expect(again.headers.get('location')).toContain(retryReference);

    expect((await postCallback(t, callbackBody(retryReference!))).status).toBe(200);
    expect((await appointmentOf(t, booking.appointmentId)).status).toBe('booked');
    expect(await paymentsOf(t, booking.appointmentId)).toHaveLength(1);
    expect((await intentOf(t, booking.reference)).status).toBe('failed');
  });

  it('refuses the link of an unknown, paid or expired payment, as a page for a browser (en/ar) and as JSON otherwise', async () => {
    const unknown = await t.call(appPaths.payment(randomBytes(16).toString('base64url')), { token: null });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('This payment link does not exist.');

    const released = await heldBooking(t, patient, doctor.id, { hold: 'released' });
    const expired = await t.call(appPaths.payment(released.reference), {
      token: null,
      headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'ar-EG,ar;q=0.9' },
    });
    expect(expired.status).toBe(409);
    expect(expired.headers.get('content-type')).toContain('text/html');
    const page = await expired.text();
    expect(page).toContain('dir="rtl"');
    expect(page).toContain('انتهت صلاحية رابط الدفع');
    const english = await t.call(`${appPaths.payment(released.reference)}?lang=en`, { token: null, headers: { accept: 'text/html' } });
    expect(await english.text()).toContain('This payment link has expired');

    // A hold past its expiry that the release job has not reached yet is expired too.
    const lapsed = await heldBooking(t, patient, doctor.id);
    await t.db
      .update(appointments)
      .set({ hold_expires_at: sql`now() - interval '1 minute'` })
      .where(eq(appointments.id, lapsed.appointmentId));
    expect((await t.call(appPaths.payment(lapsed.reference), { token: null })).status).toBe(409);

    const paid = await heldBooking(t, patient, doctor.id);
    await postCallback(t, callbackBody(paid.reference));
    const again = await t.call(appPaths.payment(paid.reference), { token: null, headers: { 'accept-language': 'ar' } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe('تم دفع قيمة هذا الموعد بالفعل.');
  });

  it('a success after the hold was released books the visit again if its time is still free', async () => {
    const booking = await heldBooking(t, patient, doctor.id, { hold: 'released' });
    expect((await postCallback(t, callbackBody(booking.reference))).status).toBe(200);
    expect(await appointmentOf(t, booking.appointmentId)).toMatchObject({ status: 'booked', cancelled_by: null });
    expect(await intentOf(t, booking.reference)).toMatchObject({ status: 'paid', failure_reason: null });
    expect(await paymentsOf(t, booking.appointmentId)).toHaveLength(1);
  });

  it('a success after the hold was released and the slot taken records the payment and marks it for refund, without booking', async () => {
    const booking = await heldBooking(t, patient, doctor.id, { hold: 'released' });
    const other = await signInApp(t);
    await t.db.insert(appointments).values({
      user_id: other.userId,
      provider_id: doctor.id,
      starts_at: booking.starts_at,
      ends_at: booking.ends_at,
      type: 'cash',
      status: 'booked',
    });
    expect((await postCallback(t, callbackBody(booking.reference))).status).toBe(200);
    expect(await appointmentOf(t, booking.appointmentId)).toMatchObject({ status: 'cancelled', cancelled_by: 'system' });
    const intent = await intentOf(t, booking.reference);
    expect(intent.status).toBe('paid');
    expect(intent.failure_reason).toMatch(/^refund_due/);
    expect(await paymentsOf(t, booking.appointmentId)).toHaveLength(1);
    const [audit] = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'payment_intents'), eq(auditLogs.entity_id, String(intent.id))));
    expect(audit?.action).toBe('refund_due');
    const texts = await t.db.select({ body: outbox.body }).from(outbox).where(eq(outbox.recipient, patient.phone));
    expect(texts.some((text) => text.body.includes('سيتم استرداد المبلغ'))).toBe(true);
    const result = await t.call(`${appPaths.paymentResult(booking.reference)}?lang=en`, { token: null });
    expect(await result.text()).toContain('it will be refunded');
  });

  it('walks the fake gateway end to end: link → hosted page (ar) → Pay → result page, and the booking is paid', async () => {
    const booking = await heldBooking(t, patient, doctor.id);
    const link = await t.call(appPaths.payment(booking.reference), { token: null, headers: { 'accept-language': 'ar' } });
    expect(link.status).toBe(302);
    const hosted = new URL(link.headers.get('location')!);
    expect(hosted.pathname).toBe(appPaths.fakePaymentPage(booking.reference));

    const page = await t.call(`${hosted.pathname}${hosted.search}`, { token: null, headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    // The buttons are a form posting to this origin, with no script: what the CSP allows.
    expect(page.headers.get('content-security-policy')).toMatch(
      /form-action 'self'.*script-src 'self'|script-src 'self'.*form-action 'self'/,
    );
    const html = await page.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('ادفع');
    expect(html).toContain('فشل الدفع');
    expect(html).toContain(`action="${appPaths.fakePaymentPage(booking.reference)}"`);
    const english = await (await t.call(`${hosted.pathname}?lang=en`, { token: null })).text();
    expect(english).toMatch(/>Pay<.*>Fail</s);
    expect(english).toContain('Amount: 250 EGP');

    // The form as a browser posts it.
    const pressed = await t.call(hosted.pathname, {
      method: 'POST',
      token: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=paid&lang=ar',
    });
    expect(pressed.status).toBe(303);
    const result = await t.call(pressed.headers.get('location')!, { token: null });
    expect(result.status).toBe(200);
    expect(await result.text()).toContain('تم استلام الدفع: تم تأكيد حجز موعدك.');
    expect((await appointmentOf(t, booking.appointmentId)).status).toBe('booked');
    expect(await paymentsOf(t, booking.appointmentId)).toHaveLength(1);

    // Pressing again (back button) changes nothing; the page itself is gone (paid).
    const twice = await t.call(hosted.pathname, { method: 'POST', token: null, json: { outcome: 'paid' } });
    expect(twice.status).toBe(303);
    expect(await paymentsOf(t, booking.appointmentId)).toHaveLength(1);
    expect((await t.call(hosted.pathname, { token: null })).status).toBe(409);
  });

  it('Fail on the fake page fails the attempt and offers a retry', async () => {
    const booking = await heldBooking(t, patient, doctor.id);
    const pressed = await t.call(appPaths.fakePaymentPage(booking.reference), {
      method: 'POST',
      token: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=failed&lang=en',
    });
    expect(pressed.status).toBe(303);
    const html = await (await t.call(pressed.headers.get('location')!, { token: null })).text();
    expect(html).toContain('The payment failed');
    expect(html).toContain(`href="${appPaths.payment(booking.reference)}?lang=en"`);
    expect((await intentOf(t, booking.reference)).status).toBe('failed');
    expect((await appointmentOf(t, booking.appointmentId)).status).toBe('held');
  });

  it('counts paid bookings in the revenue of the home cards, and callbacks in the metrics', async () => {
    const before = ((await (await t.call('/api/admin/home/stats')).json()) as { data: { total_revenue: { value: number } } }).data
      .total_revenue.value;
    const booking = await heldBooking(t, patient, doctor.id);
    await postCallback(t, callbackBody(booking.reference));
    const after = ((await (await t.call('/api/admin/home/stats')).json()) as { data: { total_revenue: { value: number } } }).data
      .total_revenue.value;
    expect(after).toBe(before + fee);

    const metrics = await (await t.call('/metrics', { token: null })).text();
    expect(Number(/payment_callbacks_total\{outcome="paid"\} (\d+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(4);
    expect(Number(/payment_callbacks_total\{outcome="failed"\} (\d+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(2);
    expect(Number(/payment_callbacks_total\{outcome="rejected"\} (\d+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(3);
    expect(Number(/payment_callbacks_total\{outcome="replayed"\} (\d+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(2);
  });
});

describe('parallel identical callbacks on a real socket', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ listen: true, payments: { hmacSecret } });
  });
  afterAll(() => t.close());

  it('books once and records one payment, whatever the number of copies in flight', async () => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'approved', consultation_fee: fee });
    const patient = await signInApp(t);
    const booking = await heldBooking(t, patient, doctor.id);
    const body = callbackBody(booking.reference);
    const answers = await Promise.all(Array.from({ length: 12 }, () => postCallback(t, body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(await paymentsOf(t, booking.appointmentId)).toHaveLength(1);
    expect((await appointmentOf(t, booking.appointmentId)).status).toBe('booked');

    // Two different events of one payment racing: still one payment.
    const second = await heldBooking(t, patient, doctor.id);
    const gateway_reference = 'txn_same';
    const racing = await Promise.all([
      postCallback(t, callbackBody(second.reference, { gateway_reference })),
      postCallback(t, callbackBody(second.reference, { gateway_reference })),
    ]);
    expect(racing.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await paymentsOf(t, second.appointmentId)).toHaveLength(1);
  });

  it('walks the fake page over the socket as a browser does, following the redirects', async () => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'approved', consultation_fee: fee });
    const patient = await signInApp(t);
    const booking = await heldBooking(t, patient, doctor.id);
    const page = await t.call(appPaths.payment(booking.reference), {
      token: null,
      headers: { accept: 'text/html', 'accept-language': 'en' },
    });
    expect(page.status).toBe(200);
    expect(page.url).toContain(appPaths.fakePaymentPage(booking.reference));
    expect(await page.text()).toContain('>Pay<');
    const result = await t.call(appPaths.fakePaymentPage(booking.reference), {
      method: 'POST',
      token: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=paid&lang=en',
    });
    expect(result.status).toBe(200);
    expect(result.url).toContain(appPaths.paymentResult(booking.reference));
    expect(await result.text()).toContain('Payment received: your appointment is booked.');
    expect((await appointmentOf(t, booking.appointmentId)).status).toBe('booked');
  });
});
