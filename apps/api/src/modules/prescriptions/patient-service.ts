import { prescriptionMessages as messages, type MyPrescription } from '@sehha/contract/prescriptions';
import type { ValidationMessageKey } from '@sehha/contract/validation-messages';
import { recordAudit } from '../../audit/audit-log';
import type { AppAccount } from '../../auth/app-auth';
import type { Database } from '../../db/database';
import { isUniqueViolation, postgresError } from '../../db/errors';
import { HttpError, ValidationError, notFound } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import { nameIn } from '../../i18n/localized-name';
import type { Language, Message } from '../../i18n/messages';
import type { ModuleMetrics } from '../../operations/metrics';
import type { RemovalLog } from '../../storage/replace-upload';
import type { UrlSigner } from '../../storage/signed-urls';
import type { Storage } from '../../storage/storage';
import { localDate } from '../licenses/repository';
import { appPrescriptionRepository as repository, type AppPrescriptionRow } from './app-repository';
import { inspectImages, removeImages, sentImages, storeImages, uploadHash } from './files';
import type { PrescriptionSettings } from './settings';
import { signedImages } from './signed-images';

type Deps = {
  db: Database;
  storage: Storage;
  signer: UrlSigner;
  metrics: ModuleMetrics;
  timeZone: string;
  settings: PrescriptionSettings;
};
type Upload = { pharmacy_id: number; note?: string | undefined };

const hourAgo = () => new Date(Date.now() - 60 * 60 * 1000);
const tooMany = () => new HttpError(429, messages.tooMany, { 'retry-after': '3600' });
const keyReused = () => new ValidationError({ idempotency_key: [messages.idempotencyKeyReused] });

/** An Idempotency-Key: 1–255 visible ASCII characters (a UUID, as phones send); absent is allowed. */
export function idempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? undefined : header.trim();
  if (!value || value.length > 255 || !/^[\x21-\x7e]+$/.test(value))
    throw new ValidationError({ idempotency_key: [messages.idempotencyKeyInvalid] });
  return value;
}

/** The reply as the app reads it; null while the pharmacy has not answered. */
export const replyOf = (row: AppPrescriptionRow) =>
  row.reply_status && row.replied_at
    ? { status: row.reply_status, price: row.reply_price, note: row.reply_note, replied_at: row.replied_at }
    : null;

/** A patient sends prescriptions (1–5 images) to an approved pharmacy and follows the replies. */
export function createPatientPrescriptionService(deps: Deps) {
  const { db } = deps;

  const present = (row: AppPrescriptionRow, language: Language, viewer: AppAccount | null): MyPrescription => ({
    id: row.id,
    pharmacy: { ...row.pharmacy, name: nameIn(language, row.pharmacy) ?? '' },
    note: row.note,
    image_count: row.images.length,
    images: viewer
      ? signedImages(deps.signer, row.images, deps.settings.imageTtlSeconds, { viewerId: viewer.id, id: row.id, patientId: row.patient.id })
      : [],
    images_purged_at: row.images_purged_at,
    reply: replyOf(row),
    created_at: row.created_at,
  });

  /** The prescription an earlier upload under this key made, when this upload is the same one (else a 422). */
  async function replayed(account: AppAccount, key: string, hash: string) {
    const earlier = await repository.byIdempotencyKey(db, account.id, key);
    if (!earlier) return undefined;
    if (earlier.request_hash !== hash) throw keyReused();
    return earlier.id;
  }

  return {
    /**
     * Sends a prescription. The fields and the limits are checked first, then every image by its content; the
     * images are stored (privately) before the row is written in one transaction with its audit row, and
     * removed if that fails. With an Idempotency-Key, a retry of the same upload answers the first one's
     * prescription and stores nothing; the same key with another upload is a 422.
     */
    async send(account: AppAccount, input: Upload, uploads: readonly UploadedFile[], key: string | null, log: RemovalLog) {
      const errors: Record<string, Array<ValidationMessageKey | Message>> = {};
      let images: UploadedFile[] = [];
      try {
        images = sentImages(uploads);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        Object.assign(errors, error.fieldErrors);
      }
      const today = () => localDate(deps.timeZone, new Date());
      const pharmacy = await repository.listedPharmacy(db, input.pharmacy_id, today());
      if (!pharmacy) errors.pharmacy_id = [messages.pharmacyInvalid];
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);

      const note = input.note ?? null;
      const hash = key ? await uploadHash({ pharmacyId: input.pharmacy_id, note }, images) : null;
      if (key && hash) {
        const id = await replayed(account, key, hash);
        if (id !== undefined) return { id, replayed: true };
      }
      if ((await repository.countSince(db, account.id, hourAgo())) >= deps.settings.maxPerHour) throw tooMany();

      const inspected = await inspectImages(deps.metrics, images);
      const stored = await storeImages(deps, inspected, log);
      try {
        const id = await db.transaction(async (tx) => {
          await repository.lockAccount(tx, account.id);
          if ((await repository.countSince(tx, account.id, hourAgo())) >= deps.settings.maxPerHour) throw tooMany();
          if (!(await repository.listedPharmacy(tx, input.pharmacy_id, today())))
            throw new ValidationError({ pharmacy_id: [messages.pharmacyInvalid] });
          const created = await repository.insert(tx, {
            userId: account.id,
            pharmacyId: input.pharmacy_id,
            images: stored,
            note,
            idempotencyKey: key,
            requestHash: hash,
          });
          // No health data in the log: which pharmacy and how many images, not the note or the files.
          await recordAudit(tx, {
            actorId: account.id,
            action: 'create',
            entity: 'prescription',
            entityId: created,
            after: { pharmacy_id: input.pharmacy_id, images: stored.length },
          });
          return created;
        });
        return { id, replayed: false };
      } catch (error) {
        await removeImages(deps.storage, stored, log);
        // A parallel retry under the same key won the insert: the same upload answers its prescription.
        if (key && hash && isUniqueViolation(error) && postgresError(error)?.constraint === 'prescriptions_idempotency_idx') {
          const id = await replayed(account, key, hash);
          if (id !== undefined) return { id, replayed: true };
        }
        throw error;
      }
    },

    /** One of the account's prescriptions with its images as short-lived links; another account's is a 404. */
    async show(account: AppAccount, id: number, language: Language) {
      const row = await repository.one(db, { userId: account.id }, id);
      if (!row) throw notFound(messages.notFound);
      return present(row, language, account);
    },

    /** The account's prescriptions, newest first, with each pharmacy's name and reply (images on the single one). */
    async list(account: AppAccount, query: { page: number; per_page: number }, language: Language) {
      const page = await repository.patientPage(db, account.id, { page: query.page, perPage: query.per_page });
      return { ...page, items: page.items.map((row) => present(row, language, null)) };
    },
  };
}
