import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { idParam, listQuery, nameFields, namedRef } from './fields';
import { providerStatusSchema } from './status-codes';

/** A medical institution's department or a medical center's clinic (hospital-department/…, medical-center-clinics/…). */
export const facilityUnit = z.object({
  id: z.number().int(),
  facility_id: z.number().int(),
  ...nameFields,
  speciality: namedRef.nullable(),
  doctors_count: z.number().int(),
  created_at: z.string(),
});
export type FacilityUnit = z.infer<typeof facilityUnit>;

/** A doctor working in a unit (hospital-doctors/…, medical-center-doctors/…). */
export const unitDoctor = z.object({
  id: z.number().int(),
  ...nameFields,
  email: z.string(),
  phone: z.string().nullable(),
  speciality: namedRef.nullable(),
  status: providerStatusSchema,
  is_active: z.boolean(),
});
export type UnitDoctor = z.infer<typeof unitDoctor>;

export const facilityUnitListQuery = listQuery(10);
export const facilityUnitListResponse = envelope(paginator(facilityUnit));
export const unitDoctorListQuery = listQuery(10);
export const unitDoctorListResponse = envelope(paginator(unitDoctor));
export const unitDoctorParams = z.object({ facilityId: idParam, unitId: idParam });
/** The unit with its facility, for titles and breadcrumbs. */
export const facilityUnitResponse = envelope(facilityUnit.omit({ doctors_count: true }));

export const facilityUnitPaths = {
  list: (facilityId: number | string) => `/api/admin/providers/units/${facilityId}`,
  show: (facilityId: number | string, unitId: number | string) => `/api/admin/providers/units/${facilityId}/${unitId}`,
  doctors: (facilityId: number | string, unitId: number | string) => `/api/admin/providers/units/${facilityId}/${unitId}/doctors`,
};
