import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyStorage } from '../../src/storage/copy-storage';
import { LocalStorage, type StorageDriver } from '../../src/storage/storage';
import { startS3Server, type TestS3 } from '../support/s3-server';
import { runCli } from '../support/server-process';

/** `npm run storage:migrate -- …` as an operator runs it, with this environment (not the runner's S3 settings). */
const migrate = (args: string[], env: Record<string, string>) =>
  runCli('storage-migrate', args, env, (key) => key.startsWith('S3_') || key === 'STORAGE_DRIVER');

/** A storage folder as an installation leaves it: files in folders, plus what is not a file of the API. */
function storageFolder(root: string, files: Record<string, string>) {
  for (const [key, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, key)), { recursive: true });
    writeFileSync(join(root, key), content);
  }
}

const files: Record<string, string> = {
  'flags/eg.png': 'flag of egypt',
  'home-ads/a1.webp': 'ad one',
  'home-ads/a2.webp': 'ad two, longer',
  'prescriptions/p1.png': 'a prescription',
  'attachments/doc.pdf': '%PDF-1.4 license',
  'licenses/l1.pdf': '%PDF-1.7',
};

// No database: runs in the api:pglite project only.
describe.runIf(process.env.TEST_DB !== 'postgres')('storage:migrate', () => {
  let s3: TestS3;
  let root: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    root = mkdtempSync(join(tmpdir(), 'sehha-migrate-'));
    storageFolder(join(root, 'storage'), {
      ...files,
      // Not files the API serves: a write in progress, a name that is not a storage key.
      'flags/x.png.0b5c.partial': 'half',
      'flags/bad name.png': 'not a key',
    });
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('copies what is missing or of another size, and finishes an interrupted copy on the next run', async () => {
    const from = new LocalStorage(join(root, 'storage'));
    const bucket = s3.storage({ bucket: s3.bucket });
    // An interrupted run: some files went up, then the bucket stopped answering.
    let allowed = 2;
    const interrupted: StorageDriver = Object.assign(Object.create(bucket) as StorageDriver, {
      put: (...args: Parameters<StorageDriver['put']>) =>
        allowed-- > 0 ? bucket.put(...args) : Promise.reject(new Error('connection reset')),
    });
    const first = await copyStorage(from, interrupted, { concurrency: 1 });
    expect(first).toMatchObject({ files: 6, copied: 2, skipped: 0 });
    expect(first.failed.map((failure) => failure.reason)).toEqual(Array(4).fill('connection reset'));
    // One object in the bucket with the wrong size (a different file under that key) is copied again.
    await bucket.put('licenses/l1.pdf', Buffer.from('older and longer content'));

    const second = await copyStorage(from, bucket);
    expect(second).toMatchObject({ files: 6, copied: 4, skipped: 2, failed: [] });
    expect(await s3.keys()).toEqual(Object.keys(files).sort());
    for (const [key, content] of Object.entries(files)) {
      const stored = await bucket.read(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString(), key).toBe(content);
    }
    expect(await copyStorage(from, bucket)).toMatchObject({ files: 6, copied: 0, skipped: 6, failed: [] });

    // And back: the bucket to an empty folder.
    const back = new LocalStorage(join(root, 'back'));
    expect(await copyStorage(bucket, back)).toMatchObject({ files: 6, copied: 6, failed: [] });
    expect(readFileSync(join(root, 'back', 'home-ads/a2.webp'), 'utf8')).toBe(files['home-ads/a2.webp']);
  });

  it('npm run storage:migrate -- --from local --to s3: copies every file once, prints counts, and a second run copies 0', async () => {
    const other = await startS3Server('sehha-migrated');
    try {
      const env = { ...other.env, STORAGE_DRIVER: 'local', STORAGE_DIR: join(root, 'storage') };
      const first = await migrate(['--from', 'local', '--to', 's3'], env);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(
        `Copying the files of the folder ${join(root, 'storage')} to the S3 bucket "sehha-migrated" at ${other.endpoint}`,
      );
      expect(first.stdout).toContain('Copied 6 of 6 files (0.0 MB); skipped 0 already there with the same size; 0 failed');
      expect(await other.keys()).toEqual(Object.keys(files).sort());

      const second = await migrate(['--from', 'local', '--to', 's3'], env);
      expect(second.code).toBe(0);
      expect(second.stdout).toContain('Copied 0 of 6 files (0.0 MB); skipped 6 already there with the same size; 0 failed');
    } finally {
      await other.close();
    }
  }, 60_000);

  it('says what is wrong in one line: usage, missing S3 settings, a bucket it cannot use', async () => {
    const env = { ...s3.env, STORAGE_DIR: join(root, 'storage') };
    const same = await migrate(['--from', 's3', '--to', 's3'], env);
    expect(same.code).toBe(2);
    expect(same.stderr).toMatch(/^--from and --to must differ\nUsage: npm run storage:migrate -- --from local --to s3/);
    const unknown = await migrate(['--from', 'local', '--to', 'gcs'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--to must be local or s3, not gcs');

    const missing = await migrate(['--from', 'local', '--to', 's3'], { STORAGE_DIR: join(root, 'storage') });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('The s3 storage needs S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY\n');

    const wrongKey = await migrate(['--from', 'local', '--to', 's3'], { ...env, S3_ACCESS_KEY_ID: 'NOT-A-KEY' });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toMatch(new RegExp(`^Cannot use the S3 bucket "${s3.bucket}" at ${s3.endpoint}: [^\\n]+ \\(HTTP 403\\)\\n$`));
    expect(wrongKey.stderr).not.toContain('NOT-A-KEY');
  }, 60_000);
});
