import type { ProviderKindSlug } from '@sehha/contract/providers';

/** A link from a provider's row to a screen under it (relative to /{lng}/dashboard). */
export type ProviderLink = {
  key: 'ads' | 'appointments' | 'branches' | 'medicines' | 'departments' | 'clinics';
  to: (id: number) => string;
};

export type ProviderScreen = {
  /** The list's route (relative to /{lng}/dashboard), for breadcrumbs back to it. */
  listRoute: string;
  links: readonly ProviderLink[];
  /** Doctors show their number of appointments. */
  appointmentsColumn?: boolean | undefined;
};

/** Everything that differs between the five provider directories: the one list reads this. */
export const providerScreens: Record<ProviderKindSlug, ProviderScreen> = {
  doctors: {
    listRoute: 'doctors',
    appointmentsColumn: true,
    links: [
      { key: 'ads', to: (id) => `doctor-ads/${id}` },
      { key: 'appointments', to: (id) => `doctor-appointment/${id}` },
    ],
  },
  pharmacies: {
    listRoute: 'pharmacies',
    links: [
      { key: 'branches', to: (id) => `pharmacy/${id}` },
      { key: 'medicines', to: (id) => `medicine/${id}` },
    ],
  },
  hospitals: {
    listRoute: 'hospitals',
    links: [
      { key: 'ads', to: (id) => `hospital-ads/${id}` },
      { key: 'appointments', to: (id) => `hospital-appointment/${id}` },
      { key: 'departments', to: (id) => `hospital-department/${id}` },
    ],
  },
  'medical-centers': {
    listRoute: 'medical-center',
    links: [
      { key: 'ads', to: (id) => `medical-center-ads/${id}` },
      { key: 'appointments', to: (id) => `medicalCenter-appointment/${id}` },
      { key: 'clinics', to: (id) => `medical-center-clinics/${id}` },
    ],
  },
  companies: {
    listRoute: 'company',
    links: [{ key: 'ads', to: (id) => `company-ads/${id}` }],
  },
};
