import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { maxPrescriptionImages, prescriptionImagesField, prescriptionMessages as messages } from '@sehha/contract/prescriptions';
import type { ValidationMessageKey } from '@sehha/contract/validation-messages';
import { ValidationError } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import type { Message } from '../../i18n/messages';
import type { ModuleMetrics } from '../../operations/metrics';
import type { RemovalLog } from '../../storage/replace-upload';
import type { Storage } from '../../storage/storage';
import { imageFormats, inspectUpload, storeUpload, type InspectedFile } from '../../storage/uploads';

/** A private folder (storage/signed-urls.ts): served only through a short-lived signature. */
const folder = 'prescriptions';

/** `images`, `images[]` or `images[3]`: the names a phone's or a browser's form gives repeated files. */
const isImageField = (name: string) => name === prescriptionImagesField || /^images\[\d*\]$/.test(name);

/** The images sent, in order; none or more than five is a 422 on `images`, before any is decoded. */
export function sentImages(uploads: readonly UploadedFile[]): UploadedFile[] {
  const images = uploads.filter((file) => isImageField(file.field) && file.size > 0);
  if (images.length === 0) throw new ValidationError({ [prescriptionImagesField]: [messages.imagesRequired] });
  if (images.length > maxPrescriptionImages) throw new ValidationError({ [prescriptionImagesField]: [messages.imagesTooMany] });
  return images;
}

/**
 * Checks every image by its content (the shared check: magic bytes, dimensions, a full decode), never by its
 * name or claimed type; the failures are reported per image, `images.0` … `images.4`, in one 422.
 */
export async function inspectImages(metrics: ModuleMetrics, images: readonly UploadedFile[]) {
  const errors: Record<string, Array<ValidationMessageKey | Message>> = {};
  const inspected: Array<{ file: UploadedFile; info: InspectedFile }> = [];
  for (const [index, file] of images.entries()) {
    try {
      inspected.push({ file, info: await inspectUpload(file, { formats: imageFormats }) });
    } catch (error) {
      metrics.uploads.inc({ outcome: error instanceof ValidationError ? 'rejected' : 'failed' });
      if (!(error instanceof ValidationError)) throw error;
      errors[`${prescriptionImagesField}.${index}`] = error.fieldErrors[file.field] ?? ['fileTypeInvalid'];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return inspected;
}

/** Stores the checked images under server-chosen names; removes the ones stored if one fails. */
export async function storeImages(
  deps: { storage: Storage; metrics: ModuleMetrics },
  inspected: ReadonlyArray<{ file: UploadedFile; info: InspectedFile }>,
  log: RemovalLog,
) {
  const keys: string[] = [];
  try {
    for (const { file, info } of inspected) {
      keys.push(
        await storeUpload(deps.storage, folder, file, info).catch((error: unknown) => {
          deps.metrics.uploads.inc({ outcome: 'failed' });
          throw error;
        }),
      );
      deps.metrics.uploads.inc({ outcome: 'stored' });
    }
  } catch (error) {
    await removeImages(deps.storage, keys, log);
    throw error;
  }
  return keys;
}

/** Removes stored images; one that cannot be removed is an orphan, logged with the request, never a failed answer. */
export async function removeImages(storage: Storage, keys: readonly string[], log: RemovalLog) {
  for (const key of keys)
    await storage.remove(key).catch((error: unknown) => log.warn({ err: error, file: key }, 'stored file could not be removed'));
}

const fileHash = (path: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });

/**
 * What an upload asked for, as one hash: the pharmacy, the note and each image's bytes in order. A retry of
 * the same upload under its Idempotency-Key has the same hash; another upload under that key does not.
 */
export async function uploadHash(input: { pharmacyId: number; note: string | null }, images: readonly UploadedFile[]) {
  const parts = [String(input.pharmacyId), input.note ?? '', ...(await Promise.all(images.map((file) => fileHash(file.path))))];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
