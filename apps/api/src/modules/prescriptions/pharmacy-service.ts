import {
  prescriptionMessages as messages,
  prescriptionReplyNotices,
  type PharmacyPrescription,
  type PrescriptionReplyRequest,
} from '@sehha/contract/prescriptions';
import { recordAudit } from '../../audit/audit-log';
import type { AppAccount } from '../../auth/app-auth';
import type { Database } from '../../db/database';
import { HttpError, ValidationError, notFound } from '../../http/errors';
import { notifyAccount } from '../../outbox/notify-account';
import type { UrlSigner } from '../../storage/signed-urls';
import { appPrescriptionRepository as repository, type AppPrescriptionRow } from './app-repository';
import { replyOf } from './patient-service';
import type { PrescriptionSettings } from './settings';
import { signedImages } from './signed-images';

type Deps = { db: Database; signer: UrlSigner; settings: PrescriptionSettings };
type Query = { page: number; per_page: number; status?: 'waiting' | 'replied' | undefined };

/** The price rules of a reply: a price with available / partly_available, none with unavailable (en/ar 422s). */
function checkReply(input: PrescriptionReplyRequest) {
  const price = input.price ?? null;
  if (input.status === 'unavailable' && price !== null) throw new ValidationError({ price: [messages.priceNotAllowed] });
  if (input.status !== 'unavailable' && price === null) throw new ValidationError({ price: [messages.priceRequired] });
  return { status: input.status, price, note: input.note ?? null };
}

/**
 * A pharmacy sees the prescriptions sent to it, and only those (another pharmacy's id is a 404, as a missing
 * one), with the images as links valid a few minutes; it replies once. A reply is final: the patient was told
 * (an SMS) and may already be on the way, so a correction is a new conversation, not a silent edit (409).
 */
export function createPharmacyPrescriptionService(deps: Deps) {
  const { db } = deps;

  const present = (row: AppPrescriptionRow, viewer: AppAccount): PharmacyPrescription => ({
    id: row.id,
    patient: row.patient,
    note: row.note,
    images: signedImages(deps.signer, row.images, deps.settings.imageTtlSeconds, {
      viewerId: viewer.id,
      id: row.id,
      patientId: row.patient.id,
    }),
    images_purged_at: row.images_purged_at,
    reply: replyOf(row),
    created_at: row.created_at,
  });

  const own = async (account: AppAccount, id: number) => {
    const pharmacyId = await repository.pharmacyOfAccount(db, account.id);
    const row = pharmacyId === undefined ? undefined : await repository.one(db, { pharmacyId }, id);
    if (!row) throw notFound(messages.notFound);
    return row;
  };

  return {
    async list(account: AppAccount, query: Query) {
      const pharmacyId = await repository.pharmacyOfAccount(db, account.id);
      const page = { page: query.page, perPage: query.per_page, status: query.status };
      if (pharmacyId === undefined) return { items: [], total: 0, page: query.page, perPage: query.per_page };
      const found = await repository.pharmacyPage(db, pharmacyId, page);
      return { ...found, items: found.items.map((row) => present(row, account)) };
    },

    show: async (account: AppAccount, id: number) => present(await own(account, id), account),

    /** Replies: the row, the patient's SMS/email in their language (outbox) and the audit row in one transaction. */
    async reply(account: AppAccount, id: number, input: PrescriptionReplyRequest) {
      const pharmacyId = await repository.pharmacyOfAccount(db, account.id);
      if (pharmacyId === undefined) throw notFound(messages.notFound);
      const reply = checkReply(input);
      await db.transaction(async (tx) => {
        const row = await repository.lockForReply(tx, pharmacyId, id);
        if (!row) throw notFound(messages.notFound);
        if (row.reply_status !== null) throw new HttpError(409, messages.alreadyReplied);
        await repository.reply(tx, id, reply);
        const notice = prescriptionReplyNotices[reply.status];
        await notifyAccount(
          tx,
          row.user_id,
          { kind: 'prescription_reply', ...notice },
          {
            pharmacy: { en: row.pharmacy.name_en, ar: row.pharmacy.name_ar },
            ...(reply.price === null ? {} : { price: reply.price }),
          },
        );
        await recordAudit(tx, {
          actorId: account.id,
          action: 'update',
          entity: 'prescription',
          entityId: id,
          before: { reply_status: null },
          after: { reply_status: reply.status, reply_price: reply.price },
        });
      });
      return present(await own(account, id), account);
    },
  };
}
