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
 * `search` holds the folded term, as matchesSearch (db/search.ts) asks it, but as a filter its trigram index
 * cannot answer, so that the planner walks the kind's listed (kind, id) index newest first.
 */
const containsFolded = (term: string) => sql`strpos(${q(providers.search)}, sehha_fold(${term})) > 0`;

/** Pharmacies, hospitals and medical centers of the public directory: the doctors' rules (visibility.ts), by kind. */
export const directoryFacilitiesRepository = {
  /** A page by English name (id breaks ties) or newest first (listOrder), one row more than the page: "more results" without a count. */
  page(db: Database, kind: FacilityKind, day: string, query: DirectoryFacilityFilter & { page: number; perPage: number }) {
    const listed = and(visible(providers, kind, day), query.city_id === undefined ? undefined : eq(providers.city_id, query.city_id))!;
    const term = query.search?.trim();
    const limit = query.perPage + 1;
    const offset = (query.page - 1) * query.perPage;
    if (term && listOrder(query) === 'newest') {
      return cachedRows(db, ['directory_facilities', query, kind, day], () => searchedNewest(db, listed, term, limit, offset));
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
    cachedRows(db, ['directory_pharmacy', id, day], () =>
      db
        .select({ ...columns, state: namedRef(states, providers.state_id), address: providers.address, branches: branchesOf() })
        .from(providers)
        .where(and(eq(providers.id, id), visible(providers, 'pharmacy', day))),
    ).then((rows) => rows[0]),

  /**
   * One visible hospital or medical center with its departments or clinics by English name, each with the
   * visible doctors in it by name, or undefined: one statement, as the doctor's profile (doctors-repository.ts),
   * where two (the facility, then a row per unit and doctor) cost two plans and two round trips.
   */
  findWithUnits: (db: Database, kind: 'hospital' | 'medical_center', day: string, id: number) =>
    cachedRows(db, ['directory_facility_units', id, kind, day], () =>
      db
        .select({ ...columns, state: namedRef(states, providers.state_id), address: providers.address, units: unitsOf(day) })
        .from(providers)
        .where(and(eq(providers.id, id), visible(providers, kind, day))),
    ).then((rows) => rows[0]),
};

/**
 * A facility kind's search, newest first, in one statement. The kind's trigram index finds a rare term's few
 * matches, which are sorted; but for a word most of the kind's names hold ("pharmacy" among pharmacies) it
 * gave every listed row of the kind to fetch and sort, as the planner expects few matches (docs/performance/api.md).
 * So the kind's newest listed rows are walked first, three times as many as the page needs (`walked`, which
 * stops as soon as it holds the page's rows): a common term fills the page there. Only when it does not are the
 * trigram index's matches read and sorted (`matched`); the database reads only the branch whose one-time
 * condition holds. The union is read under the table's own name, so that the list's columns select from it.
 */
function searchedNewest(db: Database, listed: SQL, term: string, limit: number, offset: number) {
  const needed = offset + limit;
  const fields = sql`${q(providers.id)}, ${q(providers.name_ar)}, ${q(providers.name_en)}, ${q(providers.city_id)}, ${q(providers.photo)}`;
  const { search, licensed_until } = providers;
  const newest = sql`select ${fields}, ${q(search)}, ${q(licensed_until)} from ${providers} where ${listed}
    order by ${q(providers.id)} desc limit ${needed * 3}`;
  const found = sql`(select count(*) from walked) >= ${needed}`;
  const union = sql`with walked as materialized (select ${fields} from (${newest}) as ${providers} where ${containsFolded(term)} limit ${needed}),
    matched as materialized (select ${fields} from ${providers} where ${listed} and ${matchesSearch(search, term)})
    (select * from walked where ${found}) union all (select * from matched where not ${found})`;
  // The list's columns as SQL, decoded as the columns (ids are int8): Drizzle refuses a column of a table that the statement's FROM does not name.
  const read = <T>(column: AnyPgColumn) => sql`${q(column)}`.mapWith((value: unknown) => column.mapFromDriverValue(value) as T);
  return db
    .select({
      ...columns,
      id: read<number>(providers.id),
      name_ar: read<string>(providers.name_ar),
      name_en: read<string>(providers.name_en),
      photo: read<string | null>(providers.photo),
    })
    .from(sql`(${union}) as ${providers}`)
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
