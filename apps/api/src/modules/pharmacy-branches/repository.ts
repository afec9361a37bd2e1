import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { cities } from '../../db/schema/locations';
import { pharmacyBranches } from '../../db/schema/providers';
import { fetchPage, matchesSearch, toIsoRequired } from '../../db/paged';

export const pharmacyBranchRepository = {
  page(db: Database, pharmacyId: number, query: { page: number; perPage: number; search?: string }) {
    const where = and(eq(pharmacyBranches.pharmacy_id, pharmacyId), matchesSearch(pharmacyBranches.search, query.search));
    return fetchPage({
      page: query.page,
      perPage: query.perPage,
      rows: (limit, offset) =>
        db
          .select({
            id: pharmacyBranches.id,
            pharmacy_id: pharmacyBranches.pharmacy_id,
            name_ar: pharmacyBranches.name_ar,
            name_en: pharmacyBranches.name_en,
            address: pharmacyBranches.address,
            phone: pharmacyBranches.phone,
            is_active: pharmacyBranches.is_active,
            created_at: pharmacyBranches.created_at,
            city_id: cities.id,
            city_name_ar: cities.name_ar,
            city_name_en: cities.name_en,
          })
          .from(pharmacyBranches)
          .leftJoin(cities, eq(cities.id, pharmacyBranches.city_id))
          .where(where)
          .orderBy(asc(pharmacyBranches.id))
          .limit(limit)
          .offset(offset)
          .then((rows) =>
            rows.map(({ city_id, city_name_ar, city_name_en, ...row }) => ({
              ...row,
              city: city_id === null ? null : { id: city_id, name_ar: city_name_ar!, name_en: city_name_en! },
              created_at: toIsoRequired(row.created_at),
            })),
          ),
      count: () => db.select({ total: count() }).from(pharmacyBranches).where(where).then((rows) => rows[0]?.total ?? 0),
    });
  },
};
