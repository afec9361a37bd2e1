import type { Database } from '../../db/connection';
import { pharmacyCategories } from '../../db/schema/catalogs';
import { medicines } from '../../db/schema/providers';
import { childPage, columnsOf, namedRef, toIsoRequired, withTotal, type PageQuery } from '../../db/paged';

export const medicineRepository = {
  page(db: Database, pharmacyId: number, query: PageQuery) {
    return childPage(db, { table: medicines, parent: medicines.pharmacy_id, parentId: pharmacyId }, query, {
      select: (total) =>
        db
          .select(
            withTotal(
              {
                ...columnsOf(medicines, 'id', 'pharmacy_id', 'name_ar', 'name_en', 'price', 'in_stock', 'created_at'),
                category: namedRef(pharmacyCategories, medicines.category_id),
              },
              total,
            ),
          )
          .from(medicines)
          .$dynamic(),
      present: (row) => ({ ...row, price: Number(row.price), created_at: toIsoRequired(row.created_at) }),
    });
  },
};
