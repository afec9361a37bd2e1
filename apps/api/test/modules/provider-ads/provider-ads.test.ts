import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerAds } from '../../../src/db/schema/providers';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider } from '../../support/providers';
import { png } from '../../support/files';

type Page<T> = { data: { data: T[]; total: number; last_page: number } };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

describe('a provider’s ads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async <T>(path: string) => (await (await t.call(path)).json()) as Page<T>;
  describe('ads', () => {
    it('lists a provider’s ads with public images, searches them and deletes one (file included)', async () => {
      const doctor = await makeProvider(t.db, 'doctor');
      await t.storage.put('provider-ads/ad-one.png', png(8, 4));
      const [one] = await t.db
        .insert(providerAds)
        .values([
          {
            provider_id: doctor.id,
            title_ar: 'خصم على الكشف',
            title_en: 'Consultation discount',
            image: 'provider-ads/ad-one.png',
            created_at: '2025-01-02T00:00:00Z',
          },
          {
            provider_id: doctor.id,
            title_ar: 'متابعة مجانية',
            title_en: 'Free follow-up',
            image: 'provider-ads/ad-two.png',
            created_at: '2025-01-01T00:00:00Z',
          },
        ])
        .returning();
      const other = await makeProvider(t.db, 'company');
      await t.db
        .insert(providerAds)
        .values({ provider_id: other.id, title_ar: 'عرض', title_en: 'Other offer', image: 'provider-ads/x.png' });

      const all = await get<{ id: number; title_en: string; image: string }>(`/api/admin/providers/ads/${doctor.id}`);
      expect(all.data.data.map((ad) => ad.title_en)).toEqual(['Consultation discount', 'Free follow-up']);
      expect(all.data.data[0]!.image).toBe('/storage/provider-ads/ad-one.png');
      expect(
        (await get<{ title_en: string }>(`/api/admin/providers/ads/${doctor.id}?search=${encodeURIComponent('متابعه')}`)).data.data.map(
          (ad) => ad.title_en,
        ),
      ).toEqual(['Free follow-up']);

      const deleted = await t.call(`/api/admin/providers/ads/delete/${one!.id}`, { method: 'DELETE' });
      expect(await deleted.json()).toEqual({ message: 'Ad Deleted' });
      expect(await t.storage.exists('provider-ads/ad-one.png')).toBe(false);
      const arabic = await t.call(`/api/admin/providers/ads/delete/${one!.id}`, {
        method: 'POST',
        json: { _method: 'DELETE' },
        headers: { 'accept-language': 'ar' },
      });
      expect(arabic.status).toBe(404);
      expect(((await arabic.json()) as ErrorBody).message).toBe('الإعلان غير موجود.');
    });

    it('answers 404 for pharmacies (no ads) and unknown ids, 422 for bad ids, 401 without a token', async () => {
      const pharmacy = await makeProvider(t.db, 'pharmacy');
      expect((await t.call(`/api/admin/providers/ads/${pharmacy.id}`)).status).toBe(404);
      expect((await t.call('/api/admin/providers/ads/999999')).status).toBe(404);
      expect((await t.call('/api/admin/providers/ads/abc')).status).toBe(422);
      expect((await t.call(`/api/admin/providers/ads/${pharmacy.id}?per_page=500`)).status).toBe(422);
      expect((await t.call('/api/admin/providers/ads/1', { token: null })).status).toBe(401);
      expect((await t.call('/api/admin/providers/ads/delete/1', { method: 'DELETE', token: null })).status).toBe(401);
    });
  });
});
