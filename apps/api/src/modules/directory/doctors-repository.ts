import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { cachedRows } from '../../db/page-cache';
import { matchesSearch } from '../../db/search';
import { namedRef } from '../../db/sql';
import { specialities } from '../../db/schema/catalogs';
import { cities } from '../../db/schema/locations';
import { facilityUnitDoctors, facilityUnits, licenses, providers } from '../../db/schema/providers';

export type DirectoryDoctorFilter = {
  speciality_id?: number | undefined;
  city_id?: number | undefined;
  search?: string | undefined;
  sort: 'name';
};

/**
 * A doctor the public may see: approved, account active (account_active mirrors the account's is_active by
 * trigger), holding an approved license that expires on `day` or later. `day` is a parameter, not
 * current_date, so the page cache keeps a page until the day changes (see licenses/repository.ts).
 */
const visible = (doctor: typeof providers, day: string) =>
  and(
    eq(doctor.kind, 'doctor'),
    eq(doctor.status, 'approved'),
    eq(doctor.account_active, true),
    sql`exists (select 1 from ${licenses} where ${licenses.provider_id} = ${doctor.id} and ${licenses.status} = 'approved' and ${licenses.expires_on} >= ${day}::date)`,
  )!;

const columns = {
  id: providers.id,
  name_ar: providers.name_ar,
  name_en: providers.name_en,
  speciality: namedRef(specialities, providers.speciality_id),
  city: namedRef(cities, providers.city_id),
};

/** The facility a doctor's unit belongs to, under another name than the doctor's own providers row. */
const facility = alias(providers, 'facility');

export const directoryDoctorsRepository = {
  /**
   * A page by English name (id breaks ties: a stable order), read with one row more than the page so that
   * "more results" needs no count. Kept by the page cache under the whole query and the day.
   */
  page(db: Database, day: string, query: DirectoryDoctorFilter & { page: number; perPage: number }) {
    const where: SQL = and(
      visible(providers, day),
      query.speciality_id === undefined ? undefined : eq(providers.speciality_id, query.speciality_id),
      query.city_id === undefined ? undefined : eq(providers.city_id, query.city_id),
      matchesSearch(providers.search, query.search),
    )!;
    return cachedRows(db, ['directory_doctors', query, day], () =>
      db
        .select(columns)
        .from(providers)
        .where(where)
        .orderBy(asc(providers.name_en), asc(providers.id))
        .limit(query.perPage + 1)
        .offset((query.page - 1) * query.perPage),
    );
  },

  /** One visible doctor's profile, or undefined. */
  find: (db: Database, day: string, id: number) =>
    cachedRows(db, ['directory_doctor', id, day], () =>
      db
        .select({ ...columns, address: providers.address })
        .from(providers)
        .where(and(eq(providers.id, id), visible(providers, day))),
    ).then((rows) => rows[0]),

  /** The approved, active facilities the doctor works in, with the department or clinic, by facility name. */
  facilities: (db: Database, doctorId: number) =>
    cachedRows(db, ['directory_doctor_facilities', doctorId], () =>
      db
        .select({
          id: facility.id,
          name_ar: facility.name_ar,
          name_en: facility.name_en,
          kind: facility.kind,
          unit: { id: facilityUnits.id, name_ar: facilityUnits.name_ar, name_en: facilityUnits.name_en },
        })
        .from(facilityUnitDoctors)
        .innerJoin(facilityUnits, eq(facilityUnits.id, facilityUnitDoctors.unit_id))
        .innerJoin(facility, eq(facility.id, facilityUnits.facility_id))
        .where(and(eq(facilityUnitDoctors.doctor_id, doctorId), eq(facility.status, 'approved'), eq(facility.account_active, true)))
        .orderBy(asc(facility.name_en), asc(facility.id), asc(facilityUnits.id)),
    ),
};
