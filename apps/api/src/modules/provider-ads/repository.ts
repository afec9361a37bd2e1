import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { providerAds } from '../../db/schema/providers';
import { fetchPage, matchesSearch, toIsoRequired } from '../../db/paged';

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
  page(db: Database, providerId: number, query: { page: number; perPage: number; search?: string }) {
    const where = and(eq(providerAds.provider_id, providerId), matchesSearch(providerAds.search, query.search));
    return fetchPage({
      page: query.page,
      perPage: query.perPage,
      rows: (limit, offset) =>
        db
          .select(columns)
          .from(providerAds)
          .where(where)
          .orderBy(desc(providerAds.created_at), desc(providerAds.id))
          .limit(limit)
          .offset(offset)
          .then((rows) => rows.map((row) => ({ ...row, image: `/storage/${row.image}`, created_at: toIsoRequired(row.created_at) }))),
      count: () => db.select({ total: count() }).from(providerAds).where(where).then((rows) => rows[0]?.total ?? 0),
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
