import {
  applicationDocumentKinds,
  applicationPhotoField,
  providerApplicationMessages as messages,
  type ApplicationDocumentKind,
} from '@sehha/contract/provider-applications';
import type { ValidationMessageKey } from '@sehha/contract/validation-messages';
import { ValidationError } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import type { Message } from '../../i18n/messages';
import type { ModuleMetrics } from '../../operations/metrics';
import type { RemovalLog } from '../../storage/replace-upload';
import type { Storage } from '../../storage/storage';
import { imageFormats, inspectUpload, storeUpload, type FileFormat, type InspectedFile } from '../../storage/uploads';
import type { StoredDocument } from './repository';

/** Documents may be scans (PDF) or photos of the paper; the provider's photo is an image. Private vs public folders. */
const documentFormats: readonly FileFormat[] = [...imageFormats, 'pdf'];
const documentFolder = 'attachments';
const photoFolder = 'provider-photos';

/** A file of the application that passed the content check: a document of its kind, or the photo (kind null). */
type InspectedUpload = { file: UploadedFile; kind: ApplicationDocumentKind | null; info: InspectedFile };
type FieldErrors = Record<string, Array<ValidationMessageKey | Message>>;

/** Checks every file sent by its content, never by its name or claimed type: the checked files and the failures. */
export async function inspectFiles(metrics: ModuleMetrics, uploads: Map<string, UploadedFile>) {
  const sent = [
    ...applicationDocumentKinds.map((kind) => ({ field: kind as string, kind: kind as ApplicationDocumentKind | null })),
    { field: applicationPhotoField, kind: null },
  ].flatMap(({ field, kind }) => {
    const file = uploads.get(field);
    return file && file.size > 0 ? [{ file, kind }] : [];
  });
  const errors: FieldErrors = {};
  const inspected: InspectedUpload[] = [];
  for (const { file, kind } of sent) {
    try {
      inspected.push({ file, kind, info: await inspectUpload(file, { formats: kind ? documentFormats : imageFormats }) });
    } catch (error) {
      metrics.uploads.inc({ outcome: error instanceof ValidationError ? 'rejected' : 'failed' });
      if (!(error instanceof ValidationError)) throw error;
      // The shared check speaks of images only; a document may also be a PDF.
      errors[file.field] = (error.fieldErrors[file.field] ?? []).map((m) =>
        kind && m === 'fileTypeInvalid' ? messages.documentTypeInvalid : m,
      );
    }
  }
  return { inspected, errors };
}

/** Stores checked files under server-chosen names (documents in a private folder); removes them all if one fails. */
export async function storeFiles(
  deps: { storage: Storage; metrics: ModuleMetrics },
  inspected: readonly InspectedUpload[],
  log: RemovalLog,
) {
  const documents: StoredDocument[] = [];
  let photo: string | undefined;
  try {
    for (const { file, kind, info } of inspected) {
      const key = await storeUpload(deps.storage, kind ? documentFolder : photoFolder, file, info).catch((error: unknown) => {
        deps.metrics.uploads.inc({ outcome: 'failed' });
        throw error;
      });
      deps.metrics.uploads.inc({ outcome: 'stored' });
      if (kind)
        documents.push({ kind, path: key, originalName: file.filename || `${kind}.${info.format}`, mime: info.mime, size: file.size });
      else photo = key;
    }
  } catch (error) {
    await removeFiles(deps.storage, [...documents.map((d) => d.path), ...(photo ? [photo] : [])], log);
    throw error;
  }
  return { documents, photo };
}

/** Removes stored files; one that cannot be removed is an orphan, logged with the request, never a failed answer. */
export async function removeFiles(storage: Storage, keys: readonly string[], log: RemovalLog) {
  for (const key of keys)
    await storage.remove(key).catch((error: unknown) => log.warn({ err: error, file: key }, 'stored file could not be removed'));
}
