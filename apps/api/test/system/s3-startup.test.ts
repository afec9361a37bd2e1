import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countries } from '../../src/db/schema/locations';
import { seedDemoData } from '../../src/seed/seed-demo-data';
import { png } from '../support/files';
import { startS3Server, type TestS3 } from '../support/s3-server';
import { listening, spawnServer } from '../support/server-process';
import { createTestDatabase } from '../support/test-database';

// Real server processes; they need no database of the test run, so they run in the api:pglite project only.
describe.runIf(process.env.TEST_DB !== 'postgres')('a server on S3 (real process)', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.close());

  it('refuses to start without its S3 settings, or with a bucket it cannot use, in one line', async () => {
    const missing = spawnServer({ STORAGE_DRIVER: 's3', S3_BUCKET: 'x' });
    expect(await missing.exited).toBe(1);
    expect(missing.stderr()).toBe(
      'Invalid configuration: S3_REGION: required with STORAGE_DRIVER=s3; S3_ACCESS_KEY_ID: required with STORAGE_DRIVER=s3; S3_SECRET_ACCESS_KEY: required with STORAGE_DRIVER=s3\n',
    );
    const noBucket = spawnServer({ ...s3.env, S3_BUCKET: 'not-created' });
    expect(await noBucket.exited).toBe(1);
    expect(noBucket.stderr()).toBe(
      `Cannot use the S3 bucket "not-created" at ${s3.endpoint}: no such bucket: check S3_BUCKET (HTTP 404)\n`,
    );
  }, 90_000);

  it('serves files of the bucket at /storage, and is ready while the bucket answers', async () => {
    const server = spawnServer({ ...s3.env });
    try {
      // A fresh embedded database migrates on start: on a loaded machine that alone took over 45 s.
      const base = await listening(server, 90_000);
      // Ready once its checks answer within their time (a loaded test machine may need a second try).
      await vi.waitFor(async () => expect(await (await fetch(`${base}/api/ready`)).text()).toBe('{"status":"ready"}'), {
        timeout: 15_000,
        interval: 500,
      });
      const flag = png(30, 20);
      await s3.storage().put('flags/from-the-bucket.png', flag);
      const served = await fetch(`${base}/storage/flags/from-the-bucket.png`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-length')).toBe(String(flag.length));
      expect(Buffer.from(await served.arrayBuffer()).equals(flag)).toBe(true);
    } finally {
      await server.kill();
    }
  }, 120_000);
});

describe('the demo seed on S3', () => {
  it('writes its files into the bucket, under the keys its rows point at', async () => {
    const s3 = await startS3Server();
    const handle = await createTestDatabase();
    try {
      const storage = s3.storage();
      const summary = await seedDemoData(handle.db, storage);
      const keys = await s3.keys();
      expect(keys).toHaveLength(summary.files);
      const [country] = await handle.db.select({ flag: countries.flag }).from(countries).where(isNotNull(countries.flag)).limit(1);
      expect(keys).toContain(country!.flag);
      const stored = await storage.read(country!.flag!);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).subarray(1, 4).toString()).toBe('PNG');
    } finally {
      await handle.close();
      await s3.close();
    }
  }, 120_000);
});
