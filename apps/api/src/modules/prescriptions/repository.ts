import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { users } from '../../db/schema/accounts';
import { prescriptions } from '../../db/schema/prescriptions';
import { providers } from '../../db/schema/providers';
import { fetchPage, matchesSearch, toIsoRequired } from '../../db/paged';
import { cappedCount, counterNames, counterTotal } from '../../db/counts';

const columns = {
  id: prescriptions.id,
  image: prescriptions.image,
  note: prescriptions.note,
  created_at: prescriptions.created_at,
  pharmacy: { id: providers.id, name_ar: providers.name_ar, name_en: providers.name_en },
  user: { id: users.id, name: users.name },
};

export const prescriptionRepository = {
  /**
   * One page, newest first. `pharmacyName` filters on the pharmacy's folded search key (its Arabic
   * and English names and address, trigram-indexed), so أ/ا, ة/ه and case do not matter.
   */
  page(db: Database, query: { page: number; perPage: number; pharmacyName?: string }) {
    const where = and(matchesSearch(providers.search, query.pharmacyName));
    return fetchPage({
      page: query.page,
      perPage: query.perPage,
      rows: (limit, offset) =>
        db
          .select(columns)
          .from(prescriptions)
          .innerJoin(providers, eq(providers.id, prescriptions.pharmacy_id))
          .innerJoin(users, eq(users.id, prescriptions.user_id))
          .where(where)
          .orderBy(desc(prescriptions.created_at), desc(prescriptions.id))
          .limit(limit)
          .offset(offset)
          .then((rows) => rows.map((row) => ({ ...row, created_at: toIsoRequired(row.created_at) }))),
      count: () =>
        where
          ? cappedCount(db, db.select({ id: prescriptions.id }).from(prescriptions).innerJoin(providers, eq(providers.id, prescriptions.pharmacy_id)).where(where))
          : counterTotal(db, [counterNames.table('prescriptions')]),
    });
  },
};

export type PrescriptionRow = Awaited<ReturnType<typeof prescriptionRepository.page>>['items'][number];
