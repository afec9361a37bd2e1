import { missingS3Variables, type Config, type requiredS3Variables } from '../config';
import { StartupError } from '../startup-error';
import { S3Storage } from './s3-storage';
import { LocalStorage, type StorageDriver } from './storage';

export type StorageDriverName = Config['STORAGE_DRIVER'];
export const storageDrivers: readonly StorageDriverName[] = ['local', 's3'];

export type StorageConfig = Pick<Config, 'STORAGE_DIR' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | (typeof requiredS3Variables)[number]>;

/**
 * The storage of STORAGE_DRIVER: the folder STORAGE_DIR, or an S3-compatible bucket. Nothing else
 * knows which one is active; both keep files under the same keys.
 */
export function createStorage(driver: StorageDriverName, config: StorageConfig): StorageDriver {
  if (driver === 'local') return new LocalStorage(config.STORAGE_DIR);
  const missing = missingS3Variables(config);
  if (missing.length > 0) throw new StartupError(`The s3 storage needs ${missing.join(', ')}`);
  return new S3Storage({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION!,
    bucket: config.S3_BUCKET!,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

const httpStatusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number | undefined } }).$metadata?.httpStatusCode;

/** Why a storage failed, in one line without secrets: `NoSuchKey: … (HTTP 404)`, `ECONNREFUSED: …`. */
export function storageFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = httpStatusOf(error);
  const code = (error as NodeJS.ErrnoException).code;
  const message = error.message.split('\n')[0] ?? '';
  const name = error.name !== 'Error' ? error.name : (code ?? '');
  const details = [name, message && message !== name && message !== 'UnknownError' ? message : ''].filter(Boolean).join(': ');
  return `${details || 'unknown error'}${status ? ` (HTTP ${status})` : ''}`;
}

/** What an operator checks when a bucket answers HeadBucket (which has no error body) with this status. */
const bucketHints: Record<number, string> = {
  301: 'the bucket is in another region: check S3_REGION',
  403: 'access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
  404: 'no such bucket: check S3_BUCKET',
};

/** At start-up: the storage takes writes, or one line saying which storage and why not. */
export async function checkStorage(storage: StorageDriver): Promise<void> {
  try {
    await storage.ping();
  } catch (error) {
    const hint = bucketHints[httpStatusOf(error) ?? 0];
    throw new StartupError(`Cannot use the ${storage.location}: ${hint ? `${hint} (HTTP ${httpStatusOf(error)})` : storageFailure(error)}`, { cause: error });
  }
}
