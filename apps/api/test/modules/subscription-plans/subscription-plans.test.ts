import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/db/schema/accounts';
import { planFeatures, subscriptionPlans, userSubscriptions } from '../../../src/db/schema/subscriptions';
import { createTestApp, type TestApp } from '../../support/test-app';

type Plan = {
  id: number;
  name_ar: string;
  name_en: string;
  price: number;
  currency: string;
  period_unit: string;
  period_length: number;
  description_en: string | null;
  available_from: string | null;
  features: { title_ar: string; title_en: string; sort_order: number }[];
  subscriptions_count: number;
};
type ErrorBody = { message: string; errors?: Record<string, string[]> };

const valid = {
  name_ar: 'الباقة الذهبية',
  name_en: 'Gold Plan',
  price: 250,
  period_unit: 'months',
  period_length: 3,
  description_ar: 'وصف',
  description_en: 'A description',
  available_from: '2025-01-15',
  features: [
    { title_ar: 'ميزة أولى', title_en: 'First feature' },
    { title_ar: 'ميزة ثانية', title_en: 'Second feature' },
  ],
};

describe('subscription plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const store = async (body: Record<string, unknown> = valid) => t.call('/api/admin/plans/store', { method: 'POST', json: body });
  const created = async (body: Record<string, unknown> = valid) => ((await (await store(body)).json()) as { data: Plan }).data;
  const plans = async () => ((await (await t.call('/api/admin/plans')).json()) as { data: Plan[] }).data;

  it('creates a plan with its features in order (JSON)', async () => {
    const response = await store();
    expect(response.status).toBe(201);
    const body = (await response.json()) as { message: string; data: Plan };
    expect(body.message).toBe('Plan added successfully!');
    expect(body.data).toMatchObject({
      name_en: 'Gold Plan',
      price: 250,
      currency: 'EGP',
      period_unit: 'months',
      period_length: 3,
      available_from: '2025-01-15',
      subscriptions_count: 0,
    });
    expect(body.data.features.map((f) => [f.title_en, f.sort_order])).toEqual([
      ['First feature', 1],
      ['Second feature', 2],
    ]);
  });

  it('creates from multipart with bracketed feature names and empty optional fields', async () => {
    const response = await t.call('/api/admin/plans/store', {
      method: 'POST',
      form: {
        name_ar: 'باقة أسبوعية',
        name_en: 'Weekly',
        price: '49.5',
        period_unit: 'week',
        period_length: '1',
        description_ar: '',
        description_en: '',
        available_from: '',
        'features[0][title_ar]': 'ميزة',
        'features[0][title_en]': 'Feature',
      },
    });
    expect(response.status).toBe(201);
    const plan = ((await response.json()) as { data: Plan }).data;
    expect(plan).toMatchObject({ price: 49.5, period_unit: 'week', description_en: null, available_from: null });
    expect(plan.features).toHaveLength(1);
    expect((await plans()).map((p) => p.id)).toContain(plan.id);
  });

  it('validates every field with field messages, in English and Arabic', async () => {
    const response = await store({
      name_ar: '',
      name_en: 'x',
      price: -1,
      period_unit: 'day',
      period_length: 0,
      available_from: '2025-02-30',
      features: [{ title_ar: 'م', title_en: 'Ok title' }],
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).errors).toEqual({
      name_ar: ['Arabic name is required'],
      name_en: ['English name is required'],
      price: ['Enter a price of 0 or more'],
      period_unit: ['Choose week or months'],
      period_length: ['Enter a whole number from 1 to 52'],
      available_from: ['Enter a valid date'],
      'features.0.title_ar': ['Feature title is required'],
    });
    const arabic = await t.call('/api/admin/plans/store', {
      method: 'POST',
      json: { ...valid, features: [], price: 'abc' },
      headers: { 'accept-language': 'ar' },
    });
    expect(((await arabic.json()) as ErrorBody).errors).toEqual({
      price: ['أدخل سعرًا يساوي ٠ أو أكثر'],
      features: ['أضف ميزة واحدة على الأقل'],
    });
    expect((await store({ ...valid, price: 10.555 })).status).toBe(422);
    const blank = await t.call('/api/admin/plans/store', {
      method: 'POST',
      form: {
        name_ar: 'باقة',
        name_en: 'Blank',
        price: '',
        period_unit: 'week',
        period_length: '',
        'features[0][title_ar]': 'ميزة',
        'features[0][title_en]': 'Feature',
      },
    });
    expect(((await blank.json()) as ErrorBody).errors).toEqual({
      price: ['Enter a price of 0 or more'],
      period_length: ['Enter a whole number from 1 to 52'],
    });
    expect((await t.call('/api/admin/plans/store', { method: 'POST', json: valid, token: null })).status).toBe(401);
  });

  it('shows and updates a plan, replacing its features', async () => {
    const plan = await created();
    expect(((await (await t.call(`/api/admin/plans/${plan.id}`)).json()) as { data: Plan }).data.name_en).toBe('Gold Plan');
    const response = await t.call(`/api/admin/plans/update/${plan.id}`, {
      method: 'POST',
      json: {
        ...valid,
        _method: 'PATCH',
        name_en: 'Gold Plan 2',
        period_unit: 'week',
        period_length: 2,
        description_en: '',
        features: [{ title_ar: 'ثالثة', title_en: 'Third' }],
      },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; data: Plan };
    expect(body.message).toBe('Plan updated successfully!');
    expect(body.data).toMatchObject({ name_en: 'Gold Plan 2', period_unit: 'week', period_length: 2, description_en: null });
    expect(body.data.features.map((f) => f.title_en)).toEqual(['Third']);
    expect(await t.db.select().from(planFeatures).where(eq(planFeatures.plan_id, plan.id))).toHaveLength(1);

    expect((await t.call('/api/admin/plans/update/999999', { method: 'PATCH', json: valid })).status).toBe(404);
    expect((await t.call('/api/admin/plans/999999')).status).toBe(404);
    expect((await t.call(`/api/admin/plans/update/${plan.id}`, { method: 'PATCH', json: { ...valid, features: 'nope' } })).status).toBe(
      422,
    );
  });

  it('deletes a plan nobody subscribed to; archives one with subscriptions', async () => {
    const unused = await created({ ...valid, name_en: 'Unused' });
    const deleted = await t.call(`/api/admin/plans/delete/${unused.id}`, { method: 'DELETE' });
    expect(await deleted.json()).toEqual({ message: 'Plan Deleted', data: { id: unused.id, archived: false } });
    expect(await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, unused.id))).toHaveLength(0);
    expect((await t.call(`/api/admin/plans/delete/${unused.id}`, { method: 'DELETE' })).status).toBe(404);

    const used = await created({ ...valid, name_en: 'Used' });
    const [user] = await t.db
      .insert(users)
      .values({ name: 'Subscriber', email: 'sub@sehha.test', password_hash: 'x', role: 'user' })
      .returning();
    await t.db.insert(userSubscriptions).values({
      user_id: user!.id,
      plan_id: used.id,
      price_paid: 250,
      starts_at: '2025-01-01T00:00:00Z',
      ends_at: '2025-04-01T00:00:00Z',
      status: 'expired',
    });
    expect((await plans()).find((p) => p.id === used.id)?.subscriptions_count).toBe(1);
    const archived = await t.call(`/api/admin/plans/delete/${used.id}`, { method: 'POST', form: { _method: 'DELETE' } });
    expect(archived.status).toBe(200);
    const body = (await archived.json()) as { message: string; data: { archived: boolean } };
    expect(body.data.archived).toBe(true);
    expect(body.message).toBe('Plan archived: 1 subscription uses it, so it is kept for their history and no longer offered.');
    expect((await plans()).map((p) => p.id)).not.toContain(used.id);
    expect(await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, used.id))).toHaveLength(1);
    expect((await t.call(`/api/admin/plans/update/${used.id}`, { method: 'PATCH', json: valid })).status).toBe(404);
  });

  it('lists an empty catalogue as an empty array', async () => {
    const fresh = await import('../../support/test-app').then((m) => m.createTestApp());
    try {
      const body = (await (await fresh.call('/api/admin/plans')).json()) as { data: Plan[] };
      expect(body).toEqual({ data: [] });
    } finally {
      await fresh.close();
    }
  });
});
