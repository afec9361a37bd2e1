import type { Database } from '../../db/database';
import { pharmacyCategories } from '../../db/schema/catalogs';
import { medicines } from '../../db/schema/providers';
import { childPage, type PageQuery } from '../../db/paging';
import { columnsOf, namedRef } from '../../db/sql';
import { toIsoRequired } from '../../db/dates';
import { withTotal } from '../../db/totals';

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
