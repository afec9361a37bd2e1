import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { contentTypeOf, isSafeKey, type StorageDriver } from './storage';

/** STORAGE_DRIVER=s3: S3_ENDPOINT (MinIO, R2, Ceph…; AWS when absent), S3_REGION, S3_BUCKET, the key pair, S3_FORCE_PATH_STYLE. */
export type S3Settings = {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/**
 * A stream of known size up to this goes up in one PUT, read as it is sent (nothing buffered);
 * larger or unsized bodies go as a multipart upload (lib-storage), which holds at most
 * `queueSize` parts of `partSize` in memory at a time.
 */
const singlePutLimit = 64 * 1024 * 1024;
const multipart = { partSize: 8 * 1024 * 1024, queueSize: 2 };

/** A missing object: GetObject says NoSuchKey, HeadObject (no body) only NotFound. */
const isMissingObject = (error: unknown) => error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');

/** Files in an S3-compatible bucket, under the same keys as the local folder (`flags/….png`). */
export class S3Storage implements StorageDriver {
  readonly client: S3Client;
  private readonly bucket: string;
  readonly location: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.location = `S3 bucket "${settings.bucket}" ${settings.endpoint ? `at ${settings.endpoint}` : `in ${settings.region}`}`;
    this.client = new S3Client({
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: the SDK's default (a CRC trailer on every upload,
      // sent as an aws-chunked body) is stored as garbage or refused by some S3-compatible stores.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that does not answer fails the request (a 5xx, not-ready) instead of holding it.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  /**
   * A failed put also deletes the key: S3 itself discards a cut body, but not every S3-compatible
   * store does. (The API never reuses a key: every upload gets a new name.)
   */
  async put(key: string, body: Readable | Buffer, options: { size?: number | undefined } = {}): Promise<void> {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    try {
      await this.send(key, body, Buffer.isBuffer(body) ? body.length : options.size);
    } catch (error) {
      if (!Buffer.isBuffer(body)) body.destroy();
      await this.remove(key).catch(() => undefined);
      throw error;
    }
  }

  private async send(key: string, body: Readable | Buffer, size: number | undefined): Promise<void> {
    const params = { Bucket: this.bucket, Key: key, ContentType: contentTypeOf(key) };
    if (size === undefined || size > singlePutLimit) {
      await new Upload({ client: this.client, params: { ...params, Body: body }, ...multipart, leavePartsOnError: false }).done();
      return;
    }
    // A source that fails (a file gone) aborts the request; piping alone would leave it waiting for the rest of the body.
    const abort = new AbortController();
    if (!Buffer.isBuffer(body)) body.once('error', (error) => abort.abort(error));
    await this.client.send(new PutObjectCommand({ ...params, Body: body, ContentLength: size }), { abortSignal: abort.signal });
  }

  async read(key: string): Promise<{ stream: Readable; size: number } | null> {
    if (!isSafeKey(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error(`S3 returned no stream for ${key}`);
      return { stream: object.Body, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    if (isSafeKey(key)) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    if (!isSafeKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async *list(): AsyncIterable<{ key: string; size: number }> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) {
        if (object.Key && isSafeKey(object.Key)) yield { key: object.Key, size: object.Size ?? 0 };
      }
    }
  }

  /** Readiness: the bucket exists and these credentials may use it (HeadBucket). */
  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Closes the client's connections (command-line tools, tests). */
  close(): void {
    this.client.destroy();
  }
}
