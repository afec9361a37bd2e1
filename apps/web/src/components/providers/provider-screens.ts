import type { ProviderKindSlug } from '@sehha/contract/providers';
import { paths, type FixedScreenName } from '../../config/paths';

/** A link from a provider's row to a screen under it. */
export type ProviderLink = {
  key: 'ads' | 'appointments' | 'branches' | 'medicines' | 'departments' | 'clinics';
  href: (lng: string, id: number) => string;
};

export type ProviderScreen = {
  /** The list's screen, for breadcrumbs back to it. */
  list: FixedScreenName;
  links: readonly ProviderLink[];
  /** Doctors show their number of appointments. */
  appointmentsColumn?: boolean | undefined;
};

/** Everything that differs between the five provider directories: the one list reads this (routes: config/paths.ts). */
export const providerScreens: Record<ProviderKindSlug, ProviderScreen> = {
  doctors: {
    list: 'doctors',
    appointmentsColumn: true,
    links: [
      { key: 'ads', href: paths.doctorAds.getHref },
      { key: 'appointments', href: paths.doctorAppointments.getHref },
    ],
  },
  pharmacies: {
    list: 'pharmacies',
    links: [
      { key: 'branches', href: paths.pharmacyBranches.getHref },
      { key: 'medicines', href: paths.medicines.getHref },
    ],
  },
  hospitals: {
    list: 'hospitals',
    links: [
      { key: 'ads', href: paths.hospitalAds.getHref },
      { key: 'appointments', href: paths.hospitalAppointments.getHref },
      { key: 'departments', href: paths.hospitalDepartments.getHref },
    ],
  },
  'medical-centers': {
    list: 'medicalCenters',
    links: [
      { key: 'ads', href: paths.medicalCenterAds.getHref },
      { key: 'appointments', href: paths.medicalCenterAppointments.getHref },
      { key: 'clinics', href: paths.medicalCenterClinics.getHref },
    ],
  },
  companies: {
    list: 'companies',
    links: [{ key: 'ads', href: paths.companyAds.getHref }],
  },
};
