import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/connection';
import { specialities } from '../../db/schema/catalogs';
import { facilityUnits, providers } from '../../db/schema/providers';
import { createNamedCatalogRepository } from '../named-catalog/named-catalog-repository';

/** Doctors (providers) plus hospital departments / medical-center clinics of the speciality, in one query. */
const usage = (db: Database, id: number) =>
  queryRows<{ total: number | string }>(
    db,
    sql`select (select count(*) from ${providers} where ${providers.speciality_id} = ${id})
             + (select count(*) from ${facilityUnits} where ${facilityUnits.speciality_id} = ${id}) as total`,
  ).then((rows) => Number(rows[0]?.total ?? 0));

export const specialityRepository = createNamedCatalogRepository(specialities, usage);
