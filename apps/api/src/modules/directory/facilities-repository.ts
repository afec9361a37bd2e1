import { and, asc, desc, eq, sql, SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { cachedRows } from '../../db/page-cache';
import { matchesSearch } from '../../db/search';
import { namedRef, qualified as q } from '../../db/sql';
import { specialities } from '../../db/schema/catalogs';
import { cities, states } from '../../db/schema/locations';
import { facilityUnitDoctors, facilityUnits, pharmacyBranches, providers } from '../../db/schema/providers';
import { doctorColumns } from './doctors-repository';
import { fromMatches, newestMatches } from './searched-newest';
import { listOrder, visible, type DirectoryKind } from './visibility';

export type FacilityKind = Exclude<DirectoryKind, 'doctor'>;
export type DirectoryFacilityFilter = { city_id?: number | undefined; search?: string | undefined; sort?: 'name' | 'newest' | undefined };

const columns = {
  id: providers.id,
  name_ar: providers.name_ar,
  name_en: providers.name_en,
  city: namedRef(cities, providers.city_id),
  photo: providers.photo,
};

/** A unit's doctor, under another name than the facility's own providers row. */
const doctor = alias(providers, 'doctor');

/**
 * A profile (by id) and the search (whose branch is picked as it runs) have one best plan whatever their
 * parameters: named statements, planned once per connection (page-cache.ts `prepared`).
 */
const prepared = true;

/** Pharmacies, hospitals and medical centers of the public directory: the doctors' rules (visibility.ts), by kind. */
export const directoryFacilitiesRepository = {
  /** A page by English name (id breaks ties) or newest first (listOrder), one row more than the page: "more results" without a count. */
  page(db: Database, kind: FacilityKind, day: string, query: DirectoryFacilityFilter & { page: number; perPage: number }) {
    const listed = and(visible(providers, kind, day), query.city_id === undefined ? undefined : eq(providers.city_id, query.city_id))!;
    const term = query.search?.trim();
    const limit = query.perPage + 1;
    const offset = (query.page - 1) * query.perPage;
    if (term && listOrder(query) === 'newest') {
      return cachedRows(db, ['directory_facilities', query, kind, day], () => searchedNewest(db, listed, term, limit, offset), {
        prepared,
      });
    }
    return cachedRows(db, ['directory_facilities', query, kind, day], () =>
      db
        .select(columns)
        .from(providers)
        .where(and(listed, matchesSearch(providers.search, term)))
        .orderBy(...(listOrder(query) === 'newest' ? [desc(providers.id)] : [asc(providers.name_en), asc(providers.id)]))
        .limit(limit)
        .offset(offset),
    );
  },

  /** One visible pharmacy with its open branches by English name, or undefined: one statement, as findWithUnits. */
  findWithBranches: (db: Database, day: string, id: number) =>
    cachedRows(
      db,
      ['directory_pharmacy', id, day],
      () =>
        db
          .select({ ...columns, state: namedRef(states, providers.state_id), address: providers.address, branches: branchesOf() })
          .from(providers)
          .where(and(eq(providers.id, id), visible(providers, 'pharmacy', day))),
      { prepared },
    ).then((rows) => rows[0]),

  /**
   * One visible hospital or medical center with its departments or clinics by English name, each with the
   * visible doctors in it by name, or undefined: one statement, as the doctor's profile (doctors-repository.ts),
   * where two (the facility, then a row per unit and doctor) cost two plans and two round trips.
   */
  findWithUnits: (db: Database, kind: 'hospital' | 'medical_center', day: string, id: number) =>
    cachedRows(
      db,
      ['directory_facility_units', id, kind, day],
      () =>
        db
          .select({ ...columns, state: namedRef(states, providers.state_id), address: providers.address, units: unitsOf(day) })
          .from(providers)
          .where(and(eq(providers.id, id), visible(providers, kind, day))),
      { prepared },
    ).then((rows) => rows[0]),
};

/** A facility kind's search, newest first (newestMatches): a word most of the kind's names hold fills the page within three times its rows. */
function searchedNewest(db: Database, listed: SQL, term: string, limit: number, offset: number) {
  const { id, name_ar, name_en, city_id, photo } = providers;
  return db
    .select({
      ...columns,
      id: fromMatches<number>(id),
      name_ar: fromMatches<string>(name_ar),
      name_en: fromMatches<string>(name_en),
      photo: fromMatches<string | null>(photo),
    })
    .from(newestMatches({ listed, term, needed: offset + limit, walk: 3, fields: [id, name_ar, name_en, city_id, photo] }))
    .orderBy(desc(providers.id))
    .limit(limit)
    .offset(offset);
}

type Named = { id: number; name_ar: string; name_en: string };
/** A unit as its profile's statement gives it: the doctors still carry their photo's key (the service signs it). */
type UnitRow = Named & {
  speciality: Named | null;
  doctors: Array<Named & { speciality: Named | null; city: Named | null; consultation_fee: number | null; photo: string | null }>;
};

/** json_build_object's arguments for `fields` (names are the code's own, never a request's). */
const json = (fields: Record<string, SQL | AnyPgColumn>) =>
  sql.join(
    Object.entries(fields).map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value instanceof SQL ? value : q(value)}`),
    sql`, `,
  );

type Branch = Named & { address: string | null; phone: string | null; city: Named | null };

/** The pharmacy's (the outer statement's providers row) open branches as JSON, by English name. */
const branchesOf = () => {
  const branch = json({
    id: pharmacyBranches.id,
    name_ar: pharmacyBranches.name_ar,
    name_en: pharmacyBranches.name_en,
    address: pharmacyBranches.address,
    phone: pharmacyBranches.phone,
    city: namedRef(cities, pharmacyBranches.city_id),
  });
  return sql<
    Branch[]
  >`(select coalesce(json_agg(json_build_object(${branch}) order by ${q(pharmacyBranches.name_en)}, ${q(pharmacyBranches.id)}), '[]'::json)
    from ${pharmacyBranches} where ${q(pharmacyBranches.pharmacy_id)} = ${q(providers.id)} and ${q(pharmacyBranches.is_active)})`;
};

/** The facility's (the outer statement's providers row) units as JSON, each with its visible doctors. */
function unitsOf(day: string) {
  const shown = doctorColumns(doctor as unknown as typeof providers);
  const doctors = sql`(select coalesce(json_agg(json_build_object(${json({ ...shown })}) order by ${q(doctor.name_en)}, ${q(doctor.id)}), '[]'::json)
    from ${facilityUnitDoctors} join ${providers} as ${sql.identifier('doctor')} on ${q(doctor.id)} = ${q(facilityUnitDoctors.doctor_id)}
    where ${q(facilityUnitDoctors.unit_id)} = ${q(facilityUnits.id)} and ${visible(doctor, 'doctor', day)})`;
  const unit = json({
    id: facilityUnits.id,
    name_ar: facilityUnits.name_ar,
    name_en: facilityUnits.name_en,
    speciality: namedRef(specialities, facilityUnits.speciality_id),
    doctors,
  });
  return sql<
    UnitRow[]
  >`(select coalesce(json_agg(json_build_object(${unit}) order by ${q(facilityUnits.name_en)}, ${q(facilityUnits.id)}), '[]'::json)
    from ${facilityUnits} where ${q(facilityUnits.facility_id)} = ${q(providers.id)})`;
}
