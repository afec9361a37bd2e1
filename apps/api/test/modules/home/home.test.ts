import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { users } from '../../../src/db/schema/accounts';
import { payments, subscriptionPlans, userSubscriptions } from '../../../src/db/schema/subscriptions';
import { createTestApp, type TestApp } from '../../support/test-app';

describe('home figures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const today = sql`now()`;
    const yesterday = sql`now() - interval '1 day'`;
    const longAgo = sql`now() - interval '40 days'`;
    const rows = [
      ...Array.from({ length: 3 }, (_, i) => ({ created_at: today, n: `t${i}` })),
      ...Array.from({ length: 2 }, (_, i) => ({ created_at: yesterday, n: `y${i}` })),
      ...Array.from({ length: 5 }, (_, i) => ({ created_at: longAgo, n: `o${i}` })),
    ];
    const inserted = await t.db
      .insert(users)
      .values(
        rows.map((r) => ({
          name: r.n,
          email: `${r.n}@sehha.test`,
          password_hash: 'x',
          role: 'user' as const,
          created_at: r.created_at as never,
        })),
      )
      .returning({ id: users.id });
    const [plan] = await t.db
      .insert(subscriptionPlans)
      .values({ name_ar: 'خطة', name_en: 'Plan', price: 100, period_unit: 'months' })
      .returning();
    const [sub] = await t.db
      .insert(userSubscriptions)
      .values({
        user_id: inserted[0]!.id,
        plan_id: plan!.id,
        price_paid: 100,
        starts_at: new Date().toISOString(),
        ends_at: new Date(Date.now() + 30 * 86400_000).toISOString(),
      })
      .returning();
    await t.db.insert(payments).values([
      { subscription_id: sub!.id, user_id: inserted[0]!.id, amount: 100, method: 'card', paid_at: sql`now()` as never },
      { user_id: inserted[1]!.id, amount: 50.5, method: 'wallet', paid_at: sql`now() - interval '40 days'` as never },
      { user_id: inserted[1]!.id, amount: 999, method: 'card', status: 'refunded', paid_at: sql`now()` as never },
    ]);
  });
  afterAll(() => t.close());

  it('computes every card and its trend from yesterday in one request', async () => {
    const response = await t.call('/api/admin/home/stats');
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: Record<string, { value: number; trend: { direction: string; today: number; yesterday: number } }> & { admin_name: string };
    };
    expect(data.admin_name).toBe('Test Admin');
    expect(data.total_users).toMatchObject({ value: 10, trend: { today: 10, yesterday: 7, direction: 'up' } });
    expect(data.new_users).toMatchObject({ value: 3, trend: { today: 3, yesterday: 2, direction: 'up' } });
    expect(data.total_revenue).toMatchObject({ value: 150.5, currency: 'EGP', trend: { today: 150.5, yesterday: 50.5 } });
    expect(data.subscriptions).toMatchObject({ value: 1, trend: { today: 1, yesterday: 0, direction: 'up' } });
  });

  it('gives 30 daily or 12 monthly revenue points, gaps as zero', async () => {
    const daily = (await (await t.call('/api/admin/home/revenue')).json()) as {
      data: { period: string; points: Array<{ date: string; amount: number }> };
    };
    expect(daily.data.period).toBe('daily');
    expect(daily.data.points).toHaveLength(30);
    expect(daily.data.points.at(-1)!.amount).toBe(100);
    expect(daily.data.points.reduce((sum, p) => sum + p.amount, 0)).toBe(100);
    const monthly = (await (await t.call('/api/admin/home/revenue?period=monthly')).json()) as {
      data: { points: Array<{ date: string; amount: number }> };
    };
    expect(monthly.data.points).toHaveLength(12);
    expect(monthly.data.points.reduce((sum, p) => sum + p.amount, 0)).toBe(150.5);
    expect((await t.call('/api/admin/home/revenue?period=yearly')).status).toBe(422);
  });

  it("answers 401 {message: 'Unauthenticated.'} without a valid admin token", async () => {
    for (const path of ['/api/admin/home/stats', '/api/admin/home/revenue?period=monthly']) {
      for (const token of [null, 'not-a-token']) {
        const response = await t.call(path, { token });
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
      }
    }
  });
});
