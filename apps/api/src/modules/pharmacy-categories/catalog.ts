import { pharmacyCategoryCatalog } from '@sehha/contract/pharmacy-categories';
import { pharmacyCategories } from '../../db/schema/catalogs';
import { medicines } from '../../db/schema/providers';
import { defineCatalog } from '../catalog/define-catalog';
import { column } from '../../http/export-route';
import { usedBy } from '../catalog/repository';

/** Pharmacy (medicine) categories: medicines are filed under one (index medicines_category_idx). */
export const pharmacyCategoryRoutes = defineCatalog({
  entity: 'pharmacy_category',
  tag: 'pharmacy categories',
  contract: pharmacyCategoryCatalog,
  export: {
    name: 'pharmacy-categories',
    columns: [column.field('id'), column.field('name_ar'), column.field('name_en'), column.field('created_at')],
  },
  table: pharmacyCategories,
  usage: usedBy({ count: [medicines.category_id] }),
});
