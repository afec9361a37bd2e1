import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { cachedRows } from '../../db/page-cache';
import { matchesSearch } from '../../db/search';
import { namedRef, qualified as q } from '../../db/sql';
import { specialities } from '../../db/schema/catalogs';
import { cities, states } from '../../db/schema/locations';
import { facilityUnitDoctors, facilityUnits, providers } from '../../db/schema/providers';
import { fromMatches, newestMatches } from './searched-newest';
import { listOrder, visible } from './visibility';

export type DirectoryDoctorFilter = {
  speciality_id?: number | undefined;
  city_id?: number | undefined;
  search?: string | undefined;
  sort?: 'name' | 'fee' | 'newest' | undefined;
};

/** A doctor as a list shows it, from `doctor` (the providers table or an alias of it). */
export const doctorColumns = <
  D extends Pick<typeof providers, 'id' | 'name_ar' | 'name_en' | 'consultation_fee' | 'photo'> &
    Record<'speciality_id' | 'city_id', AnyPgColumn>,
>(
  doctor: D,
) => ({
  id: doctor.id,
  name_ar: doctor.name_ar,
  name_en: doctor.name_en,
  speciality: namedRef(specialities, doctor.speciality_id),
  city: namedRef(cities, doctor.city_id),
  consultation_fee: doctor.consultation_fee,
  photo: doctor.photo,
});

type DoctorFacility = {
  id: number;
  name_ar: string;
  name_en: string;
  kind: string;
  unit: { id: number; name_ar: string; name_en: string };
};

/** The facility a doctor's unit belongs to, under another name than the doctor's own providers row. */
const facility = alias(providers, 'facility');

/**
 * By English name, or by fee (lowest first, no fee last: the partial index providers_listed_fee_idx walks it);
 * id breaks ties, so the order is stable.
 */
const orders: Record<NonNullable<DirectoryDoctorFilter['sort']>, SQL[]> = {
  name: [asc(providers.name_en), asc(providers.id)],
  fee: [sql`${providers.consultation_fee} asc nulls last`, asc(providers.id)],
  newest: [desc(providers.id)],
};

export const directoryDoctorsRepository = {
  /**
   * A page read with one row more than the page so that "more results" needs no count. Kept by the page
   * cache under the whole query and the day.
   */
  page(db: Database, day: string, query: DirectoryDoctorFilter & { page: number; perPage: number }) {
    const listed: SQL = and(
      visible(providers, 'doctor', day),
      query.speciality_id === undefined ? undefined : eq(providers.speciality_id, query.speciality_id),
      query.city_id === undefined ? undefined : eq(providers.city_id, query.city_id),
    )!;
    const term = query.search?.trim();
    const limit = query.perPage + 1;
    const offset = (query.page - 1) * query.perPage;
    if (term && listOrder(query) === 'newest' && trigrams.test(term)) {
      // Named: the statement's plan is the same for every term (newestMatches), so PostgreSQL keeps one.
      return cachedRows(db, ['directory_doctors', query, day], () => searchedNewest(db, listed, term, limit, offset), { prepared: true });
    }
    return cachedRows(db, ['directory_doctors', query, day], () =>
      db
        .select(doctorColumns(providers))
        .from(providers)
        .where(and(listed, matchesSearch(providers.search, term)))
        .orderBy(...orders[listOrder(query)])
        .limit(limit)
        .offset(offset),
    );
  },

  /**
   * One visible doctor's profile with the visible facilities they work in (the department or clinic, by facility
   * name), or undefined: one statement, so a profile costs one round trip like a page, and one plan per connection.
   */
  find: (db: Database, day: string, id: number) =>
    cachedRows(
      db,
      ['directory_doctor', id, day],
      () =>
        db
          .select({
            ...doctorColumns(providers),
            state: namedRef(states, providers.state_id),
            address: providers.address,
            facilities: sql<
              DoctorFacility[]
            >`(select coalesce(json_agg(json_build_object('id', ${q(facility.id)}, 'name_ar', ${q(facility.name_ar)},
            'name_en', ${q(facility.name_en)}, 'kind', ${q(facility.kind)}, 'unit', json_build_object('id', ${q(facilityUnits.id)},
            'name_ar', ${q(facilityUnits.name_ar)}, 'name_en', ${q(facilityUnits.name_en)}))
            order by ${q(facility.name_en)}, ${q(facility.id)}, ${q(facilityUnits.id)}), '[]'::json)
            from ${facilityUnitDoctors}
            join ${facilityUnits} on ${q(facilityUnits.id)} = ${q(facilityUnitDoctors.unit_id)}
            join ${providers} as ${sql.identifier('facility')} on ${q(facility.id)} = ${q(facilityUnits.facility_id)}
            where ${q(facilityUnitDoctors.doctor_id)} = ${q(providers.id)} and ${visible(facility, ['hospital', 'medical_center'], day)})`,
          })
          .from(providers)
          .where(and(eq(providers.id, id), visible(providers, 'doctor', day))),
      // Named: a profile by id has one best plan whatever the id, planned once per connection (page-cache.ts).
      { prepared: true },
    ).then((rows) => rows[0]),
};

/**
 * A term with three letters or digits in a row, which the trigram index can look up. Without them ("ab", "د.")
 * the index would be read whole for `newestMatches`' sorted branch (22 ms for "ab" against 7 ms): such a term
 * keeps the plain statement, planned for its term each time.
 */
const trigrams = /[\p{L}\p{N}]{3}/u;

/**
 * The doctors' search, newest first (newestMatches): a common name ("احمد", "mona": 1 doctor in 5) fills the page
 * within ten times its rows; a rarer one is read from the doctors' trigram index and sorted.
 */
function searchedNewest(db: Database, listed: SQL, term: string, limit: number, offset: number) {
  const { id, name_ar, name_en, speciality_id, city_id, consultation_fee, photo } = providers;
  return db
    .select({
      ...doctorColumns(providers),
      id: fromMatches<number>(id),
      name_ar: fromMatches<string>(name_ar),
      name_en: fromMatches<string>(name_en),
      consultation_fee: fromMatches<number | null>(consultation_fee),
      photo: fromMatches<string | null>(photo),
    })
    .from(
      newestMatches({
        listed,
        term,
        needed: offset + limit,
        walk: 10,
        fields: [id, name_ar, name_en, speciality_id, city_id, consultation_fee, photo],
      }),
    )
    .orderBy(desc(providers.id))
    .limit(limit)
    .offset(offset);
}
