import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { pharmacyCategories } from '../../db/schema/catalogs';
import { medicines } from '../../db/schema/providers';
import { fetchPage, matchesSearch, toIsoRequired } from '../../db/paged';

export const medicineRepository = {
  page(db: Database, pharmacyId: number, query: { page: number; perPage: number; search?: string }) {
    const where = and(eq(medicines.pharmacy_id, pharmacyId), matchesSearch(medicines.search, query.search));
    return fetchPage({
      page: query.page,
      perPage: query.perPage,
      rows: (limit, offset) =>
        db
          .select({
            id: medicines.id,
            pharmacy_id: medicines.pharmacy_id,
            name_ar: medicines.name_ar,
            name_en: medicines.name_en,
            price: medicines.price,
            in_stock: medicines.in_stock,
            created_at: medicines.created_at,
            category_id: pharmacyCategories.id,
            category_name_ar: pharmacyCategories.name_ar,
            category_name_en: pharmacyCategories.name_en,
          })
          .from(medicines)
          .leftJoin(pharmacyCategories, eq(pharmacyCategories.id, medicines.category_id))
          .where(where)
          .orderBy(asc(medicines.id))
          .limit(limit)
          .offset(offset)
          .then((rows) =>
            rows.map(({ category_id, category_name_ar, category_name_en, ...row }) => ({
              ...row,
              price: Number(row.price),
              category: category_id === null ? null : { id: category_id, name_ar: category_name_ar!, name_en: category_name_en! },
              created_at: toIsoRequired(row.created_at),
            })),
          ),
      count: () => db.select({ total: count() }).from(medicines).where(where).then((rows) => rows[0]?.total ?? 0),
    });
  },
};
