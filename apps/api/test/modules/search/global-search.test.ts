import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalSearchPerKind } from '@sehha/contract/search';
import { users } from '../../../src/db/schema/accounts';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider } from '../../support/providers';

type Groups = {
  data: {
    kind: string;
    hits: {
      kind: string;
      id: number;
      user_id: number;
      name: string;
      name_ar: string | null;
      name_en: string | null;
      email: string;
      phone: string | null;
    }[];
  }[];
};

describe('global search (GET /api/admin/search)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // One of each kind answering to "Zayed", with hamza and diacritics in the Arabic name.
    await makeProvider(t.db, 'doctor', {
      name_en: 'Dr. Zayed Fahmy',
      name_ar: 'د. زايد فَهمي',
      email: 'zayed.doctor@sehha.test',
      phone: '+201011112222',
    });
    await makeProvider(t.db, 'pharmacy', { name_en: 'Zayed Pharmacy', name_ar: 'صيدلية زايد' });
    await makeProvider(t.db, 'hospital', { name_en: 'Sheikh Zayed Hospital', name_ar: 'مستشفى الشيخ زايد' });
    await makeProvider(t.db, 'medical_center', { name_en: 'Zayed Center', name_ar: 'مركز زايد' });
    await makeProvider(t.db, 'company', { name_en: 'Zayed Trading', name_ar: 'شركة زايد' });
    await makeProvider(t.db, 'doctor', { name_en: 'Zayed Hidden', name_ar: 'زايد المخفي', is_active: false });
    await t.db.insert(users).values([
      { name: 'أحمد زايد', email: 'ahmed.z@sehha.test', phone: '+201099990000', password_hash: 'x', role: 'user' },
      ...Array.from({ length: 8 }, (_, i) => ({
        name: `Zayed User ${i}`,
        email: `zayed-user-${i}@sehha.test`,
        password_hash: 'x',
        role: 'user' as const,
      })),
    ]);
  });
  afterAll(() => t.close());

  const search = async (q: string, headers: Record<string, string> = {}) => {
    const response = await t.call(`/api/admin/search?${new URLSearchParams({ q })}`, { headers });
    return {
      status: response.status,
      body: (await response.json()) as Groups & { message?: string | undefined; errors?: Record<string, string[]> },
    };
  };

  it('finds every kind by name, at most five each, listed accounts only, grouped in a fixed order', async () => {
    const { status, body } = await search('zayed');
    expect(status).toBe(200);
    expect(body.data.map((group) => group.kind)).toEqual(['doctor', 'pharmacy', 'hospital', 'medical_center', 'company', 'user']);
    const doctors = body.data[0]!.hits;
    expect(doctors.map((hit) => hit.name_en)).toEqual(['Dr. Zayed Fahmy']);
    expect(doctors[0]).toMatchObject({ kind: 'doctor', email: 'zayed.doctor@sehha.test', phone: '+201011112222' });
    const people = body.data.find((group) => group.kind === 'user')!.hits;
    expect(people).toHaveLength(globalSearchPerKind);
    expect(people.every((hit) => hit.name_ar === null && hit.kind === 'user')).toBe(true);
  });

  it('folds Arabic as the lists do, and matches emails and phones', async () => {
    // احمد finds أحمد; فهمي finds فَهمي.
    expect((await search('احمد')).body.data.find((group) => group.kind === 'user')!.hits.map((hit) => hit.name)).toEqual(['أحمد زايد']);
    expect((await search('فهمي')).body.data.map((group) => group.kind)).toEqual(['doctor']);
    expect((await search('zayed.doctor@')).body.data[0]!.hits[0]!.name_en).toBe('Dr. Zayed Fahmy');
    expect((await search('01099990')).body.data).toEqual([expect.objectContaining({ kind: 'user' })]);
    expect((await search('nothing-like-this')).body.data).toEqual([]);
    // LIKE's wildcards are literal text.
    expect((await search('%%')).body.data).toEqual([]);
  });

  it('refuses a term shorter than two characters or longer than 100, in both languages', async () => {
    const short = await search(' z ');
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ q: ['Type at least 2 characters'] });
    const arabic = await search('z', { 'accept-language': 'ar' });
    expect(arabic.body.errors).toEqual({ q: ['اكتب حرفين على الأقل'] });
    expect((await search('x'.repeat(101))).status).toBe(422);
    const missing = await t.call('/api/admin/search');
    expect(missing.status).toBe(422);
  });

  it('is for signed-in admins only', async () => {
    const response = await t.call('/api/admin/search?q=zayed', { token: null });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
