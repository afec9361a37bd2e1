import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { providerAds } from '../../db/schema/providers';
import { countOf, withTotal } from '../../db/totals';
import { selectPage } from '../../db/paging';
import { matchesSearch } from '../../db/search';
import { toIsoRequired } from '../../db/dates';

const columns = {
  id: providerAds.id,
  provider_id: providerAds.provider_id,
  title_ar: providerAds.title_ar,
  title_en: providerAds.title_en,
  image: providerAds.image,
  is_active: providerAds.is_active,
  created_at: providerAds.created_at,
};

export const providerAdRepository = {
  page(db: Database, providerId: number, query: { page: number; perPage: number; search?: string | undefined }) {
    const where = and(eq(providerAds.provider_id, providerId), matchesSearch(providerAds.search, query.search));
    const total = countOf(db, providerAds, where);
    const rows = db
      .select(withTotal(columns, total))
      .from(providerAds)
      .where(where)
      .orderBy(desc(providerAds.created_at), desc(providerAds.id))
      .$dynamic();
    return selectPage(db, rows, query, {
      shape: ['provider_ads', query, providerId],
      present: (row) => ({ ...row, image: `/storage/${row.image}`, created_at: toIsoRequired(row.created_at) }),
      total,
    });
  },

  find(db: Database, id: number, lock = false) {
    const query = db.select(columns).from(providerAds).where(eq(providerAds.id, id));
    return (lock ? query.for('update') : query).then((rows) => rows[0]);
  },

  remove(db: Database, id: number) {
    return db.delete(providerAds).where(eq(providerAds.id, id));
  },
};
