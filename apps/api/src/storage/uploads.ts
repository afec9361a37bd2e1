import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import type { ValidationMessageKey } from '@sehha/contract/validation-messages';
import type { UploadedFile } from '../http/multipart';
import { ValidationError } from '../http/errors';
import type { ModuleMetrics } from '../operations/metrics';
import type { Storage } from './storage';

export const imageFormats = ['png', 'jpg', 'webp'] as const;
export type FileFormat = 'png' | 'jpg' | 'webp' | 'pdf';

export type InspectedFile = { format: FileFormat; mime: string; size: number; width?: number | undefined; height?: number | undefined };

const mimeOf: Record<FileFormat, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', pdf: 'application/pdf' };
/** The same formats as libvips names them. */
const decodedAs: Record<Exclude<FileFormat, 'pdf'>, string> = { png: 'png', jpg: 'jpeg', webp: 'webp' };

// A decoded upload is checked once and dropped: libvips need not keep it.
sharp.cache(false);

/**
 * Whether the whole file decodes as the image its header claims (libvips, off the event loop, pixels
 * bounded): a header alone, cut pixel data or another format behind the magic bytes does not.
 */
async function decodes(path: string, format: Exclude<FileFormat, 'pdf'>): Promise<boolean> {
  try {
    const image = sharp(path, { failOn: 'truncated', limitInputPixels: maxImagePixels, sequentialRead: true });
    if ((await image.metadata()).format !== decodedAs[format]) return false;
    await image.stats();
    return true;
  } catch {
    return false;
  }
}

/**
 * The largest image accepted, whatever its file size: a few kilobytes of header can claim 60000×30000
 * pixels, which a browser or thumbnailer would try to decode into gigabytes.
 */
export const maxImageSide = 10_000;
export const maxImagePixels = 40_000_000;

/**
 * How much of an upload is read to inspect it: magic bytes and every image header that image-size
 * reads (its own limit for files), never the whole file.
 */
const inspectedHeadBytes = 512 * 1024;

async function readHead(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(inspectedHeadBytes);
    const { bytesRead } = await file.read(head, 0, inspectedHeadBytes, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Checks an upload by its content (magic bytes), never by the client's name or type.
 * Throws a 422 for the field when it is too large (bytes or pixels) or of another format.
 */
export async function inspectUpload(
  file: UploadedFile,
  options: { formats: readonly FileFormat[]; horizontal?: boolean | undefined },
): Promise<InspectedFile> {
  const fail = (key: ValidationMessageKey) => new ValidationError({ [file.field]: [key] });
  if (file.tooLarge) throw fail('fileTooLarge');
  const head = await readHead(file.path);
  const detected = await fileTypeFromBuffer(head);
  const format = detected?.ext as FileFormat | undefined;
  if (!format || !options.formats.includes(format)) throw fail('fileTypeInvalid');
  const inspected: InspectedFile = { format, mime: mimeOf[format], size: file.size };
  if (format !== 'pdf') {
    let width: number, height: number;
    try {
      ({ width, height } = imageSize(head));
    } catch {
      throw fail('fileTypeInvalid');
    }
    if (!(width > 0 && height > 0)) throw fail('fileTypeInvalid');
    if (width > maxImageSide || height > maxImageSide || width * height > maxImagePixels) throw fail('imageDimensionsTooLarge');
    inspected.width = width;
    inspected.height = height;
    if (options.horizontal && !(width > height)) throw fail('imageNotHorizontal');
    if (!(await decodes(file.path, format))) throw fail('imageDamaged');
  }
  return inspected;
}

/** Stores a checked upload under a server-chosen name, streamed from its temporary file, and returns its storage key. */
export async function storeUpload(storage: Storage, folder: string, file: UploadedFile, inspected: InspectedFile): Promise<string> {
  const key = `${folder}/${randomUUID()}.${inspected.format}`;
  await storage.put(key, createReadStream(file.path), { size: file.size });
  return key;
}

/**
 * The one way a module takes an upload: checked by content, then stored under a server-chosen
 * name; the outcome is counted in `uploads_total` (rejected: refused by the check; failed: the
 * storage did not take it).
 */
export async function acceptUpload(
  deps: { storage: Storage; metrics: ModuleMetrics },
  folder: string,
  file: UploadedFile,
  options: { formats: readonly FileFormat[]; horizontal?: boolean | undefined },
): Promise<string> {
  let inspected: InspectedFile;
  try {
    inspected = await inspectUpload(file, options);
  } catch (error) {
    deps.metrics.uploads.inc({ outcome: error instanceof ValidationError ? 'rejected' : 'failed' });
    throw error;
  }
  try {
    const key = await storeUpload(deps.storage, folder, file, inspected);
    deps.metrics.uploads.inc({ outcome: 'stored' });
    return key;
  } catch (error) {
    deps.metrics.uploads.inc({ outcome: 'failed' });
    throw error;
  }
}

/** A required upload: a 422 with `missingKey` on the field when absent. */
export function requireUpload(uploads: Map<string, UploadedFile>, field: string, missingKey: ValidationMessageKey): UploadedFile {
  const file = uploads.get(field);
  if (!file || file.size === 0) throw new ValidationError({ [field]: [missingKey] });
  return file;
}
