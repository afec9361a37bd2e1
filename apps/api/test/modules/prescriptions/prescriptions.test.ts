import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { users } from '../../../src/db/schema/accounts';
import { prescriptions } from '../../../src/db/schema/prescriptions';
import { providers } from '../../../src/db/schema/providers';
import { createUrlSigner } from '../../../src/storage/signed-urls';
import { png } from '../../support/files';
import { createTestApp, type TestApp } from '../../support/test-app';

type Item = {
  id: number;
  image: string;
  image_expires_at: number;
  pharmacy: { name: string; name_ar: string; name_en: string };
  user: { name: string };
};
type ListBody = {
  data: {
    data: Item[];
    current_page: number;
    last_page: number;
    per_page: number;
    total: number;
    next_page_url: string | null;
    prev_page_url: string | null;
  };
};
type ErrorBody = { message: string; errors?: Record<string, string[]> };

describe('prescriptions (spec §7) and their private images', () => {
  let t: TestApp;
  const picture = png(40, 60);

  beforeAll(async () => {
    t = await createTestApp();
    let n = 0;
    const account = async (name: string, role: 'user' | 'pharmacy') => {
      const [row] = await t.db
        .insert(users)
        .values({ name, email: `p${n++}@prescriptions.test`, password_hash: 'x', role })
        .returning({ id: users.id });
      return row!.id;
    };
    const pharmacy = async (name_ar: string, name_en: string) => {
      const [row] = await t.db
        .insert(providers)
        .values({ kind: 'pharmacy', name_ar, name_en, status: 'approved', user_id: await account(name_en, 'pharmacy') })
        .returning({ id: providers.id });
      return row!.id;
    };
    const shifa = await pharmacy('صيدلية الشفاء', 'Al Shifa Pharmacy');
    const nour = await pharmacy('صيدلية النور', 'El Nour Pharmacy');
    const patient = await account('Omar Patient', 'user');
    const rows = Array.from({ length: 12 }, (_, i) => ({
      user_id: patient,
      pharmacy_id: i < 3 ? shifa : nour,
      images: [`prescriptions/test-${i}.png`],
      // i = 0 is the newest.
      created_at: sql`now() - make_interval(mins => ${i})` as never,
    }));
    await t.db.insert(prescriptions).values(rows);
    for (const row of rows) await t.storage.put(row.images[0]!, picture);
  });
  afterAll(() => t.close());

  const list = async (query = '', headers?: Record<string, string>) => {
    const response = await t.call(`/api/admin/prescription/index${query}`, { headers });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    return ((await response.json()) as ListBody).data;
  };

  it('pages prescriptions newest first with pharmacy and user names', async () => {
    const first = await list('?page=1');
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 12, prev_page_url: null });
    expect(first.next_page_url).toMatch(/\/api\/admin\/prescription\/index\?page=2$/);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toMatchObject({
      pharmacy: { name: 'Al Shifa Pharmacy', name_ar: 'صيدلية الشفاء' },
      user: { name: 'Omar Patient' },
    });
    expect(first.data[0]!.image).toMatch(/^prescriptions\/test-0\.png\?expires=\d+&signature=[\w-]+&view=a\d+\.prescription\.\d+\.\d+$/);
    const second = await list('?page=2');
    expect(second.data.map((p) => p.image.split('?')[0])).toEqual(['prescriptions/test-10.png', 'prescriptions/test-11.png']);
  });

  it('searches by pharmacy name in either language, folding Arabic letter variants and case', async () => {
    const byEnglish = await list('?pharmacy_name=shifa', { 'accept-language': 'ar' });
    expect(byEnglish.total).toBe(3);
    // With Accept-Language: ar (as the dashboard's search sends) the pharmacy name comes in Arabic.
    expect(byEnglish.data.every((p) => p.pharmacy.name === 'صيدلية الشفاء')).toBe(true);
    expect((await list(`?pharmacy_name=${encodeURIComponent('صيدليه النور')}`, { 'accept-language': 'ar' })).total).toBe(9);
    expect((await list('?pharmacy_name=  NOUR  ')).total).toBe(9);
    expect((await list(`?pharmacy_name=${encodeURIComponent('100%_')}`)).data).toEqual([]);
    expect((await list('?pharmacy_name=')).total).toBe(12);
    const tooLong = await t.call(`/api/admin/prescription/index?pharmacy_name=${'x'.repeat(101)}`);
    expect(tooLong.status).toBe(422);
    expect(((await tooLong.json()) as ErrorBody).errors).toEqual({ pharmacy_name: ['Search text is too long'] });
  });

  it('honours per_page within 1..100', async () => {
    expect((await list('?per_page=5')).data).toHaveLength(5);
    for (const bad of ['0', '101', 'x']) {
      const response = await t.call(`/api/admin/prescription/index?per_page=${bad}`);
      expect(response.status).toBe(422);
      expect(((await response.json()) as ErrorBody).errors).toEqual({ per_page: ['Must be between 1 and 100'] });
    }
  });

  it('shows the image at /storage/{image} for 15 minutes, and never without a valid signature', async () => {
    const [newest] = (await list()).data;
    const before = Math.floor(Date.now() / 1000);
    expect(newest!.image_expires_at).toBeGreaterThanOrEqual(before + 15 * 60 - 5);
    // From the end of the minute it was signed in (signed-urls.ts).
    expect(newest!.image_expires_at).toBeLessThanOrEqual(before + 15 * 60 + 60 + 5);

    const signed = await t.call(`/storage/${newest!.image}`, { token: null });
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toBe('image/png');
    expect(signed.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await signed.arrayBuffer()).equals(picture)).toBe(true);

    const key = newest!.image.split('?')[0]!;
    // The bare path, even with an admin token: refused.
    expect((await t.call(`/storage/${key}`)).status).toBe(403);
    // Another file's key with this signature: refused.
    expect((await t.call(`/storage/prescriptions/test-1.png?${newest!.image.split('?')[1]}`, { token: null })).status).toBe(403);
    // A forged or expired signature: refused.
    const forged = createUrlSigner('not-the-server-secret-not-the-server-secret').sign(key);
    expect((await t.call(`/storage/${forged}`, { token: null })).status).toBe(403);
    const expired = createUrlSigner('test-secret-test-secret-test-secret-00', () => Date.now() - 3_600_000).sign(key, 60);
    expect((await t.call(`/storage/${expired}`, { token: null })).status).toBe(403);
  });

  it("answers 401 {message: 'Unauthenticated.'} without a valid admin token", async () => {
    for (const token of [null, 'expired-or-unknown']) {
      const response = await t.call('/api/admin/prescription/index?page=1', { token });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });
});
