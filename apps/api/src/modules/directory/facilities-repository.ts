import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { cachedRows } from '../../db/page-cache';
import { matchesSearch } from '../../db/search';
import { namedRef } from '../../db/sql';
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

/** Pharmacies, hospitals and medical centers of the public directory: the doctors' rules (visibility.ts), by kind. */
export const directoryFacilitiesRepository = {
  /** A page by English name (id breaks ties) or newest first (listOrder), one row more than the page: "more results" without a count. */
  page(db: Database, kind: FacilityKind, day: string, query: DirectoryFacilityFilter & { page: number; perPage: number }) {
    const where: SQL = and(
      visible(providers, kind, day),
      query.city_id === undefined ? undefined : eq(providers.city_id, query.city_id),
      matchesSearch(providers.search, query.search),
    )!;
    return cachedRows(db, ['directory_facilities', query, kind, day], () =>
      db
        .select(columns)
        .from(providers)
        .where(where)
        .orderBy(...(listOrder(query) === 'newest' ? [desc(providers.id)] : [asc(providers.name_en), asc(providers.id)]))
        .limit(query.perPage + 1)
        .offset((query.page - 1) * query.perPage),
    );
  },

  /** One visible facility of `kind`, or undefined. */
  find: (db: Database, kind: FacilityKind, day: string, id: number) =>
    cachedRows(db, ['directory_facility', id, kind, day], () =>
      db
        .select({ ...columns, state: namedRef(states, providers.state_id), address: providers.address })
        .from(providers)
        .where(and(eq(providers.id, id), visible(providers, kind, day))),
    ).then((rows) => rows[0]),

  /** A pharmacy's open branches, by English name. */
  branches: (db: Database, pharmacyId: number) =>
    cachedRows(db, ['directory_branches', pharmacyId], () =>
      db
        .select({
          id: pharmacyBranches.id,
          name_ar: pharmacyBranches.name_ar,
          name_en: pharmacyBranches.name_en,
          address: pharmacyBranches.address,
          phone: pharmacyBranches.phone,
          city: namedRef(cities, pharmacyBranches.city_id),
        })
        .from(pharmacyBranches)
        .where(and(eq(pharmacyBranches.pharmacy_id, pharmacyId), eq(pharmacyBranches.is_active, true)))
        .orderBy(asc(pharmacyBranches.name_en), asc(pharmacyBranches.id)),
    ),

  /** A facility's departments or clinics by English name, each row a unit (doctor null) or a visible doctor in it. */
  units: (db: Database, day: string, facilityId: number) =>
    cachedRows(db, ['directory_units', facilityId, day], () =>
      db
        .select({
          id: facilityUnits.id,
          name_ar: facilityUnits.name_ar,
          name_en: facilityUnits.name_en,
          speciality: namedRef(specialities, facilityUnits.speciality_id),
          doctor: doctorColumns(doctor as unknown as typeof providers),
        })
        .from(facilityUnits)
        .leftJoin(facilityUnitDoctors, eq(facilityUnitDoctors.unit_id, facilityUnits.id))
        .leftJoin(doctor, and(eq(doctor.id, facilityUnitDoctors.doctor_id), visible(doctor, 'doctor', day)))
        .where(eq(facilityUnits.facility_id, facilityId))
        .orderBy(asc(facilityUnits.name_en), asc(facilityUnits.id), asc(doctor.name_en), asc(doctor.id)),
    ),
};
