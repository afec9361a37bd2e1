import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { checkStorage, createStorage } from '../../src/storage/create-storage';
import { S3Storage } from '../../src/storage/s3-storage';
import { LocalStorage, type StorageDriver } from '../../src/storage/storage';
import { startS3Server, type TestS3 } from '../support/s3-server';

/** The same contract, run against the folder and the S3 bucket: modules never know which one they have. */
type Driver = { storage: StorageDriver; storedKeys: () => Promise<string[]>; broken: () => StorageDriver; close: () => Promise<void> };

const drivers: Record<'local' | 's3', () => Promise<Driver>> = {
  local: async () => {
    const parent = mkdtempSync(join(tmpdir(), 'sehha-driver-'));
    const root = join(parent, 'storage');
    const notAFolder = join(parent, 'a-file');
    writeFileSync(notAFolder, 'x');
    return {
      storage: new LocalStorage(root),
      storedKeys: async () =>
        existsSync(root)
          ? readdirSync(root, { recursive: true, withFileTypes: true })
              .filter((e) => e.isFile())
              .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
              .sort()
          : [],
      broken: () => new LocalStorage(notAFolder),
      close: async () => rmSync(parent, { recursive: true, force: true }),
    };
  },
  s3: async () => {
    const s3: TestS3 = await startS3Server();
    return { storage: s3.storage(), storedKeys: s3.keys, broken: () => s3.storage({ bucket: 'no-such-bucket' }), close: s3.close };
  },
};

const text = (value: string) => Buffer.from(value, 'utf8');
const chunked = (data: Buffer, size = 64 * 1024) =>
  Readable.from(Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size)));
async function contentOf(storage: StorageDriver, key: string): Promise<Buffer | null> {
  const file = await storage.read(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  const data = Buffer.concat(chunks);
  expect(file.size).toBe(data.length);
  return data;
}

// No database: runs in the api:pglite project only.
describe.runIf(process.env.TEST_DB !== 'postgres').each(['local', 's3'] as const)('%s storage driver', (name) => {
  let driver: Driver;
  let storage: StorageDriver;
  beforeAll(async () => {
    driver = await drivers[name]();
    storage = driver.storage;
  });
  afterAll(() => driver?.close());

  it('stores a stream of known size, a stream of unknown size and a buffer, and reads them back with their sizes', async () => {
    const photo = Buffer.alloc(300_000, 7);
    await storage.put('flags/known.png', chunked(photo), { size: photo.length });
    await storage.put('home-ads/unknown.webp', chunked(text('no size given')));
    await storage.put('licenses/doc.pdf', text('%PDF-1.4'));
    expect(await contentOf(storage, 'flags/known.png')).toEqual(photo);
    expect((await contentOf(storage, 'home-ads/unknown.webp'))?.toString()).toBe('no size given');
    expect((await contentOf(storage, 'licenses/doc.pdf'))?.toString()).toBe('%PDF-1.4');
    expect(await storage.exists('flags/known.png')).toBe(true);
    expect(await storage.size('flags/known.png')).toBe(photo.length);
    // A put replaces the file under that key.
    await storage.put('licenses/doc.pdf', text('%PDF-1.7 second'));
    expect((await contentOf(storage, 'licenses/doc.pdf'))?.toString()).toBe('%PDF-1.7 second');
  });

  it('streams a body larger than one multipart part when its size is unknown', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024 + 123);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    await storage.put('attachments/big.pdf', chunked(big, 1024 * 1024));
    expect(await storage.size('attachments/big.pdf')).toBe(big.length);
    expect((await contentOf(storage, 'attachments/big.pdf'))!.equals(big)).toBe(true);
    await storage.remove('attachments/big.pdf');
  });

  it('answers null / false for a missing file, removes files, and removing twice is fine', async () => {
    expect(await storage.read('flags/missing.png')).toBeNull();
    expect(await storage.exists('flags/missing.png')).toBe(false);
    expect(await storage.size('flags/missing.png')).toBeNull();
    await storage.put('flags/gone.png', text('x'));
    await storage.remove('flags/gone.png');
    await storage.remove('flags/gone.png');
    expect(await storage.exists('flags/gone.png')).toBe(false);
    expect(await storage.read('flags/gone.png')).toBeNull();
  });

  it('lists every file with its size, in key order', async () => {
    const listed: Array<{ key: string; size: number }> = [];
    for await (const file of storage.list()) listed.push(file);
    expect(listed).toEqual([
      { key: 'flags/known.png', size: 300_000 },
      { key: 'home-ads/unknown.webp', size: 13 },
      { key: 'licenses/doc.pdf', size: 15 },
    ]);
  });

  it('keeps nothing of a put whose source fails half-way', async () => {
    const before = await driver.storedKeys();
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        setTimeout(() => this.destroy(new Error('source failed')), 20);
      },
    });
    await expect(storage.put('prescriptions/half.png', failing, { size: 1024 * 1024 })).rejects.toThrow();
    expect(await storage.exists('prescriptions/half.png')).toBe(false);
    expect(await driver.storedKeys()).toEqual(before);
  });

  it.each(['../escape.png', 'flags/../../escape.png', '/etc/passwd', 'flags//x.png', 'a b.png', ''])(
    'refuses the unsafe key %j',
    async (key) => {
      const before = await driver.storedKeys();
      await expect(storage.put(key, text('x'))).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.put(key, chunked(text('x')), { size: 1 })).rejects.toThrow(/Unsafe storage key/);
      expect(await storage.read(key)).toBeNull();
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.size(key)).toBeNull();
      await storage.remove(key);
      expect(await driver.storedKeys()).toEqual(before);
    },
  );

  it('pings when it can take writes, and fails with one line naming the storage when it cannot', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
    const broken = driver.broken();
    await expect(broken.ping()).rejects.toThrow();
    const error = await checkStorage(broken).catch((caught: unknown) => caught as Error);
    expect(error).toMatchObject({ name: 'StartupError' });
    expect(error!.message).toContain(`Cannot use the ${name === 'local' ? 'folder' : 'S3 bucket "no-such-bucket"'}`);
    expect(error!.message).not.toContain('\n');
  });
});

describe('STORAGE_DRIVER', () => {
  it('is local by default; s3 requires its settings, named in one line', () => {
    const local = loadConfig({ STORAGE_DIR: '/srv/files' });
    expect(local).toMatchObject({ STORAGE_DRIVER: 'local', S3_FORCE_PATH_STYLE: false });
    expect(createStorage(local.STORAGE_DRIVER, local).location).toBe('folder /srv/files');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_REGION: '' })).toThrow(
      'Invalid configuration: S3_REGION: required with STORAGE_DRIVER=s3; S3_ACCESS_KEY_ID: required with STORAGE_DRIVER=s3; S3_SECRET_ACCESS_KEY: required with STORAGE_DRIVER=s3',
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 'gcs' })).toThrow(/^Invalid configuration: STORAGE_DRIVER: /);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT: /);
    const s3 = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'sehha',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const storage = createStorage(s3.STORAGE_DRIVER, s3);
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.location).toBe('S3 bucket "sehha" at http://minio:9000');
    storage.close();
  });
});
