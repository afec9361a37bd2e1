import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReadStream } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { maxUploadBytes } from '../../src/http/multipart';
import type { S3Storage } from '../../src/storage/s3-storage';
import type { LocalStorage, Storage } from '../../src/storage/storage';
import { png } from '../support/files';
import { startS3Server, type TestS3 } from '../support/s3-server';
import { createTestApp, type TestApp } from '../support/test-app';

type Ad = { id: number; image: string; image_url: string };
type Country = { id: number; flag: string; flag_url: string };

const banner = (w = 96, h = 32) => ({ file: png(w, h), name: 'banner.png', type: 'image/png' });
const flagFile = () => ({ file: png(30, 20), name: 'flag.png', type: 'image/png' });
let countries = 0;
const countryForm = () => ({ name_ar: `دولة ${++countries}`, name_en: `Country ${countries}`, mobile_prefix: '+20', flag: flagFile() });

/** Makes every insert and update of a table fail in the database, as a lost race or a constraint would. */
async function refusingWrites<T>(t: TestApp<Storage>, table: 'home_ads' | 'countries', work: () => Promise<T>): Promise<T> {
  await t.db.execute(
    sql.raw(
      `CREATE OR REPLACE FUNCTION sehha_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    ),
  );
  await t.db.execute(
    sql.raw(`CREATE TRIGGER sehha_test_refuse BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION sehha_test_refuse()`),
  );
  try {
    return await work();
  } finally {
    await t.db.execute(sql.raw(`DROP TRIGGER sehha_test_refuse ON ${table}`));
  }
}

describe('uploads and /storage with STORAGE_DRIVER=s3', () => {
  let s3: TestS3;
  let t: TestApp<S3Storage>;
  beforeAll(async () => {
    s3 = await startS3Server();
    // A real socket: uploads are streamed to the bucket as they arrive, which app.inject() (a buffered payload) cannot show.
    t = await createTestApp({ storage: s3.storage(), listen: true });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const fetchStored = async (url: string) => {
    const response = await t.call(url, { token: null });
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  };

  it('stores a country flag and a home ad in the bucket and serves them at /storage with their length', async () => {
    const flag = flagFile();
    const country = await t.call('/api/admin/countries/store', { method: 'POST', form: { ...countryForm(), flag } });
    expect(country.status, await country.clone().text()).toBe(201);
    const { flag: flagKey, flag_url } = ((await country.json()) as { data: Country }).data;
    expect(flagKey).toMatch(/^flags\/[0-9a-f-]{36}\.png$/);

    const image = banner(200, 100);
    const ad = await t.call('/api/admin/home-ads/store', { method: 'POST', form: { image } });
    expect(ad.status, await ad.clone().text()).toBe(201);
    const { image: adKey, image_url } = ((await ad.json()) as { data: Ad }).data;
    expect(await s3.keys()).toEqual([flagKey, adKey].sort());

    for (const [url, sent] of [
      [flag_url, flag.file],
      [image_url, image.file],
    ] as const) {
      const { response, body } = await fetchStored(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-length')).toBe(String(sent.length));
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(body.equals(sent)).toBe(true);
    }
    expect((await t.call('/storage/flags/missing.png', { token: null })).status).toBe(404);
  });

  it('replaces and deletes a home ad image in the bucket once the change commits', async () => {
    const created = (
      (await (await t.call('/api/admin/home-ads/store', { method: 'POST', form: { image: banner() } })).json()) as { data: Ad }
    ).data;
    const updated = await t.call(`/api/admin/home-ads/update/${created.id}`, {
      method: 'POST',
      form: { _method: 'PATCH', image: banner(120, 40) },
    });
    expect(updated.status).toBe(200);
    const replacement = ((await updated.json()) as { data: Ad }).data.image;
    expect(await t.storage.exists(created.image)).toBe(false);
    expect(await t.storage.exists(replacement)).toBe(true);
    expect((await t.call(`/api/admin/home-ads/delete/${created.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await t.storage.exists(replacement)).toBe(false);
  });

  it('serves a private prescription from the bucket only with a valid, unexpired signature', async () => {
    const picture = png(40, 60);
    await t.storage.put('prescriptions/s3-test.png', picture);
    expect((await t.call('/storage/prescriptions/s3-test.png', { token: null })).status).toBe(403);
    expect((await t.call('/storage/prescriptions/s3-test.png')).status).toBe(403);
    const view = { by: t.adminId, as: 'admin', entity: 'prescription', id: 1, subject: 0 } as const;
    const signed = t.signer.sign('prescriptions/s3-test.png', undefined, view);
    const { response, body } = await fetchStored(`/storage/${signed}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(picture.length));
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(body.equals(picture)).toBe(true);
    const download = await t.call(`/storage/${t.signer.sign('prescriptions/s3-test.png', undefined, view, 'وصفة.png')}`, {
      token: null,
    });
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="_.png"; filename*=UTF-8''${encodeURIComponent('وصفة.png')}`,
    );
    await download.arrayBuffer();
    const forged = signed.replace(/signature=[\w-]+/, 'signature=forged');
    expect((await t.call(`/storage/${forged}`, { token: null })).status).toBe(403);
    const expired = signed.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) - 1}`);
    expect((await t.call(`/storage/${expired}`, { token: null })).status).toBe(403);
    // A signature for one file opens no other.
    await t.storage.put('prescriptions/other.png', picture);
    expect((await t.call(`/storage/prescriptions/other.png?${signed.split('?')[1]}`, { token: null })).status).toBe(403);
  });

  it('streams a 5 MB upload from a temporary file to the bucket: the file part never becomes one Buffer', async () => {
    const image = banner(400, 200);
    const file = Buffer.concat([image.file, Buffer.alloc(maxUploadBytes - image.file.length, 1)]);
    const form = { image: { file, name: 'big.png', type: 'image/png' } };
    const put = vi.spyOn(t.storage, 'put');
    // Every Buffer.concat (how @fastify/multipart's toBuffer() and lib-storage's part buffering collect a body) while the request runs.
    const concat = vi.spyOn(Buffer, 'concat');
    const heapBefore = process.memoryUsage();
    let response: Response;
    let largest = 0;
    let putCalls: Parameters<Storage['put']>[] = [];
    try {
      response = await t.call('/api/admin/home-ads/store', { method: 'POST', form });
      largest = Math.max(0, ...concat.mock.results.map((result) => (Buffer.isBuffer(result.value) ? result.value.length : 0)));
      putCalls = [...put.mock.calls];
    } finally {
      concat.mockRestore();
      put.mockRestore();
    }
    const heapAfter = process.memoryUsage();
    expect(response.status, await response.clone().text()).toBe(201);
    expect(largest).toBeLessThan(1024 * 1024);
    // The driver got a stream of the temporary file, with its size; that file is gone once answered.
    expect(putCalls).toHaveLength(1);
    const [, body, options] = putCalls[0]!;
    expect(Buffer.isBuffer(body)).toBe(false);
    expect(options).toEqual({ size: maxUploadBytes });
    await vi.waitFor(() => expect(existsSync(String((body as ReadStream).path))).toBe(false), { timeout: 5000 });
    // Rough: the heap does not grow by the file's size (5 MB) or more.
    expect(heapAfter.heapUsed - heapBefore.heapUsed).toBeLessThan(maxUploadBytes);
    const { image: key } = ((await response.json()) as { data: Ad }).data;
    expect(await t.storage.size(key)).toBe(maxUploadBytes);
    const { body: served } = await fetchStored(`/storage/${key}`);
    expect(served.equals(file)).toBe(true);
  });

  it('is ready while the bucket answers, and not ready (storage) when it does not', async () => {
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    const missingBucket = s3.storage({ bucket: 'no-such-bucket' });
    const app = await buildApp({ db: t.db, storage: missingBucket, signer: t.signer, config: { timeZone: 'Africa/Cairo' } });
    try {
      const ready = await app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ failing: ['storage'] });
    } finally {
      await app.close();
    }
  });
});

describe.each(['local', 's3'] as const)('no orphan file when the database refuses the record (%s)', (driver) => {
  let s3: TestS3 | undefined;
  let t: TestApp<Storage>;
  let storedKeys: () => Promise<string[]>;
  let spool: string;
  let tmpBefore: string | undefined;
  beforeAll(async () => {
    if (driver === 's3') {
      s3 = await startS3Server();
      t = await createTestApp<Storage>({ storage: s3.storage(), listen: true });
      storedKeys = s3.keys;
    } else {
      const local = await createTestApp({ listen: true });
      t = local;
      const root = (local.storage as LocalStorage).root;
      storedKeys = async () =>
        existsSync(root)
          ? readdirSync(root, { recursive: true, withFileTypes: true })
              .filter((e) => e.isFile())
              .map((e) => e.name)
          : [];
    }
    // The uploads of this app are spooled here (os.tmpdir() reads TMPDIR), so that what is left can be seen.
    tmpBefore = process.env.TMPDIR;
    spool = mkdtempSync(join(tmpdir(), 'sehha-spool-'));
    process.env.TMPDIR = spool;
  });
  afterAll(async () => {
    if (tmpBefore === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpBefore;
    if (spool) rmSync(spool, { recursive: true, force: true });
    await t?.close();
    await s3?.close();
  });
  afterEach(async () => {
    // Every temporary upload file is gone once the request is answered, whatever the answer.
    await vi.waitFor(() => expect(readdirSync(spool)).toEqual([]), { timeout: 5000 });
  });

  it('a home ad whose insert fails', async () => {
    const before = await storedKeys();
    const response = await refusingWrites(t, 'home_ads', () =>
      t.call('/api/admin/home-ads/store', { method: 'POST', form: { image: banner() } }),
    );
    expect(response.status).toBe(500);
    expect(await storedKeys()).toEqual(before);
  });

  it('a home ad whose update fails keeps its image and leaves no new one', async () => {
    const ad = ((await (await t.call('/api/admin/home-ads/store', { method: 'POST', form: { image: banner() } })).json()) as { data: Ad })
      .data;
    const before = await storedKeys();
    const response = await refusingWrites(t, 'home_ads', () =>
      t.call(`/api/admin/home-ads/update/${ad.id}`, { method: 'POST', form: { _method: 'PATCH', image: banner(120, 40) } }),
    );
    expect(response.status).toBe(500);
    expect(await storedKeys()).toEqual(before);
    expect(await t.storage.exists(ad.image)).toBe(true);
  });

  it('a country whose insert fails', async () => {
    const before = await storedKeys();
    const response = await refusingWrites(t, 'countries', () =>
      t.call('/api/admin/countries/store', { method: 'POST', form: countryForm() }),
    );
    expect(response.status).toBe(500);
    expect(await storedKeys()).toEqual(before);
  });

  it('uploads refused by their checks (422) or unreadable (400) store nothing', async () => {
    const before = await storedKeys();
    expect((await t.call('/api/admin/home-ads/store', { method: 'POST', form: { image: banner(50, 100) } })).status).toBe(422);
    const tooLarge = { file: Buffer.concat([png(96, 32), Buffer.alloc(maxUploadBytes)]), name: 'big.png', type: 'image/png' };
    expect((await t.call('/api/admin/home-ads/store', { method: 'POST', form: { image: tooLarge } })).status).toBe(422);
    const cut = await t.call('/api/admin/home-ads/store', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: `--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${'x'.repeat(100_000)}`,
    });
    expect(cut.status).toBe(400);
    expect(await storedKeys()).toEqual(before);
  });
});
