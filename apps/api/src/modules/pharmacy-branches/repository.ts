import type { Database } from '../../db/database';
import { cities } from '../../db/schema/locations';
import { pharmacyBranches } from '../../db/schema/providers';
import { childPage, type PageQuery } from '../../db/paging';
import { columnsOf, namedRef } from '../../db/sql';
import { toIsoRequired } from '../../db/dates';
import { withTotal } from '../../db/totals';

export const pharmacyBranchRepository = {
  page(db: Database, pharmacyId: number, query: PageQuery) {
    return childPage(db, { table: pharmacyBranches, parent: pharmacyBranches.pharmacy_id, parentId: pharmacyId }, query, {
      select: (total) =>
        db
          .select(
            withTotal(
              {
                ...columnsOf(pharmacyBranches, 'id', 'pharmacy_id', 'name_ar', 'name_en', 'address', 'phone', 'is_active', 'created_at'),
                city: namedRef(cities, pharmacyBranches.city_id),
              },
              total,
            ),
          )
          .from(pharmacyBranches)
          .$dynamic(),
      present: (row) => ({ ...row, created_at: toIsoRequired(row.created_at) }),
    });
  },
};
