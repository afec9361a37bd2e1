import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { prescriptions } from '../../db/schema/prescriptions';
import { providers } from '../../db/schema/providers';
import { filteredOrCounted, withTotal } from '../../db/totals';
import { newestFirstPage } from '../../db/paging';
import { matchesSearch } from '../../db/search';
import { toIso, toIsoRequired } from '../../db/dates';

const columns = {
  id: prescriptions.id,
  // The spec's one image is the first; the others are the app's (issue 27: 1–5 a prescription).
  // None once the images were deleted, even while a purge still holds their keys (modules/retention).
  image: sql<string | null>`case when ${prescriptions.images_purged_at} is null then ${prescriptions.images}[1] end`.as('image'),
  images_purged_at: prescriptions.images_purged_at,
  note: prescriptions.note,
  created_at: prescriptions.created_at,
  reply_status: prescriptions.reply_status,
  replied_at: prescriptions.replied_at,
  pharmacy: { id: providers.id, name_ar: providers.name_ar, name_en: providers.name_en },
  user: { id: users.id, name: users.name },
};

export const prescriptionRepository = {
  /**
   * One page, newest first. `pharmacyName` filters on the pharmacy's folded search key (its Arabic
   * and English names and address, trigram-indexed), so أ/ا, ة/ه and case do not matter.
   */
  page(db: Database, query: { page: number; perPage: number; pharmacyName?: string | undefined }) {
    const where = and(matchesSearch(providers.search, query.pharmacyName));
    const total = filteredOrCounted(
      where,
      () =>
        db
          .select({ id: prescriptions.id })
          .from(prescriptions)
          .innerJoin(providers, eq(providers.id, prescriptions.pharmacy_id))
          .where(where),
      'prescriptions',
    );
    const select = db
      .select(withTotal(columns, total))
      .from(prescriptions)
      .innerJoin(providers, eq(providers.id, prescriptions.pharmacy_id))
      .innerJoin(users, eq(users.id, prescriptions.user_id))
      .$dynamic();
    return newestFirstPage(db, select, prescriptions, where, query, {
      shape: ['prescriptions', query],
      present: (row) => ({
        ...row,
        created_at: toIsoRequired(row.created_at),
        replied_at: toIso(row.replied_at),
        images_purged_at: toIso(row.images_purged_at),
      }),
      total,
    });
  },
};

export type PrescriptionRow = Awaited<ReturnType<typeof prescriptionRepository.page>>['items'][number];
