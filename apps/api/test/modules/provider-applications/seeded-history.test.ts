import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { queryRows } from '../../../src/db/database';
import { seedDemoData } from '../../../src/seed/seed-demo-data';
import { createTestApp, type TestApp } from '../../support/test-app';
import { signInApp } from '../../support/app-accounts';

describe('the demo providers’ review history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, t.storage);
  });
  afterAll(() => t.close());

  it('every provider applied (round 1, when it was created); each decided one has its decision, with reasons when refused', async () => {
    const rows = await queryRows<{ status: string; steps: string; reasons: number; missing: number; round_start_ok: boolean }>(
      t.db,
      sql`select p.status, string_agg(r.action, ',' order by r.id) as steps,
                 count(*) filter (where cardinality(r.reason_codes) > 0)::int as reasons,
                 count(*) filter (where cardinality(r.missing_documents) > 0)::int as missing,
                 bool_and(p.submitted_at = p.created_at) as round_start_ok
          from providers p left join provider_reviews r on r.provider_id = p.id
          group by p.id, p.status`,
    );
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      expect(row.steps, row.status).toBe(row.status === 'pending' ? 'submitted' : `submitted,${row.status}`);
      expect(row.reasons, row.status).toBe(row.status === 'rejected' || row.status === 'onHold' ? 1 : 0);
      expect(row.missing, row.status).toBe(row.status === 'onHold' ? 1 : 0);
      expect(row.round_start_ok).toBe(true);
    }
  });

  it('a rejected demo doctor signs in with its phone and reads why, in Arabic', async () => {
    const [doctor] = await queryRows<{ phone: string }>(
      t.db,
      sql`select u.phone from providers p join users u on u.id = p.user_id
          where p.kind = 'doctor' and p.status = 'rejected' and u.is_active and u.phone is not null order by p.id limit 1`,
    );
    const { token } = await signInApp(t, doctor!.phone);
    const response = await t.call(appPaths.providerApplication, { token, headers: { 'accept-language': 'ar' } });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: { status: string; last_decision: { action: string; reasons: Array<{ label: string }> } };
    };
    expect(data.status).toBe('rejected');
    expect(data.last_decision.action).toBe('rejected');
    expect(data.last_decision.reasons.length).toBeGreaterThan(0);
    expect(data.last_decision.reasons[0]!.label).toMatch(/[\u0600-\u06FF]/);
  });
});
