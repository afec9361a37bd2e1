import { paginateListObjectsV2 } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Storage, type S3Settings } from '../../src/storage/s3-storage';

/** The part of s3rver (a pure-JS S3 server, CommonJS without types) that the tests use. */
type S3rver = { run(): Promise<{ address: string; port: number }>; close(): Promise<void> };
type S3rverOptions = { address: string; port: number; silent: boolean; directory: string; configureBuckets: Array<{ name: string }> };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rver;

export type TestS3 = {
  endpoint: string;
  bucket: string;
  settings: S3Settings;
  /** The STORAGE_DRIVER=s3 environment of a server or command using this bucket. */
  env: Record<string, string>;
  /** A new S3 storage on the bucket; its connections close with close(). */
  storage: (overrides?: Partial<S3Settings>) => S3Storage;
  /** Every key in the bucket (safe or not), sorted. */
  keys: () => Promise<string[]>;
  close: () => Promise<void>;
};

/**
 * An S3-compatible server (s3rver) in this process on 127.0.0.1, a random port and a temporary
 * folder, with one empty bucket; its default key pair is S3RVER / S3RVER.
 */
export async function startS3Server(bucket = 'sehha-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'sehha-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const opened: S3Storage[] = [];
  const storage = (overrides: Partial<S3Settings> = {}) => {
    const made = new S3Storage({ ...settings, ...overrides });
    opened.push(made);
    return made;
  };
  const lister = storage();
  return {
    endpoint,
    bucket,
    settings,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: settings.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    storage,
    keys: async () => {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client: lister.client }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) keys.push(object.Key!);
      }
      return keys.sort();
    },
    close: async () => {
      for (const made of opened) made.close();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
