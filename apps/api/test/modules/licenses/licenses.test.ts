import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { licenses } from '../../../src/db/schema/providers';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider } from '../../support/providers';
import { pdf } from '../../support/files';

type Page<T> = { data: { data: T[]; total: number; last_page: number } };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

describe('licenses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async <T>(path: string) => (await (await t.call(path)).json()) as Page<T>;
  describe('licenses', () => {
    it('queues licenses newest first with provider, kind, signed document, expiry and status; filters and reviews them', async () => {
      const tag = `Licensed${Date.now()}`;
      const doctor = await makeProvider(t.db, 'doctor', { name_en: `${tag} doctor` });
      const pharmacy = await makeProvider(t.db, 'pharmacy', { name_en: `${tag} pharmacy` });
      await t.storage.put('licenses/l1.pdf', pdf());
      const [older, newer] = await t.db
        .insert(licenses)
        .values([
          {
            provider_id: doctor.id,
            number: 'MOH-DR-1',
            path: 'licenses/l1.pdf',
            original_name: 'license.pdf',
            mime_type: 'application/pdf',
            expires_on: '2000-01-01',
            created_at: '2025-01-01T00:00:00Z',
          },
          {
            provider_id: pharmacy.id,
            number: 'MOH-PH-2',
            path: 'licenses/l2.png',
            original_name: 'license.png',
            mime_type: 'image/png',
            expires_on: '2999-01-01',
            created_at: '2025-02-01T00:00:00Z',
          },
        ])
        .returning();
      type License = {
        id: number;
        number: string;
        expired: boolean;
        status: string;
        provider: { kind: string; name_en: string };
        document: { url: string; download_url: string; mime_type: string };
      };
      const queue = await get<License>(`/api/admin/licenses?search=${tag}`);
      expect(queue.data.data.map((l) => l.number)).toEqual(['MOH-PH-2', 'MOH-DR-1']);
      expect(queue.data.data[1]).toMatchObject({
        expired: true,
        status: 'pending',
        provider: { kind: 'doctor', name_en: `${tag} doctor` },
        document: { mime_type: 'application/pdf' },
      });
      expect(queue.data.data[0]!.expired).toBe(false);
      expect((await t.call(queue.data.data[1]!.document.url, { token: null })).status).toBe(200);
      expect((await get<License>(`/api/admin/licenses?search=${tag}&expired=1`)).data.data.map((l) => l.id)).toEqual([older!.id]);

      const approve = await t.call(`/api/admin/licenses/status/${newer!.id}`, {
        method: 'POST',
        form: { status: 'approved', _method: 'PATCH' },
      });
      expect(await approve.json()).toEqual({ message: 'Status Changed Successfully', data: { id: newer!.id, status: 'approved' } });
      expect((await get<License>(`/api/admin/licenses?search=${tag}&status=approved`)).data.data.map((l) => l.id)).toEqual([newer!.id]);
      const again = await t.call(`/api/admin/licenses/status/${newer!.id}`, { method: 'PATCH', json: { status: 'approved' } });
      expect(again.status).toBe(422);
      expect(((await again.json()) as ErrorBody).errors).toEqual({ status: ['The status cannot change from accepted to accepted.'] });
      const stored = await t.db.select({ status: licenses.status }).from(licenses).where(eq(licenses.id, newer!.id));
      expect(stored[0]!.status).toBe('approved');
    });

    it('validates, answers 404 and 401', async () => {
      const bad = await t.call('/api/admin/licenses/status/1', {
        method: 'PATCH',
        json: { status: 'expired' },
        headers: { 'accept-language': 'ar' },
      });
      expect(bad.status).toBe(422);
      expect(((await bad.json()) as ErrorBody).errors).toEqual({ status: ['هذه الحالة غير مسموح بها'] });
      expect((await t.call('/api/admin/licenses?status=expired')).status).toBe(422);
      expect((await t.call('/api/admin/licenses/status/999999', { method: 'PATCH', json: { status: 'approved' } })).status).toBe(404);
      expect((await t.call('/api/admin/licenses', { token: null })).status).toBe(401);
    });
  });
});
