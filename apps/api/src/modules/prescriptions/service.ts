import type { Prescription } from '@sehha/contract/prescriptions';
import type { Database } from '../../db/database';
import type { Language } from '../../i18n/messages';
import type { UrlSigner } from '../../storage/signed-urls';
import { nameIn } from '../../i18n/localized-name';
import { prescriptionRepository as repository, type PrescriptionRow } from './repository';

/** How long a prescription image link works; the dashboard refetches the list well before. */
export const prescriptionImageTtlSeconds = 15 * 60;

export function createPrescriptionService(db: Database, signer: UrlSigner) {
  /**
   * Prescriptions are patients' health data and live in a private storage folder: the list hands
   * out the key with a short-lived signature, so `/storage/{image}` works for the admin who asked
   * and stops working after the TTL; the bare path is refused.
   */
  const present = (row: PrescriptionRow, language: Language, viewerId: number): Prescription => {
    const image =
      row.image === null
        ? null
        : signer.sign(row.image, prescriptionImageTtlSeconds, {
            by: viewerId,
            as: 'admin',
            entity: 'prescription',
            id: row.id,
            subject: row.user.id,
          });
    const expires = image === null ? null : Number(new URLSearchParams(image.split('?')[1]).get('expires'));
    return {
      id: row.id,
      image,
      image_expires_at: expires,
      images_purged_at: row.images_purged_at,
      note: row.note,
      pharmacy: { ...row.pharmacy, name: nameIn(language, row.pharmacy) ?? '' },
      user: row.user,
      created_at: row.created_at,
      reply_status: row.reply_status,
      replied_at: row.replied_at,
    };
  };

  return {
    /** `viewerId`: the admin the image links are issued to; opening one is access-logged (storage-routes.ts). */
    async list(query: { page: number; perPage: number; pharmacyName?: string | undefined }, language: Language, viewerId: number) {
      const page = await repository.page(db, query);
      return { ...page, items: page.items.map((row) => present(row, language, viewerId)) };
    },
  };
}
