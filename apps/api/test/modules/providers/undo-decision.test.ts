import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditLogs } from '../../../src/db/schema/audit';
import { licenses, providerReviews, providers as providersTable } from '../../../src/db/schema/providers';
import { outbox } from '../../../src/db/schema/outbox';
import { OutboxDeliverer } from '../../../src/outbox/deliverer';
import type { ClaimedMessage } from '../../../src/outbox/outbox-repository';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider, type MadeProvider } from '../../support/providers';
import { makeAdmin } from '../../support/admins';

type Body = { message: string; data?: { status: string } };

/** Issue 29: the toast's Undo takes back the admin's own decision within seconds; the audit log keeps both. */
describe('undoing a provider decision', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const decide = (id: number, json: unknown) => t.call(`/api/admin/providers/status/${id}`, { method: 'PATCH', json });
  const undo = (id: number, init: { token?: string; language?: string } = {}) =>
    t.call(`/api/admin/providers/status/${id}/undo`, {
      method: 'POST',
      token: init.token,
      headers: { 'accept-language': init.language ?? 'en' },
    });
  const statusOf = async (provider: MadeProvider) =>
    ((await (await t.call(`/api/admin/providers/show/${provider.id}`)).json()) as { data: { status: string } }).data.status;
  const auditsOf = (provider: MadeProvider) =>
    t.db
      .select({ action: auditLogs.action, before: auditLogs.before, after: auditLogs.after })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'provider'), eq(auditLogs.entity_id, String(provider.id))))
      .orderBy(asc(auditLogs.id));

  it('returns a first acceptance to pending, and the audit log shows the decision and its undo', async () => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'pending' });
    expect((await decide(doctor.id, { status: 'approved' })).status).toBe(200);
    const response = await undo(doctor.id, { language: 'ar' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    expect(body.message).toBe('تم التراجع عن القرار');
    expect(body.data?.status).toBe('pending');
    expect(await statusOf(doctor)).toBe('pending');
    const audits = await auditsOf(doctor);
    expect(audits.map((row) => row.action)).toEqual(['status', 'undo']);
    expect(audits[1]).toMatchObject({ before: { status: 'approved' }, after: { status: 'pending' } });
  });

  it('restores a rejection to the status before it, and refuses a second undo', async () => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'onHold' });
    expect((await decide(doctor.id, { status: 'rejected', reason_codes: ['license_expired'] })).status).toBe(200);
    expect((await undo(doctor.id)).status).toBe(200);
    expect(await statusOf(doctor)).toBe('onHold');
    const again = await undo(doctor.id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as Body).message).toBe('There is no recent decision of yours on this record to undo.');
    expect(await statusOf(doctor)).toBe('onHold');
  });

  it("refuses another admin's decision, a decision past the window, and a provider never decided on", async () => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'pending' });
    await decide(doctor.id, { status: 'approved' });
    const other = await makeAdmin(t, 'reviewer');
    expect((await undo(doctor.id, { token: other.token })).status).toBe(409);
    expect(await statusOf(doctor)).toBe('approved');

    // The same admin's decision, a minute old: it stands (a new decision changes it now).
    const older = await makeProvider(t.db, 'doctor', { status: 'approved' });
    await t.db.insert(auditLogs).values({
      actor_id: t.adminId,
      action: 'status',
      entity: 'provider',
      entity_id: String(older.id),
      before: { status: 'pending' },
      after: { status: 'approved' },
      created_at: sql`now() - interval '60 seconds'`,
    });
    const late = await undo(older.id, { language: 'ar' });
    expect(late.status).toBe(409);
    expect(((await late.json()) as Body).message).toBe('انتهى وقت التراجع عن هذا القرار: اتخذ قرارًا جديدًا بدلًا منه.');
    expect(await statusOf(older)).toBe('approved');

    const fresh = await makeProvider(t.db, 'pharmacy', { status: 'pending' });
    expect((await undo(fresh.id)).status).toBe(409);
    expect((await undo(999_999_999)).status).toBe(404);
  });

  /** The real deliverer, its drivers recording what they were given to send. */
  const sent: ClaimedMessage[] = [];
  const record = { send: (message: ClaimedMessage) => Promise.resolve(void sent.push(message)) };
  const deliver = () => new OutboxDeliverer(t.db, { drivers: { sms: record, email: record } }).deliverDue();
  const noticesTo = (provider: MadeProvider) =>
    t.db
      .select({ id: outbox.id, status: outbox.status, recipient: outbox.recipient })
      .from(outbox)
      .where(eq(outbox.user_id, provider.userId));
  /** Seconds until each of the provider's notices may leave. */
  const secondsToDue = async (provider: MadeProvider) =>
    (
      await t.db
        .select({ seconds: sql<number>`extract(epoch from ${outbox.due_at} - now())::float8` })
        .from(outbox)
        .where(eq(outbox.user_id, provider.userId))
    ).map((row) => Number(row.seconds));
  /** As if the Undo window had passed: the provider's notices are due now. */
  const windowPassed = (provider: MadeProvider) =>
    t.db
      .update(outbox)
      .set({ due_at: sql`now()` })
      .where(eq(outbox.user_id, provider.userId));

  it('recalls the notice not yet sent, returns the licences the acceptance approved, and shows the undo in the review history', async () => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'pending' });
    const [license] = await t.db
      .insert(licenses)
      .values({
        provider_id: doctor.id,
        number: `UNDO-${doctor.id}`,
        path: 'licenses/u.pdf',
        original_name: 'u.pdf',
        mime_type: 'application/pdf',
        expires_on: '2999-01-01',
      })
      .returning();
    expect((await decide(doctor.id, { status: 'approved' })).status).toBe(200);
    expect((await t.db.select().from(licenses).where(eq(licenses.id, license!.id)))[0]?.status).toBe('approved');
    const queued = await noticesTo(doctor);
    expect(queued.length).toBeGreaterThan(0);
    // The notice waits out the Undo window (30 s): a deliverer running now leaves it alone.
    for (const seconds of await secondsToDue(doctor)) expect(seconds).toBeGreaterThan(25);
    await deliver();
    expect(sent.filter((message) => queued.some((row) => row.recipient === message.recipient))).toEqual([]);
    expect((await noticesTo(doctor)).map((row) => row.status)).toEqual(queued.map(() => 'pending'));

    const response = await undo(doctor.id);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Body).message).toBe('Decision undone');
    expect((await t.db.select().from(licenses).where(eq(licenses.id, license!.id)))[0]?.status).toBe('pending');
    expect((await noticesTo(doctor)).map((row) => row.status)).toEqual(queued.map(() => 'cancelled'));
    await deliver();
    expect(sent.filter((message) => queued.some((row) => row.recipient === message.recipient))).toEqual([]);
    expect((await noticesTo(doctor)).every((row) => row.status === 'cancelled')).toBe(true);

    const history = await t.db
      .select({ action: providerReviews.action })
      .from(providerReviews)
      .where(eq(providerReviews.provider_id, doctor.id))
      .orderBy(asc(providerReviews.id));
    expect(history.map((row) => row.action)).toEqual(['approved', 'undone']);
    const licenseAudit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'license'), eq(auditLogs.entity_id, String(license!.id))))
      .orderBy(asc(auditLogs.id));
    expect(licenseAudit.map((row) => row.action)).toEqual(['status', 'undo']);
  });

  it('a bulk decision, which offers no Undo, tells its providers at once', async () => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'pending' });
    const response = await t.call('/api/admin/providers/doctors/bulk/approve', { method: 'POST', json: { ids: [doctor.id] } });
    expect(response.status).toBe(200);
    const notices = await noticesTo(doctor);
    expect(notices.length).toBeGreaterThan(0);
    for (const seconds of await secondsToDue(doctor)) expect(seconds).toBeLessThanOrEqual(0);
    await deliver();
    expect((await noticesTo(doctor)).map((row) => row.status)).toEqual(notices.map(() => 'sent'));
  });

  it('still undoes a decision whose notice was delivered, and says the provider was already told (en and ar)', async () => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'pending' });
    await decide(doctor.id, { status: 'rejected', reason_codes: ['license_expired'] });
    await windowPassed(doctor);
    await deliver();
    const delivered = await noticesTo(doctor);
    expect(delivered.every((row) => row.status === 'sent')).toBe(true);
    const response = await undo(doctor.id, { language: 'ar' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Body).message).toBe('تم التراجع عن القرار. كان مقدم الخدمة قد أُبلغ به بالفعل: أبلغه بأنه أُلغي.');
    expect(await statusOf(doctor)).toBe('pending');
    expect((await noticesTo(doctor)).map((row) => row.status)).toEqual(delivered.map(() => 'sent'));

    const again = await makeProvider(t.db, 'doctor', { status: 'pending' });
    await decide(again.id, { status: 'approved' });
    await windowPassed(again);
    await deliver();
    expect(((await (await undo(again.id)).json()) as Body).message).toBe(
      'Decision undone. The provider had already been told of it: tell them it was taken back.',
    );
  });

  it('refuses the undo when someone changed the status since, and an undo raced by another decision leaves one consistent story', async () => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'pending' });
    await decide(doctor.id, { status: 'approved' });
    await t.db.update(providersTable).set({ status: 'onHold' }).where(eq(providersTable.id, doctor.id));
    const changed = await undo(doctor.id);
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as Body).message).toBe(
      'This record changed after your decision, so the decision can no longer be undone.',
    );
    expect(await statusOf(doctor)).toBe('onHold');

    const other = await makeAdmin(t, 'reviewer');
    const raced = await makeProvider(t.db, 'doctor', { status: 'pending' });
    await decide(raced.id, { status: 'approved' });
    const [undone, decided] = await Promise.all([
      undo(raced.id),
      t.call(`/api/admin/providers/status/${raced.id}`, {
        method: 'PATCH',
        token: other.token,
        json: { status: 'onHold', reason_codes: ['documents_missing'], missing_documents: ['license'] },
      }),
    ]);
    const actions = (await auditsOf(raced)).map((row) => row.action);
    const status = await statusOf(raced);
    if (undone.status === 200) {
      // The undo went first: the other decision met a pending provider (allowed) or was refused.
      expect(actions.slice(0, 2)).toEqual(['status', 'undo']);
      expect(status).toBe(decided.status === 200 ? 'onHold' : 'pending');
    } else {
      // The other decision went first: it is not this admin's latest decision to undo.
      expect(undone.status).toBe(409);
      expect(decided.status).toBe(200);
      expect(actions).toEqual(['status', 'status']);
      expect(status).toBe('onHold');
    }
  });
});
