import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bloodGroups } from '../../db/schema/catalogs';

export const bloodGroupRepository = {
  /** The active blood groups by English name: the public directory's list. */
  listActive(db: Database) {
    return db
      .select({ id: bloodGroups.id, name_ar: bloodGroups.name_ar, name_en: bloodGroups.name_en })
      .from(bloodGroups)
      .where(eq(bloodGroups.is_active, true))
      .orderBy(asc(bloodGroups.name_en), asc(bloodGroups.id));
  },
};
