import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { pharmacyCategories } from '../../db/schema/catalogs';
import { medicines } from '../../db/schema/providers';
import { createNamedCatalogRepository } from '../named-catalog/named-catalog-repository';

/** Medicines filed under the category (index medicines_category_idx). */
const usage = (db: Database, id: number) =>
  db.select({ total: count() }).from(medicines).where(eq(medicines.category_id, id)).then((rows) => rows[0]?.total ?? 0);

export const pharmacyCategoryRepository = createNamedCatalogRepository(pharmacyCategories, usage);
