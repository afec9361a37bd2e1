import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { prescriptionPaths } from '@sehha/contract/prescriptions';
import { users } from '../../../src/db/schema/accounts';
import { otpCodes } from '../../../src/db/schema/app-accounts';
import { auditLogs } from '../../../src/db/schema/audit';
import { loginAttempts } from '../../../src/db/schema/login-throttle';
import { outbox } from '../../../src/db/schema/outbox';
import { prescriptions } from '../../../src/db/schema/prescriptions';
import { accessLogs, dataRequests } from '../../../src/db/schema/privacy';
import { retentionRepository } from '../../../src/modules/retention/repository';
import { RetentionJob, type RetentionCounts } from '../../../src/modules/retention/retention-job';
import { defaultRetentionSettings, type RetentionSettings } from '../../../src/modules/retention/settings';
import { freshPhone, signInApp } from '../../support/app-accounts';
import { png } from '../../support/files';
import { makeProvider } from '../../support/providers';
import { createTestApp, type TestApp } from '../../support/test-app';

const DAY = 86_400_000;
const MINUTE = 60_000;
/** Just past a period (due) and just inside it (kept). */
const margin = MINUTE;

const noneDeleted: RetentionCounts = {
  prescription_images: 0,
  otp_codes: 0,
  login_attempts: 0,
  access_logs: 0,
  message_bodies: 0,
  data_export_archives: 0,
};

type Page<T> = { data: { data: T[] } };
type AdminRow = { id: number; image: string | null; image_expires_at: number | null; images_purged_at: string | null };
type PharmacyRow = { id: number; images: Array<{ url: string }>; images_purged_at: string | null };

/**
 * The retention job (issue 28): each category's rows just past their period are deleted, those just inside are
 * kept, and nothing else is touched; a round that deleted something is audited with its counts. The job runs by
 * hand on the test's clock (`now`), which is also the app's.
 */
describe('retention', () => {
  let t: TestApp;
  let now = Date.now();
  const clock = () => new Date(now);
  const settings: RetentionSettings = defaultRetentionSettings;
  const job = (batchSize?: number) => new RetentionJob({ db: t.db, storage: t.storage, settings, clock }, { batchSize });
  const ago = (ms: number) => new Date(now - ms).toISOString();
  let pharmacy: { id: number; token: string };
  let patientId: number;
  let patientToken: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const phone = freshPhone();
    const made = await makeProvider(t.db, 'pharmacy', { phone, status: 'approved', licensed_until: '2099-12-31' });
    pharmacy = { id: made.id, token: (await signInApp(t, phone)).token };
    ({ userId: patientId, token: patientToken } = await signInApp(t));
  }, 60_000);
  afterAll(() => t.close());

  /** A prescription with `count` stored images, replied `repliedAgo` ms before now (never, with null). */
  async function prescription(repliedAgo: number | null, count = 2) {
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const key = `prescriptions/retention-${Math.random().toString(36).slice(2)}.png`;
      await t.storage.put(key, png(8, 8));
      keys.push(key);
    }
    const [row] = await t.db
      .insert(prescriptions)
      .values({
        user_id: patientId,
        pharmacy_id: pharmacy.id,
        images: keys,
        reply_status: repliedAgo === null ? null : 'available',
        reply_price: repliedAgo === null ? null : 50,
        replied_at: repliedAgo === null ? null : ago(repliedAgo),
        created_at: ago((repliedAgo ?? 0) + DAY),
      })
      .returning({ id: prescriptions.id });
    return { id: row!.id, keys };
  }

  const filesLeft = async (keys: string[]) => (await Promise.all(keys.map((key) => t.storage.exists(key)))).filter(Boolean).length;
  const retentionAudits = () =>
    t.db
      .select({ id: auditLogs.id, actor_id: auditLogs.actor_id, entity: auditLogs.entity, after: auditLogs.after })
      .from(auditLogs)
      .where(eq(auditLogs.action, 'retention'))
      .orderBy(auditLogs.id);

  it('deletes what is due in every category, keeps what is not, and audits the counts once', async () => {
    now = Date.now();
    const period = (days: number) => days * DAY;

    const dueRx = await prescription(period(settings.prescriptionImagesDays) + margin);
    const keptRx = await prescription(period(settings.prescriptionImagesDays) - margin);
    const waitingRx = await prescription(null);

    const code = (createdAgo: number) => ({
      phone: '+201000000000',
      phone_prefix: '+2010000',
      address: '192.0.2.1',
      code_hash: 'x',
      expires_at: ago(createdAgo - 10 * MINUTE),
      created_at: ago(createdAgo),
    });
    const [dueCode, keptCode] = await t.db
      .insert(otpCodes)
      .values([code(period(settings.otpCodesDays) + margin), code(period(settings.otpCodesDays) - margin)])
      .returning({ id: otpCodes.id });

    await t.db.insert(loginAttempts).values([
      { key: 'retention:due', attempts: 3, window_ends_at: new Date(now - period(settings.loginAttemptsDays) - margin) },
      { key: 'retention:kept', attempts: 3, window_ends_at: new Date(now - period(settings.loginAttemptsDays) + margin) },
    ]);

    const access = (createdAgo: number) => ({
      actor_kind: 'admin' as const,
      actor_id: t.adminId,
      kind: 'prescription_list' as const,
      purpose: 'platform_oversight' as const,
      route: 'GET /api/admin/prescription/index',
      subject_user_ids: [patientId],
      created_at: ago(createdAgo),
    });
    const [dueRead, keptRead] = await t.db
      .insert(accessLogs)
      .values([access(period(settings.accessLogsDays) + margin), access(period(settings.accessLogsDays) - margin)])
      .returning({ id: accessLogs.id });

    const message = (values: Partial<typeof outbox.$inferInsert>) => ({
      channel: 'sms' as const,
      recipient: '+201000000001',
      subject: 'Your prescription',
      body: 'Nile Pharmacy has everything on your prescription',
      user_id: patientId,
      ...values,
    });
    const bodiesDue = period(settings.messageBodiesDays) + margin;
    const bodiesKept = period(settings.messageBodiesDays) - margin;
    const messages = await t.db
      .insert(outbox)
      .values([
        message({ status: 'sent', sent_at: ago(bodiesDue), created_at: ago(bodiesDue) }),
        message({ status: 'failed', due_at: ago(bodiesDue), created_at: ago(bodiesDue) }),
        message({ status: 'sent', sent_at: ago(bodiesKept), created_at: ago(bodiesDue) }),
        message({ status: 'failed', due_at: ago(bodiesKept), created_at: ago(bodiesDue) }),
        // Not delivered yet, however old: its text is still to be sent.
        message({ status: 'pending', due_at: ago(bodiesDue), created_at: ago(bodiesDue) }),
      ])
      .returning({ id: outbox.id });

    const archive = async (expiresIn: number) => {
      const key = `exports/retention-${Math.random().toString(36).slice(2)}.zip`;
      await t.storage.put(key, Buffer.from('archive'));
      const [user] = await t.db
        .insert(users)
        .values({ name: 'Archive owner', email: `owner-${key.slice(-12)}@sehha.test`, password_hash: '!', role: 'user' })
        .returning({ id: users.id });
      const [row] = await t.db
        .insert(dataRequests)
        .values({
          user_id: user!.id,
          kind: 'access',
          status: 'completed',
          due_at: ago(-DAY),
          archive_key: key,
          archive_expires_at: ago(-expiresIn),
        })
        .returning({ id: dataRequests.id });
      return { id: row!.id, key };
    };
    const dueArchive = await archive(-margin);
    const keptArchive = await archive(margin);

    const auditsBefore = (await retentionAudits()).length;
    const counts = await job(2).runOnce();
    expect(counts).toEqual({
      prescription_images: 1,
      otp_codes: 1,
      login_attempts: 1,
      access_logs: 1,
      message_bodies: 2,
      data_export_archives: 1,
    });

    // Prescriptions: the due one has no images left, in storage or in its row; the others are untouched.
    const rx = await t.db
      .select({ id: prescriptions.id, images: prescriptions.images, purged: prescriptions.images_purged_at })
      .from(prescriptions)
      .where(inArray(prescriptions.id, [dueRx.id, keptRx.id, waitingRx.id]));
    const byId = new Map(rx.map((row) => [row.id, row]));
    expect(byId.get(dueRx.id)?.images).toEqual([]);
    expect(byId.get(dueRx.id)?.purged).not.toBeNull();
    expect(byId.get(keptRx.id)).toMatchObject({ images: keptRx.keys, purged: null });
    expect(byId.get(waitingRx.id)).toMatchObject({ images: waitingRx.keys, purged: null });
    expect(await filesLeft(dueRx.keys)).toBe(0);
    expect(await filesLeft([...keptRx.keys, ...waitingRx.keys])).toBe(4);

    const codes = await t.db
      .select({ id: otpCodes.id })
      .from(otpCodes)
      .where(inArray(otpCodes.id, [dueCode!.id, keptCode!.id]));
    expect(codes.map((row) => row.id)).toEqual([keptCode!.id]);
    const attempts = await t.db
      .select({ key: loginAttempts.key })
      .from(loginAttempts)
      .where(sql`${loginAttempts.key} like 'retention:%'`);
    expect(attempts.map((row) => row.key)).toEqual(['retention:kept']);
    const reads = await t.db
      .select({ id: accessLogs.id })
      .from(accessLogs)
      .where(inArray(accessLogs.id, [dueRead!.id, keptRead!.id]));
    expect(reads.map((row) => row.id)).toEqual([keptRead!.id]);

    const texts = await t.db
      .select({ id: outbox.id, subject: outbox.subject, body: outbox.body, purged: outbox.body_purged_at, status: outbox.status })
      .from(outbox)
      .where(
        inArray(
          outbox.id,
          messages.map((row) => row.id),
        ),
      )
      .orderBy(outbox.id);
    expect(texts.map((row) => [row.status, row.body === '', row.subject === null, row.purged !== null])).toEqual([
      ['sent', true, true, true],
      ['failed', true, true, true],
      ['sent', false, false, false],
      ['failed', false, false, false],
      ['pending', false, false, false],
    ]);

    const archives = await t.db
      .select({ id: dataRequests.id, key: dataRequests.archive_key })
      .from(dataRequests)
      .where(inArray(dataRequests.id, [dueArchive.id, keptArchive.id]))
      .orderBy(dataRequests.id);
    expect(archives).toEqual([
      { id: dueArchive.id, key: null },
      { id: keptArchive.id, key: keptArchive.key },
    ]);
    expect(await t.storage.exists(dueArchive.key)).toBe(false);
    expect(await t.storage.exists(keptArchive.key)).toBe(true);

    // One audit row for the round: no admin, the counts per category.
    const audits = (await retentionAudits()).slice(auditsBefore);
    expect(audits).toEqual([{ id: expect.any(Number), actor_id: null, entity: 'retention', after: counts }]);

    // Nothing is due any more: the next round deletes nothing and writes no audit row.
    expect(await job().runOnce()).toEqual(noneDeleted);
    expect((await retentionAudits()).length).toBe(auditsBefore + 1);

    // The audit log's screen filters on the action and shows the row (no admin).
    const listed = await t.call('/api/admin/audit-logs?action=retention&entity=retention');
    expect(listed.status).toBe(200);
    const entries = ((await listed.json()) as Page<{ action: string; actor: unknown; after: unknown }>).data.data;
    expect(entries[0]).toMatchObject({ action: 'retention', actor: null, after: counts });
  });

  it('answers the admin, pharmacy and patient lists for a purged prescription, without a link to its images', async () => {
    now = Date.now();
    const purged = await prescription(settings.prescriptionImagesDays * DAY + margin);
    const kept = await prescription(DAY);
    await job().runOnce();

    const admin = await t.call(`${prescriptionPaths.list}?per_page=100`);
    expect(admin.status).toBe(200);
    const adminRows = ((await admin.json()) as Page<AdminRow>).data.data;
    expect(adminRows.find((row) => row.id === purged.id)).toMatchObject({
      image: null,
      image_expires_at: null,
      images_purged_at: expect.any(String),
    });
    expect(adminRows.find((row) => row.id === kept.id)).toMatchObject({
      image: expect.stringContaining('signature='),
      images_purged_at: null,
    });

    const list = await t.call(`${appPaths.pharmacyPrescriptions}?status=replied&per_page=100`, { token: pharmacy.token });
    expect(list.status).toBe(200);
    const rows = ((await list.json()) as Page<PharmacyRow>).data.data;
    expect(rows.find((row) => row.id === purged.id)).toMatchObject({ images: [], images_purged_at: expect.any(String) });
    expect(rows.find((row) => row.id === kept.id)?.images).toHaveLength(2);

    const one = await t.call(appPaths.pharmacyPrescription(String(purged.id)), { token: pharmacy.token });
    expect(one.status).toBe(200);
    expect(((await one.json()) as { data: PharmacyRow }).data).toMatchObject({ images: [], images_purged_at: expect.any(String) });

    const mine = await t.call(appPaths.prescription(String(purged.id)), { token: patientToken });
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { data: unknown }).data).toMatchObject({
      images: [],
      image_count: 0,
      images_purged_at: expect.any(String),
    });

    // The export of the admin's list still names the prescription.
    const exported = await t.call(`${prescriptionPaths.list}/export?format=csv`);
    expect(exported.status).toBe(200);
  });

  it('never lets a screen link to a file it deletes: a purge stopped midway is hidden, then finished by a later round', async () => {
    now = Date.now();
    const rx = await prescription(settings.prescriptionImagesDays * DAY + margin);
    // A process marks the prescription and stops before removing its files.
    const marked = await t.db.transaction((tx) =>
      retentionRepository.markImagesPurged(tx, new Date(now - settings.prescriptionImagesDays * DAY), new Date(now), 100),
    );
    expect(marked.map((row) => row.id)).toContain(rx.id);
    expect(await filesLeft(rx.keys)).toBe(2);
    const admin = await t.call(`${prescriptionPaths.list}?per_page=100`);
    expect(((await admin.json()) as Page<AdminRow>).data.data.find((row) => row.id === rx.id)).toMatchObject({ image: null });
    const pharmacyView = await t.call(appPaths.pharmacyPrescription(String(rx.id)), { token: pharmacy.token });
    expect(((await pharmacyView.json()) as { data: PharmacyRow }).data.images).toEqual([]);

    // Another round soon after leaves it to the process that may still be at work; a later one finishes it.
    expect((await job().runOnce()).prescription_images).toBe(0);
    expect(await filesLeft(rx.keys)).toBe(2);
    now += 11 * MINUTE;
    await job().runOnce();
    expect(await filesLeft(rx.keys)).toBe(0);
    const [row] = await t.db.select({ images: prescriptions.images }).from(prescriptions).where(eq(prescriptions.id, rx.id));
    expect(row?.images).toEqual([]);
  });

  it('refuses to delete access-log rows outside the retention transaction', async () => {
    const [read] = await t.db
      .insert(accessLogs)
      .values({ actor_kind: 'system', kind: 'export', purpose: 'reporting', route: 'GET /api/admin/export', created_at: ago(3000 * DAY) })
      .returning({ id: accessLogs.id });
    await expect(t.db.delete(accessLogs).where(eq(accessLogs.id, read!.id))).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local sehha.retention = 'off'`);
        await tx.delete(accessLogs).where(eq(accessLogs.id, read!.id));
      }),
    ).rejects.toThrow();
    await expect(t.db.update(accessLogs).set({ route: 'changed' }).where(eq(accessLogs.id, read!.id))).rejects.toThrow();
    // The retention transaction's setting ends with it: the next statement is refused again.
    now = Date.now();
    expect((await job().runOnce()).access_logs).toBeGreaterThanOrEqual(1);
    const [another] = await t.db
      .insert(accessLogs)
      .values({ actor_kind: 'system', kind: 'export', purpose: 'reporting', route: 'GET /api/admin/export' })
      .returning({ id: accessLogs.id });
    await expect(t.db.delete(accessLogs).where(and(eq(accessLogs.id, another!.id)))).rejects.toThrow();
  });
});

describe('the retention job of an API process', () => {
  it('runs its rounds from the app options, and stops with the app', async () => {
    const t = await createTestApp({ retention: { intervalMinutes: 0.002 } });
    try {
      const [code] = await t.db
        .insert(otpCodes)
        .values({
          phone: '+201000000003',
          phone_prefix: '+2010000',
          address: '192.0.2.3',
          code_hash: 'x',
          expires_at: new Date(Date.now() - 40 * DAY).toISOString(),
          created_at: new Date(Date.now() - 40 * DAY).toISOString(),
        })
        .returning({ id: otpCodes.id });
      // The round's audit row is its last write: once it is there, the round is over.
      const audited = () => t.db.select({ after: auditLogs.after }).from(auditLogs).where(eq(auditLogs.action, 'retention'));
      await expect.poll(async () => (await audited()).length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect((await audited())[0]?.after).toMatchObject({ otp_codes: 1 });
      expect(await t.db.select({ id: otpCodes.id }).from(otpCodes).where(eq(otpCodes.id, code!.id))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
