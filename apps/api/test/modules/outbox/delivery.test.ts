import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { outbox } from '../../../src/db/schema/outbox';
import { OutboxDeliverer } from '../../../src/outbox/deliverer';
import { httpSmsDriver, smtpMailDriver, type MessageDriver } from '../../../src/outbox/drivers';
import { outboxRepository } from '../../../src/outbox/outbox-repository';
import { createTestApp, type TestApp } from '../../support/test-app';
import { freshPhone } from '../../support/app-accounts';
import { startSmsSink, startSmtpSink } from '../../support/message-sinks';

const unused: MessageDriver = { send: () => Promise.reject(new Error('not this channel')) };

describe('the outbox', () => {
  let t: TestApp;
  let sms: Awaited<ReturnType<typeof startSmsSink>>;
  beforeAll(async () => {
    sms = await startSmsSink();
    t = await createTestApp({ messaging: { sms: httpSmsDriver({ url: sms.url, token: 'sms-secret' }) } });
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });

  const enqueue = (count: number, recipient = freshPhone()) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        outboxRepository.enqueue(t.db, { channel: 'sms', recipient, body: `message ${i}`, kind: 'appointment_reminder' }),
      ),
    );
  const rows = (ids: number[]) => t.db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);
  const metric = async (name: string) => {
    const text = await (await t.call('/metrics', { token: null })).text();
    return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
  };

  it('sends an OTP text at once through the HTTP gateway, with its bearer token and an idempotency key', async () => {
    const phone = freshPhone();
    const before = sms.received.length;
    expect((await t.call(appPaths.otp, { method: 'POST', token: null, json: { phone, language: 'en' } })).status).toBe(200);
    await expect.poll(() => sms.received.length).toBe(before + 1);
    const text = sms.received.at(-1)!;
    expect(text).toMatchObject({ to: phone, authorization: 'Bearer sms-secret', key: expect.stringMatching(/^outbox-\d+$/) });
    expect(text.message).toMatch(/^Your Sehha code is \d{6}\. It expires in 5 minutes\./);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, phone));
    await expect.poll(async () => (await rows([row!.id]))[0]!.status).toBe('sent');
    expect(await metric('outbox_sent_total\\{channel="sms"\\}')).toBeGreaterThanOrEqual(1);
  });

  it('retries a refused message with backoff, then marks it failed after the last try', async () => {
    const gateway = await startSmsSink({ answer: () => 503 });
    const deliverer = new OutboxDeliverer(t.db, {
      drivers: { sms: httpSmsDriver({ url: gateway.url }), email: unused },
      maxAttempts: 3,
      backoffSeconds: 30,
    });
    const [id] = await enqueue(1);
    await deliverer.deliverDue();
    let [row] = await rows([id!]);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMS gateway answered 503' });
    expect(Date.parse(row!.due_at) - Date.now()).toBeGreaterThan(25_000);
    // Not due yet: a round leaves it alone.
    await deliverer.deliverDue();
    expect((await rows([id!]))[0]!.attempts).toBe(1);
    for (let attempt = 2; attempt <= 3; attempt++) {
      await t.db
        .update(outbox)
        .set({ due_at: sql`now()` })
        .where(eq(outbox.id, id!));
      await deliverer.deliverDue();
    }
    [row] = await rows([id!]);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(gateway.received).toHaveLength(3);
    await gateway.close();
  });

  it('delivers email through SMTP', async () => {
    const smtp = await startSmtpSink();
    const mail = smtpMailDriver({ url: smtp.url, from: 'Sehha <no-reply@sehha.test>' });
    const deliverer = new OutboxDeliverer(t.db, { drivers: { sms: unused, email: mail } });
    const id = await outboxRepository.enqueue(t.db, {
      channel: 'email',
      recipient: 'patient@example.com',
      subject: 'Your visit',
      body: 'See you at 10:00.',
      kind: 'appointment_reminder',
    });
    await deliverer.deliverNow(id);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'no-reply@sehha.test', to: ['patient@example.com'] });
    expect(smtp.received[0]!.data).toContain('Subject: Your visit');
    expect(smtp.received[0]!.data).toContain('See you at 10:00.');
    expect((await rows([id]))[0]!.status).toBe('sent');
    mail.close();
    await smtp.close();
  });

  it('loses nothing and sends nothing twice when a deliverer dies mid-batch', async () => {
    const gateway = await startSmsSink({ answer: (index) => (index === 4 ? 'hold' : 200) });
    const http = httpSmsDriver({ url: gateway.url, timeoutMs: 60_000 });
    // The deliverer "dies" in its 4th send: the gateway has the request, no answer ever comes back, nothing more runs.
    let calls = 0;
    const dyingDriver: MessageDriver = {
      send(message) {
        calls += 1;
        if (calls < 4) return http.send(message);
        void http.send(message).catch(() => undefined);
        return new Promise(() => undefined);
      },
    };
    const ids = await enqueue(10);
    const dying = new OutboxDeliverer(t.db, { drivers: { sms: dyingDriver, email: unused }, leaseSeconds: 1, batchSize: 10 });
    void dying.deliverDue();
    await expect.poll(() => gateway.held.length).toBe(1);
    expect((await rows(ids)).filter((row) => row.status === 'sent')).toHaveLength(3);
    // Another process takes over once the dead one's lease has run out.
    const survivor = new OutboxDeliverer(t.db, { drivers: { sms: httpSmsDriver({ url: gateway.url }), email: unused }, leaseSeconds: 1 });
    expect(await survivor.deliverDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await survivor.deliverDue()).toBe(7);
    expect((await rows(ids)).every((row) => row.status === 'sent')).toBe(true);
    // Each row reached the gateway under its own key: 3 + the unanswered one + 7 = 11 requests, 10 keys; only the
    // unanswered one was offered twice, under the same key (the gateway's duplicate check drops it).
    const keys = gateway.received.map((text) => text.key);
    expect(keys).toHaveLength(11);
    expect(new Set(keys).size).toBe(10);
    expect(keys.filter((key) => key === keys[3])).toHaveLength(2);
    await gateway.close();
  });

  it('sends each row once when two deliverers race over the same rows', async () => {
    const gateway = await startSmsSink();
    const ids = await enqueue(40);
    const second = await t.connectAgain();
    const make = (db: typeof t.db) =>
      new OutboxDeliverer(db, { drivers: { sms: httpSmsDriver({ url: gateway.url }), email: unused }, batchSize: 5 });
    const [a, b] = await Promise.all([make(t.db).deliverDue(), make(second.db).deliverDue()]);
    expect(a + b).toBe(40);
    expect((await rows(ids)).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    const keys = gateway.received.map((text) => text.key);
    expect(keys).toHaveLength(40);
    expect(new Set(keys).size).toBe(40);
    await second.close();
    await gateway.close();
  });
});
