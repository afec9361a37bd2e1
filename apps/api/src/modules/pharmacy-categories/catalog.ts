import { pharmacyCategoryCatalog } from '@sehha/contract/pharmacy-categories';
import { pharmacyCategories } from '../../db/schema/catalogs';
import { medicines } from '../../db/schema/providers';
import { defineCatalog } from '../catalog/define-catalog';
import { usedBy } from '../catalog/repository';

/** Pharmacy (medicine) categories: medicines are filed under one (index medicines_category_idx). */
export const pharmacyCategoryRoutes = defineCatalog({
  entity: 'pharmacy_category',
  tag: 'pharmacy categories',
  contract: pharmacyCategoryCatalog,
  table: pharmacyCategories,
  usage: usedBy({ count: [medicines.category_id] }),
});
