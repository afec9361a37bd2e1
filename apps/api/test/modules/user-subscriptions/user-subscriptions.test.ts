import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/db/schema/accounts';
import { subscriptionPlans, userSubscriptions } from '../../../src/db/schema/subscriptions';
import { createTestApp, type TestApp } from '../../support/test-app';

type Item = {
  id: number;
  user: { name: string; email: string };
  plan: { name_en: string; period_unit: string };
  price_paid: number;
  starts_at: string;
  ends_at: string;
  status: string;
};
type Page = { data: { data: Item[]; total: number; last_page: number; next_page_url: string | null } };

describe('user subscriptions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const page = async (query = '') => (await (await t.call(`/api/admin/user-subscriptions${query}`)).json()) as Page;

  it('is empty at first', async () => {
    const body = await page();
    expect(body.data).toMatchObject({ data: [], total: 0, last_page: 1, next_page_url: null });
  });

  it('lists subscriptions newest first with user, plan, price paid, dates and status; paged and searchable', async () => {
    const [plan] = await t.db
      .insert(subscriptionPlans)
      .values({ name_ar: 'شهرية', name_en: 'Monthly', price: 149, period_unit: 'months', period_length: 1 })
      .returning();
    const accounts = await t.db
      .insert(users)
      .values([
        { name: 'Omar Khaled', email: 'omar@sehha.test', password_hash: 'x', role: 'user' },
        { name: 'فاطمة حسن', email: 'fatma@sehha.test', password_hash: 'x', role: 'user' },
      ])
      .returning();
    for (let i = 0; i < 12; i++) {
      await t.db.insert(userSubscriptions).values({
        user_id: accounts[i % 2]!.id,
        plan_id: plan!.id,
        price_paid: 134.1,
        starts_at: new Date(Date.UTC(2025, 0, i + 1)).toISOString(),
        ends_at: new Date(Date.UTC(2025, 1, i + 1)).toISOString(),
        status: i === 11 ? 'active' : 'expired',
        created_at: new Date(Date.UTC(2025, 0, i + 1)).toISOString(),
      });
    }
    const first = await page();
    expect(first.data.total).toBe(12);
    expect(first.data.data).toHaveLength(10);
    expect(first.data.data[0]).toMatchObject({
      user: { name: 'فاطمة حسن', email: 'fatma@sehha.test' },
      plan: { name_en: 'Monthly', period_unit: 'months' },
      price_paid: 134.1,
      status: 'active',
      starts_at: '2025-01-12T00:00:00.000Z',
    });
    expect((await page('?page=2')).data.data).toHaveLength(2);
    expect((await page('?search=فاطمه')).data.total).toBe(6);
    expect((await page('?search=nobody-here')).data.data).toEqual([]);

    // The search reads the subscriber's key copied onto each subscription (migration 0012): a renamed account,
    // a changed email and a subscription moved to another account are found under their new names at once.
    await t.db.update(users).set({ name: 'Omar Renamed' }).where(eq(users.id, accounts[0]!.id));
    expect((await page('?search=omar renamed')).data.total).toBe(6);
    expect((await page('?search=khaled')).data.total).toBe(0);
    await t.db.update(users).set({ email: 'fatma.new@sehha.test' }).where(eq(users.id, accounts[1]!.id));
    expect((await page('?search=fatma.new')).data.total).toBe(6);
    const [moved] = await t.db
      .select({ id: userSubscriptions.id })
      .from(userSubscriptions)
      .where(eq(userSubscriptions.user_id, accounts[1]!.id))
      .limit(1);
    await t.db.update(userSubscriptions).set({ user_id: accounts[0]!.id }).where(eq(userSubscriptions.id, moved!.id));
    expect((await page('?search=omar renamed')).data.total).toBe(7);
    expect((await page('?search=فاطمه')).data.total).toBe(5);
  });

  it('validates the query and needs a token', async () => {
    expect((await t.call('/api/admin/user-subscriptions?page=-1')).status).toBe(422);
    expect((await t.call('/api/admin/user-subscriptions', { token: null })).status).toBe(401);
  });
});
