import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { ValidationMessageKey } from '@sehha/contract/validation-messages';
import type { UploadedFile } from '../http/multipart';
import { ValidationError } from '../http/errors';
import type { Storage } from './storage';

export const imageFormats = ['png', 'jpg', 'webp'] as const;
export const documentFormats = ['png', 'jpg', 'webp', 'pdf'] as const;
export type FileFormat = 'png' | 'jpg' | 'webp' | 'pdf';

export type InspectedFile = { format: FileFormat; mime: string; size: number; width?: number; height?: number };

const mimeOf: Record<FileFormat, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', pdf: 'application/pdf' };

/**
 * Checks an upload by its content (magic bytes), never by the client's name or type.
 * Throws a 422 for the field when it is too large or of another format.
 */
export async function inspectUpload(
  file: UploadedFile,
  options: { formats: readonly FileFormat[]; horizontal?: boolean },
): Promise<InspectedFile> {
  const fail = (key: ValidationMessageKey) => new ValidationError({ [file.field]: [key] });
  if (file.tooLarge) throw fail('fileTooLarge');
  const detected = await fileTypeFromBuffer(file.data);
  const format = detected?.ext as FileFormat | undefined;
  if (!format || !options.formats.includes(format)) throw fail('fileTypeInvalid');
  const inspected: InspectedFile = { format, mime: mimeOf[format], size: file.data.length };
  if (format !== 'pdf') {
    try {
      const { width, height } = imageSize(file.data);
      inspected.width = width;
      inspected.height = height;
    } catch {
      throw fail('fileTypeInvalid');
    }
    if (options.horizontal && !(inspected.width! > inspected.height!)) throw fail('imageNotHorizontal');
  }
  return inspected;
}

/** Stores a checked upload under a server-chosen name and returns its storage key. */
export async function storeUpload(storage: Storage, folder: string, file: UploadedFile, inspected: InspectedFile): Promise<string> {
  const key = `${folder}/${randomUUID()}.${inspected.format}`;
  await storage.put(key, file.data);
  return key;
}

/** A required upload: a 422 with `missingKey` on the field when absent. */
export function requireUpload(uploads: Map<string, UploadedFile>, field: string, missingKey: ValidationMessageKey): UploadedFile {
  const file = uploads.get(field);
  if (!file || file.data.length === 0) throw new ValidationError({ [field]: [missingKey] });
  return file;
}
