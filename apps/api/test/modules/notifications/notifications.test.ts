import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { notificationPaths, type NotificationItem } from '@sehha/contract/notifications';
import { users } from '../../../src/db/schema/accounts';
import { outbox } from '../../../src/db/schema/outbox';
import { auditLogs } from '../../../src/db/schema/audit';
import { accessLogs } from '../../../src/db/schema/privacy';
import { OutboxDeliverer } from '../../../src/outbox/deliverer';
import { httpSmsDriver, type MessageDriver } from '../../../src/outbox/drivers';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeAdmin } from '../../support/admins';
import { startSmsSink } from '../../support/message-sinks';

type Page = { data: { data: NotificationItem[]; total: number } };

const unused: MessageDriver = { send: () => Promise.reject(new Error('not this channel')) };

describe('the notifications list', () => {
  let t: TestApp;
  let patientId: number;
  const ids: Record<string, number> = {};
  const list = async (query = '', token?: string) => {
    const response = await t.call(`${notificationPaths.list}${query}`, token ? { token } : {});
    expect(response.status, query).toBe(200);
    return (await response.json()) as Page;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const [patient] = await t.db
      .insert(users)
      .values({ name: 'Mona Notified', email: 'mona.notified@example.com', password_hash: 'x', role: 'user', phone: '+201012344321' })
      .returning({ id: users.id });
    patientId = patient!.id;
    // Cairo is UTC+2 in March: 22:30 UTC on 9 March is already 10 March there.
    const rows = await t.db
      .insert(outbox)
      .values([
        {
          channel: 'sms',
          recipient: '+201012344321',
          body: 'Reminder: Dr. Hidden Name tomorrow at 10:00',
          kind: 'appointment_reminder',
          user_id: patientId,
          status: 'failed',
          attempts: 5,
          last_error: 'SMS gateway refused +201012344321 at https://gw.example.com/send?key=SECRET',
          created_at: '2026-03-09T22:30:00Z',
        },
        {
          channel: 'email',
          recipient: 'mona.notified@example.com',
          subject: 'Your prescription',
          body: 'Your prescription for Hidden Medicine is ready',
          kind: 'prescription_reply',
          user_id: patientId,
          status: 'sent',
          attempts: 1,
          sent_at: '2026-03-09T10:00:01Z',
          created_at: '2026-03-09T10:00:00Z',
        },
        {
          channel: 'sms',
          recipient: '+201099990000',
          body: 'Your Sehha code is 123456',
          kind: 'sign_in_code',
          status: 'failed',
          attempts: 5,
        },
        {
          channel: 'email',
          recipient: 'gone@example.com',
          body: '',
          kind: 'application_approved',
          status: 'failed',
          attempts: 5,
          body_purged_at: '2026-03-01T00:00:00Z',
          created_at: '2026-02-01T00:00:00Z',
        },
        { channel: 'sms', recipient: '+201055550000', body: 'old', status: 'pending', created_at: '2026-01-01T00:00:00Z' },
      ])
      .returning({ id: outbox.id, kind: outbox.kind, status: outbox.status });
    ['reminder', 'prescription', 'code', 'purged', 'old'].forEach((name, i) => (ids[name] = rows[i]!.id));
  });
  afterAll(() => t.close());

  it('shows no message text and no whole phone or address', async () => {
    const response = await t.call(notificationPaths.list);
    const text = await response.text();
    for (const secret of ['Hidden', '123456', '1012344321', 'mona.notified', 'SECRET', 'Your prescription', '01099990000'])
      expect(text).not.toContain(secret);
    const { data } = JSON.parse(text) as Page;
    const reminder = data.data.find((row) => row.id === ids.reminder)!;
    expect(reminder).toMatchObject({
      kind: 'appointment_reminder',
      channel: 'sms',
      status: 'failed',
      recipient: '+2010••••4321',
      account: { id: patientId, name: 'Mona Notified', role: 'user' },
      attempts: 5,
      retryable: true,
      created_at: '2026-03-09T22:30:00.000Z',
      next_attempt_at: null,
    });
    expect(reminder.last_error).toBe('SMS gateway refused +2010••••4321 at https://gw.example.com/send');
    expect(Object.keys(reminder)).not.toContain('body');
    expect(data.data.find((row) => row.id === ids.prescription)).toMatchObject({
      recipient: 'm••@example.com',
      sent_at: '2026-03-09T10:00:01.000Z',
    });
    // A message written before kinds were recorded shows none; a pending one when it is tried next.
    expect(data.data.find((row) => row.id === ids.old)).toMatchObject({ kind: null, next_attempt_at: expect.any(String) });
  });

  it('filters by status, channel, kind and Cairo day, newest first', async () => {
    const failed = await list('?status=failed');
    expect(failed.data.data.map((row) => row.id)).toEqual([ids.code, ids.reminder, ids.purged]);
    expect(failed.data.total).toBe(3);
    expect((await list('?channel=email')).data.data.map((row) => row.id)).toEqual([ids.prescription, ids.purged]);
    expect((await list('?kind=prescription_reply')).data.data.map((row) => row.id)).toEqual([ids.prescription]);
    expect((await list('?day=2026-03-10')).data.data.map((row) => row.id)).toEqual([ids.reminder]);
    expect((await list('?day=2026-03-09')).data.data.map((row) => row.id)).toEqual([ids.prescription]);
    expect((await list('?status=failed&channel=sms&kind=appointment_reminder&day=2026-03-10')).data.total).toBe(1);
    const refused = await t.call(`${notificationPaths.list}?status=sending&kind=fax&day=2026-02-30`);
    expect(refused.status).toBe(422);
    expect(Object.keys(((await refused.json()) as { errors: object }).errors).sort()).toEqual(['day', 'kind', 'status']);
  });

  it('tells which failed messages may go again: not a purged text, not a sign-in code', async () => {
    const { data } = await list('?status=failed');
    const retryable = Object.fromEntries(data.data.map((row) => [row.id, row.retryable]));
    expect(retryable).toEqual({ [ids.reminder!]: true, [ids.code!]: false, [ids.purged!]: false });
  });

  it('logs who read whose notifications', async () => {
    await list('?kind=appointment_reminder');
    await expect
      .poll(async () => t.db.select().from(accessLogs).where(eq(accessLogs.kind, 'notification_list')))
      .toContainEqual(
        expect.objectContaining({ entity: 'notification', subject_user_ids: [patientId], record_ids: [String(ids.reminder)] }),
      );
  });

  it('lets every role read the list, only a super admin retry', async () => {
    const viewer = await makeAdmin(t, 'viewer');
    const reviewer = await makeAdmin(t, 'reviewer');
    expect((await list('', viewer.token)).data.total).toBe(5);
    for (const admin of [viewer, reviewer]) {
      const refused = await t.call(notificationPaths.retry(ids.reminder!), { method: 'POST', token: admin.token });
      expect(refused.status).toBe(403);
    }
    expect((await t.db.select().from(outbox).where(eq(outbox.id, ids.reminder!)))[0]!.status).toBe('failed');
  });

  it('refuses, in both languages, what cannot be retried', async () => {
    const retry = (id: number, language = 'en') =>
      t.call(notificationPaths.retry(id), { method: 'POST', headers: { 'accept-language': language } });
    const notFailed = await retry(ids.prescription!);
    expect(notFailed.status).toBe(409);
    expect(await notFailed.json()).toEqual({
      message: 'This notification has not failed (it is waiting or already delivered): there is nothing to retry.',
    });
    const arabic = await retry(ids.prescription!, 'ar');
    expect(await arabic.json()).toEqual({ message: 'هذا الإشعار لم يفشل (قيد الانتظار أو سبق تسليمه): لا شيء لإعادة إرساله.' });
    expect((await retry(ids.code!)).status).toBe(409);
    expect((await retry(ids.purged!)).status).toBe(409);
    expect((await retry(999_999)).status).toBe(404);
    const refusedStates = await t.db
      .select({ status: outbox.status })
      .from(outbox)
      .where(inArray(outbox.id, [ids.code!, ids.purged!]));
    expect(refusedStates.every((row) => row.status === 'failed')).toBe(true);
  });

  it('puts a failed message back for one more try, audited, then answers 409 to a second retry', async () => {
    const response = await t.call(notificationPaths.retry(ids.reminder!), { method: 'POST', headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: 'The notification to +2010••••4321 will be sent again.',
      data: { id: ids.reminder, status: 'pending' },
    });
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'notification'), eq(auditLogs.entity_id, String(ids.reminder))));
    expect(audit).toMatchObject({ actor_id: t.adminId, action: 'retry', after: { status: 'pending' } });
    expect(JSON.stringify(audit!.before)).not.toContain('1012344321');
    // The test app's deliverer sends it at once through the log driver; either way it left `failed`.
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, ids.reminder!));
    expect(['pending', 'sent']).toContain(row!.status);
    expect((await t.call(notificationPaths.retry(ids.reminder!), { method: 'POST' })).status).toBe(409);
  });
});

describe('a retry racing the deliverer', () => {
  it('sends each retried message once, over a real socket, with another process delivering at the same time', async () => {
    const gateway = await startSmsSink();
    const t = await createTestApp({ listen: true, messaging: { sms: httpSmsDriver({ url: gateway.url }) } });
    try {
      const rows = await t.db
        .insert(outbox)
        .values(
          Array.from({ length: 30 }, (_, i) => ({
            channel: 'sms' as const,
            recipient: `+2010555${String(i).padStart(5, '0')}`,
            body: `race ${i}`,
            kind: 'appointment_reminder' as const,
            status: 'failed' as const,
            attempts: 5,
          })),
        )
        .returning({ id: outbox.id });
      const racing = rows.map((row) => row.id);
      // A second API process's deliverer, on its own connection, taking due rows in small batches meanwhile.
      const other = await t.connectAgain();
      const deliverer = new OutboxDeliverer(other.db, {
        drivers: { sms: httpSmsDriver({ url: gateway.url }), email: unused },
        batchSize: 3,
      });
      let retrying = true;
      const rounds = (async () => {
        let sent = 0;
        // Each round yields to the event loop (an embedded database answers without it): the server's requests run between.
        while (retrying) {
          sent += await deliverer.deliverDue();
          await new Promise((resolve) => setImmediate(resolve));
        }
        return sent + (await deliverer.deliverDue());
      })();
      const answers = await Promise.all(racing.map((id) => t.call(notificationPaths.retry(id), { method: 'POST' })));
      expect(answers.map((answer) => answer.status)).toEqual(racing.map(() => 200));
      retrying = false;
      await rounds;
      await expect
        .poll(async () => (await t.db.select().from(outbox).where(inArray(outbox.id, racing))).every((row) => row.status === 'sent'))
        .toBe(true);
      await deliverer.stop();
      await other.close();
      const keys = gateway.received.map((text) => text.key);
      expect(keys.sort()).toEqual(racing.map((id) => `outbox-${id}`).sort());
      // A retry racing the deliverer's own send still answers 409 for a message no longer failed.
      expect((await t.call(notificationPaths.retry(racing[0]!), { method: 'POST' })).status).toBe(409);
    } finally {
      await t.close();
      await gateway.close();
    }
  }, 60_000);
});
