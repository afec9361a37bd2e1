import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { specialities } from '../../db/schema/catalogs';
import { facilityUnitDoctors, facilityUnits, providers } from '../../db/schema/providers';
import { childPage, selectPage, type PageQuery } from '../../db/paging';
import { matchesSearch } from '../../db/search';
import { namedRef, qualified } from '../../db/sql';
import { toIsoRequired } from '../../db/dates';
import { withTotal } from '../../db/totals';

const unitColumns = {
  id: facilityUnits.id,
  facility_id: facilityUnits.facility_id,
  name_ar: facilityUnits.name_ar,
  name_en: facilityUnits.name_en,
  created_at: facilityUnits.created_at,
  speciality: namedRef(specialities, facilityUnits.speciality_id),
};

const presentUnit = <T extends { created_at: string }>(row: T) => ({ ...row, created_at: toIsoRequired(row.created_at) });

export const facilityUnitRepository = {
  /** A facility's departments or clinics, each with its number of doctors (a correlated count, same query). */
  page(db: Database, facilityId: number, query: PageQuery) {
    const doctorsCount =
      sql<number>`(select count(*) from ${facilityUnitDoctors} where ${qualified(facilityUnitDoctors.unit_id)} = ${qualified(facilityUnits.id)})`.mapWith(
        Number,
      );
    return childPage(db, { table: facilityUnits, parent: facilityUnits.facility_id, parentId: facilityId }, query, {
      select: (total) =>
        db
          .select(withTotal({ ...unitColumns, doctors_count: doctorsCount }, total))
          .from(facilityUnits)
          .$dynamic(),
      present: presentUnit,
    });
  },

  find(db: Database, facilityId: number, unitId: number) {
    return db
      .select(unitColumns)
      .from(facilityUnits)
      .where(and(eq(facilityUnits.id, unitId), eq(facilityUnits.facility_id, facilityId)))
      .then((rows) => (rows[0] ? presentUnit(rows[0]) : undefined));
  },

  /** The doctors of one unit, searchable by name, address, email or phone. */
  doctors(db: Database, unitId: number, query: PageQuery) {
    const term = query.search?.trim();
    const where = and(
      eq(facilityUnitDoctors.unit_id, unitId),
      term ? or(matchesSearch(providers.search, term), matchesSearch(users.search, term)) : undefined,
    );
    const total = db
      .select({ total: count() })
      .from(facilityUnitDoctors)
      .innerJoin(providers, eq(providers.id, facilityUnitDoctors.doctor_id))
      .innerJoin(users, eq(users.id, providers.user_id))
      .where(where);
    const rows = db
      .select(
        withTotal(
          {
            id: providers.id,
            name_ar: providers.name_ar,
            name_en: providers.name_en,
            email: users.email,
            phone: users.phone,
            status: providers.status,
            is_active: users.is_active,
            speciality: namedRef(specialities, providers.speciality_id),
          },
          total,
        ),
      )
      .from(facilityUnitDoctors)
      .innerJoin(providers, eq(providers.id, facilityUnitDoctors.doctor_id))
      .innerJoin(users, eq(users.id, providers.user_id))
      .where(where)
      .orderBy(asc(facilityUnitDoctors.id))
      .$dynamic();
    return selectPage(db, rows, query, {
      shape: ['facility_unit_doctors', query, unitId],
      present: (row) => row,
      total,
    });
  },
};
