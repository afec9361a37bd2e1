import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../../src/db/connection';
import { users } from '../../../src/db/schema/accounts';
import { otpCodes } from '../../../src/db/schema/app-accounts';
import { auditLogs } from '../../../src/db/schema/audit';
import { prescriptions } from '../../../src/db/schema/prescriptions';
import { accessLogs } from '../../../src/db/schema/privacy';
import { RetentionJob, type RetentionCounts } from '../../../src/modules/retention/retention-job';
import { defaultRetentionSettings, retentionCategories } from '../../../src/modules/retention/settings';
import { png } from '../../support/files';
import { makeProvider } from '../../support/providers';
import { createTestApp, type TestApp } from '../../support/test-app';

const DAY = 86_400_000;

/**
 * Two processes' jobs on one database (on PostgreSQL two connection pools, as two API processes have) run their
 * rounds at once, in small batches: every due row is deleted once, and their audited counts add up to what was due.
 */
describe('two retention jobs at once', () => {
  let t: TestApp;
  let second: DatabaseHandle;
  const now = new Date();
  const clock = () => now;
  const ago = (days: number) => new Date(now.getTime() - days * DAY - 60_000).toISOString();
  const settings = defaultRetentionSettings;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    second = await t.connectAgain();
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('delete each due row once, and their audited counts add up', async () => {
    const pharmacy = await makeProvider(t.db, 'pharmacy', { status: 'approved' });
    const [patient] = await t.db
      .insert(users)
      .values({ name: 'Patient', email: 'two-jobs@sehha.test', password_hash: '!', role: 'user' })
      .returning({ id: users.id });
    const keys: string[] = [];
    for (let i = 0; i < 12; i++) {
      const key = `prescriptions/two-jobs-${i}.png`;
      await t.storage.put(key, png(8, 8));
      keys.push(key);
    }
    const rx = await t.db
      .insert(prescriptions)
      .values(
        keys.map((key) => ({
          user_id: patient!.id,
          pharmacy_id: pharmacy.id,
          images: [key],
          reply_status: 'unavailable' as const,
          replied_at: ago(settings.prescriptionImagesDays),
        })),
      )
      .returning({ id: prescriptions.id });
    await t.db.insert(otpCodes).values(
      Array.from({ length: 40 }, () => ({
        phone: '+201000000002',
        phone_prefix: '+2010000',
        address: '192.0.2.2',
        code_hash: 'x',
        expires_at: ago(settings.otpCodesDays),
        created_at: ago(settings.otpCodesDays),
      })),
    );
    await t.db.insert(accessLogs).values(
      Array.from({ length: 25 }, () => ({
        actor_kind: 'system' as const,
        kind: 'export' as const,
        purpose: 'reporting' as const,
        route: 'GET /api/admin/export',
        created_at: ago(settings.accessLogsDays),
      })),
    );
    const [{ lastAudit }] = (await t.db.select({ lastAudit: sql<number>`coalesce(max(${auditLogs.id}), 0)::int` }).from(auditLogs)) as [
      { lastAudit: number },
    ];

    const jobs = [t.db, second.db].map((db) => new RetentionJob({ db, storage: t.storage, settings, clock }, { batchSize: 4 }));
    const rounds = await Promise.all(jobs.map((job) => job.runOnce()));
    const sum = (category: (typeof retentionCategories)[number]) => rounds.reduce((total, counts) => total + counts[category], 0);
    expect({ prescription_images: sum('prescription_images'), otp_codes: sum('otp_codes'), access_logs: sum('access_logs') }).toEqual({
      prescription_images: 12,
      otp_codes: 40,
      access_logs: 25,
    });

    // Each round that deleted something wrote one audit row with its own counts: together, what was due.
    const audited = await t.db
      .select({ after: auditLogs.after })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'retention'), gt(auditLogs.id, lastAudit)))
      .then((rows) => rows.map((row) => row.after as RetentionCounts));
    expect(audited.length).toBe(rounds.filter((counts) => Object.values(counts).some((n) => n > 0)).length);
    const auditedTotal = (category: (typeof retentionCategories)[number]) => audited.reduce((total, counts) => total + counts[category], 0);
    expect(retentionCategories.map(auditedTotal)).toEqual(retentionCategories.map(sum));

    expect((await Promise.all(keys.map((key) => t.storage.exists(key)))).filter(Boolean)).toEqual([]);
    const left = await t.db
      .select({ images: prescriptions.images })
      .from(prescriptions)
      .where(
        inArray(
          prescriptions.id,
          rx.map((row) => row.id),
        ),
      );
    expect(left.every((row) => row.images.length === 0)).toBe(true);
    const [{ codes }] = (await t.db.select({ codes: sql<number>`count(*)::int` }).from(otpCodes)) as [{ codes: number }];
    const [{ reads }] = (await t.db.select({ reads: sql<number>`count(*)::int` }).from(accessLogs)) as [{ reads: number }];
    expect({ codes, reads }).toEqual({ codes: 0, reads: 0 });
  });
});
