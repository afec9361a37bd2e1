import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@sehha/contract/envelope';
import { facilityUnitPaths, type FacilityUnit, type UnitDoctor } from '@sehha/contract/facility-units';
import type { Column } from '../table/data-table';
import { apiRequest } from '../../lib/api-client';
import { useLanguage } from '../../lib/use-language';
import { formatNumber } from '../../lib/format';
import { ProviderChildList } from './provider-child-list';
import { StatusBadge } from './review-status';
import { localName } from '../../lib/local-name';
import { paths } from '../../config/paths';

/** Hospitals have departments, medical centers have clinics: the same "unit" of a facility. */
const facilities = {
  hospitals: {
    unitsHref: paths.hospitalDepartments.getHref,
    doctorsHref: paths.hospitalDoctors.getHref,
    unitsScreen: 'screens:hospitalDepartments',
    doctorsScreen: 'screens:hospitalDoctors',
    unitLabel: 'units.department',
    fetchErrorKey: 'providers:units.departmentsFetchError',
    emptyKey: 'units.departmentsEmpty',
    searchKey: 'units.departmentsSearch',
  },
  'medical-centers': {
    unitsHref: paths.medicalCenterClinics.getHref,
    doctorsHref: paths.medicalCenterDoctors.getHref,
    unitsScreen: 'screens:medicalCenterClinics',
    doctorsScreen: 'screens:medicalCenterDoctors',
    unitLabel: 'units.clinic',
    fetchErrorKey: 'providers:units.clinicsFetchError',
    emptyKey: 'units.clinicsEmpty',
    searchKey: 'units.clinicsSearch',
  },
} as const;

type FacilitySlug = keyof typeof facilities;

/** hospital-department/{hospitalId} and medical-center-clinics/{medicalCenterId}. */
export function FacilityUnitsList({ slug, param }: { slug: FacilitySlug; param: string }) {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  const facilityId = useParams()[param];
  const facility = facilities[slug];
  const columns: Column<FacilityUnit>[] = [
    { id: 'name', header: t(facility.unitLabel), cell: (u) => <span className="font-medium">{localName(u, lng)}</span> },
    { id: 'speciality', header: t('units.speciality'), cell: (u) => (u.speciality ? localName(u.speciality, lng) : t('noValue')) },
    { id: 'doctors', header: t('units.doctors'), className: 'text-center', cell: (u) => formatNumber(u.doctors_count, lng) },
    {
      id: 'actions',
      header: t('columns.actions'),
      cell: (u) => (
        <Link
          to={facility.doctorsHref(lng, u.facility_id, u.id)}
          className="btn-link"
          aria-label={t('linkRow', { action: t('units.viewDoctors'), name: localName(u, lng) })}
        >
          {t('units.viewDoctors')}
        </Link>
      ),
    },
  ];
  return (
    <ProviderChildList
      slug={slug}
      providerId={facilityId}
      title={t(facility.unitsScreen)}
      resourceKey="facility-units"
      path={facilityUnitPaths.list}
      columns={columns}
      fetchErrorKey={facility.fetchErrorKey}
      emptyKey={facility.emptyKey}
      searchPlaceholderKey={facility.searchKey}
    />
  );
}

/** hospital-doctors/{hospitalId}/{departmentId} and medical-center-doctors/{medicalCenterId}/{clinicId}. */
export function UnitDoctorsList({ slug, facilityParam, unitParam }: { slug: FacilitySlug; facilityParam: string; unitParam: string }) {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  const params = useParams();
  const facilityId = params[facilityParam] ?? '';
  const unitId = Number(params[unitParam]);
  const facility = facilities[slug];
  const unit = useQuery({
    queryKey: ['facility-units', 'show', facilityId, unitId],
    queryFn: ({ signal }) =>
      apiRequest<Envelope<Omit<FacilityUnit, 'doctors_count'>>>(facilityUnitPaths.show(facilityId, unitId), { signal }).then(
        (body) => body.data,
      ),
    enabled: Number.isInteger(unitId) && unitId > 0,
  });
  const columns: Column<UnitDoctor>[] = [
    { id: 'name', header: t('columns.name'), cell: (d) => <span className="font-medium">{localName(d, lng)}</span> },
    { id: 'speciality', header: t('units.speciality'), cell: (d) => (d.speciality ? localName(d.speciality, lng) : t('noValue')) },
    { id: 'email', header: t('columns.email'), cell: (d) => <span dir="ltr">{d.email}</span> },
    { id: 'phone', header: t('columns.phone'), cell: (d) => <span dir="ltr">{d.phone ?? t('noValue')}</span> },
    { id: 'status', header: t('columns.status'), cell: (d) => <StatusBadge status={d.status} /> },
  ];
  return (
    <ProviderChildList
      slug={slug}
      providerId={facilityId}
      title={t(facility.doctorsScreen)}
      subtitle={unit.data ? localName(unit.data, lng) : undefined}
      middleCrumbs={[{ label: t(facility.unitsScreen), to: facility.unitsHref(lng, facilityId) }]}
      resourceKey="unit-doctors"
      path={(id) => facilityUnitPaths.doctors(id, Number.isInteger(unitId) && unitId > 0 ? unitId : 0)}
      columns={columns}
      fetchErrorKey="providers:units.doctorsFetchError"
      emptyKey="units.doctorsEmpty"
      searchPlaceholderKey="units.doctorsSearch"
    />
  );
}
