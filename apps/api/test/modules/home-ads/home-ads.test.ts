import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../support/test-app';
import { pdf, png } from '../../support/files';

type Ad = { id: number; image: string; image_url: string; sort_order: number };
type Body = { message?: string | undefined; data: Ad };
type ListBody = { data: { data: Ad[]; total: number; next_page_url: string | null } };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

const banner = (w = 96, h = 32) => ({ file: png(w, h), name: 'banner.png', type: 'image/png' });

describe('home ads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const store = (form: Record<string, unknown>, headers?: Record<string, string>) =>
    t.call('/api/admin/home-ads/store', { method: 'POST', form: form as never, headers });
  const created = async () => {
    const response = await store({ image: banner() });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as Body).data;
  };
  const fileOf = (ad: Ad) => join(t.storage.root, ad.image);

  it('creates from a horizontal image stored under a server-chosen name', async () => {
    const response = await store({ image: { file: png(200, 100), name: '../../x.exe', type: 'application/x-msdownload' } });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Body;
    expect(body.message).toBe('Home Ad added successfully!');
    expect(body.data.image).toMatch(/^home-ads\/[0-9a-f-]{36}\.png$/);
    expect(body.data.image_url).toBe(`/storage/${body.data.image}`);
    expect((await t.call(body.data.image_url, { token: null })).status).toBe(200);
    const second = await created();
    expect(second.sort_order).toBe(body.data.sort_order + 1);
  });

  it('refuses a missing, vertical, square, non-image or too large file with field messages', async () => {
    const errorsOf = async (response: Response) => ((await response.json()) as ErrorBody).errors;
    expect(await errorsOf(await store({}))).toEqual({ image: ['Image is required'] });
    expect(await errorsOf(await store({}, { 'accept-language': 'ar' }))).toEqual({ image: ['الصورة مطلوبة'] });
    expect(await errorsOf(await store({ image: banner(50, 100) }))).toEqual({
      image: ['The image must be horizontal (wider than it is tall)'],
    });
    expect(await errorsOf(await store({ image: banner(60, 60) }))).toEqual({
      image: ['The image must be horizontal (wider than it is tall)'],
    });
    expect(await errorsOf(await store({ image: banner(50, 100) }, { 'accept-language': 'ar' }))).toEqual({
      image: ['يجب أن تكون الصورة أفقية (عرضها أكبر من طولها)'],
    });
    expect(await errorsOf(await store({ image: { file: pdf(), name: 'a.png', type: 'image/png' } }))).toEqual({
      image: ['The file must be a PNG, JPEG or WebP image'],
    });
    const huge = { file: Buffer.concat([png(96, 32), Buffer.alloc(5 * 1024 * 1024)]), name: 'big.png', type: 'image/png' };
    expect(await errorsOf(await store({ image: huge }))).toEqual({ image: ['The file must not be larger than 5 MB'] });
  });

  it('lists latest first (reverse display order) with paging', async () => {
    for (let i = 0; i < 11; i++) await created();
    const first = (await (await t.call('/api/admin/home-ads')).json()) as ListBody;
    expect(first.data.data).toHaveLength(10);
    const orders = first.data.data.map((ad) => ad.sort_order);
    expect(orders).toEqual([...orders].sort((a, b) => b - a));
    expect(first.data.next_page_url).toContain('page=2');
    const last = (await (await t.call(`/api/admin/home-ads?page=${Math.ceil(first.data.total / 10)}`)).json()) as ListBody;
    expect(last.data.next_page_url).toBeNull();
  });

  it('replaces the image on update (old file removed), keeps it when none is sent', async () => {
    const ad = await created();
    const kept = await t.call(`/api/admin/home-ads/update/${ad.id}`, { method: 'POST', form: { _method: 'PATCH' } });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as Body).data.image).toBe(ad.image);
    const vertical = await t.call(`/api/admin/home-ads/update/${ad.id}`, {
      method: 'POST',
      form: { _method: 'PATCH', image: banner(10, 40) },
    });
    expect(vertical.status).toBe(422);
    const response = await t.call(`/api/admin/home-ads/update/${ad.id}`, {
      method: 'POST',
      form: { _method: 'PATCH', image: banner(120, 40) },
    });
    const body = (await response.json()) as Body;
    expect(body.message).toBe('Home Ad Updated successfully!');
    expect(body.data.image).not.toBe(ad.image);
    expect(existsSync(fileOf(ad))).toBe(false);
    expect(existsSync(fileOf(body.data))).toBe(true);
    expect(((await t.call(`/api/admin/home-ads/show/${ad.id}`).then((r) => r.json())) as Body).data.image).toBe(body.data.image);
    const missing = await t.call('/api/admin/home-ads/update/999999', { method: 'POST', form: { _method: 'PATCH', image: banner() } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).message).toBe('Ad not found.');
  });

  it('deletes the ad and its file', async () => {
    const ad = await created();
    const response = await t.call(`/api/admin/home-ads/delete/${ad.id}`, { method: 'DELETE' });
    expect(await response.json()).toEqual({ message: 'Ad Deleted' });
    expect(existsSync(fileOf(ad))).toBe(false);
    expect((await t.call(`/api/admin/home-ads/delete/${ad.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await t.call('/api/admin/home-ads/show/abc')).status).toBe(422);
  });

  it('requires an admin token', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/home-ads'],
      ['GET', '/api/admin/home-ads/show/1'],
      ['POST', '/api/admin/home-ads/store'],
      ['PATCH', '/api/admin/home-ads/update/1'],
      ['DELETE', '/api/admin/home-ads/delete/1'],
    ] as const) {
      expect((await t.call(path, { method, token: null })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('counts uploads by outcome in uploads_total', async () => {
    const count = async (outcome: string) => {
      const text = await (await t.call('/metrics', { token: null })).text();
      return Number(new RegExp(`^uploads_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
    };
    const [stored, rejected] = [await count('stored'), await count('rejected')];
    await created();
    expect((await store({ image: { file: pdf(), name: 'banner.png', type: 'image/png' } })).status).toBe(422);
    expect(await count('stored')).toBe(stored + 1);
    expect(await count('rejected')).toBe(rejected + 1);
  });
});
