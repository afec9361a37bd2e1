/**
 * The dashboard's route table, once (bulletproof-react's config/paths.ts): every screen under /{lng}/dashboard with
 * its route (spec §2, parameter names included) and its link builder. The router, the navigation, the provider
 * screens, the palette, the resource declarations and the e2e screen walk read it; app/routes.test.tsx fails when a
 * route is reachable but not here, or listed here but not routed. A screen's key is its name in the `screens`
 * namespace (its title).
 */

/** The record a route parameter holds (spec: `hospital-appointment/{doctorId}` holds a hospital's id). */
export type RouteRecord = 'doctor' | 'pharmacy' | 'hospital' | 'medicalCenter' | 'company' | 'department' | 'clinic';

type Query = Record<string, string | number>;

/** A route with its `:parameters` replaced, in order, by `values`. */
const fill = (path: string, values: readonly (number | string)[]) => {
  let index = 0;
  return path.replace(/:\w+/g, () => String(values[index++]));
};

const dashboardHref = (lng: string, route: string, query?: Query) => {
  const search = query ? new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString() : '';
  return `/${lng}/dashboard/${route}${search ? `?${search}` : ''}`;
};

/** A screen without parameters; its link may carry a query (`?tab=types`, `?search=…`). */
const fixed = (path: string) => ({ path, records: [] as const, getHref: (lng: string, query?: Query) => dashboardHref(lng, path, query) });

/** A screen whose route has parameters, each holding the id of a record of the kind named, in order. */
const withParams = <const R extends readonly RouteRecord[]>(path: string, ...records: R) => ({
  path,
  records,
  getHref: (lng: string, ...ids: { [K in keyof R]: number | string }) => dashboardHref(lng, fill(path, ids)),
});

export const paths = {
  home: fixed('home'),
  users: fixed('users'),
  deactivatedUsers: fixed('users/deactivated'),
  doctors: fixed('doctors'),
  companies: fixed('company'),
  locations: fixed('locations'),
  specialities: fixed('specialities'),
  categories: fixed('categories'),
  prescriptions: fixed('prescription'),
  addCountry: fixed('addCountery'),
  addHomeAd: fixed('addHomeAd'),
  addCategory: fixed('addCategory'),
  addCity: fixed('addCity'),
  addType: fixed('addType'),
  addSpeciality: fixed('addSpeciality'),
  addState: fixed('addState'),
  pharmacies: fixed('pharmacies'),
  homeAds: fixed('home-ads'),
  requests: fixed('requests'),
  medicalCenters: fixed('medical-center'),
  hospitals: fixed('hospitals'),
  license: fixed('license'),
  subscription: fixed('subscription'),
  userSubscription: fixed('user-subscription'),
  pharmacyBranches: withParams('pharmacy/:PharmacyId', 'pharmacy'),
  medicalCenterClinics: withParams('medical-center-clinics/:medicalCenterId', 'medicalCenter'),
  medicalCenterAds: withParams('medical-center-ads/:medicalCenterId', 'medicalCenter'),
  doctorAds: withParams('doctor-ads/:doctorId', 'doctor'),
  doctorAppointments: withParams('doctor-appointment/:doctorId', 'doctor'),
  medicalCenterAppointments: withParams('medicalCenter-appointment/:doctorId', 'medicalCenter'),
  hospitalAppointments: withParams('hospital-appointment/:doctorId', 'hospital'),
  hospitalAds: withParams('hospital-ads/:hospitalId', 'hospital'),
  hospitalDoctors: withParams('hospital-doctors/:hospitalId/:departmentId', 'hospital', 'department'),
  medicalCenterDoctors: withParams('medical-center-doctors/:medicalCenterId/:clinicId', 'medicalCenter', 'clinic'),
  hospitalDepartments: withParams('hospital-department/:hospitalId', 'hospital'),
  companyAds: withParams('company-ads/:companyId', 'company'),
  medicines: withParams('medicine/:pharmacyId', 'pharmacy'),
  // Beyond the specification: who changed what, admin accounts, the admin's own sign-in (issue 12).
  auditLog: fixed('audit-log'),
  dataRequests: fixed('data-requests'),
  // Who read health data (issue 28): super admins only.
  accessLog: fixed('data-access'),
  // The outbox: messages sent, waiting or failed, and a failed one sent again (issue 29).
  notifications: fixed('notifications'),
  admins: fixed('admins'),
  security: fixed('security'),
  sessions: fixed('sessions'),
  // One waiting record at a time, oldest first (issue 29).
  review: fixed('review'),
  // Every appointment and every online checkout of the platform, which the operations home's cards open (issue 29).
  appointments: fixed('appointments'),
  payments: fixed('payments'),
} as const;

export type ScreenName = keyof typeof paths;

/** Screens whose link needs no parameter (the navigation and the palette open only these). */
export type FixedScreenName = { [K in ScreenName]: (typeof paths)[K]['records'] extends readonly [] ? K : never }[ScreenName];

/** The login screen, outside the dashboard. */
export const loginHref = (lng: string) => `/${lng}/login`;

/** A screen's href with sample ids for its parameters, by the record each holds (tests, the e2e screen walk). */
export const sampleHref = (lng: string, screen: ScreenName, ids: Record<RouteRecord, number | string>): string => {
  const entry: { path: string; records: readonly RouteRecord[] } = paths[screen];
  return dashboardHref(
    lng,
    fill(
      entry.path,
      entry.records.map((record) => ids[record]),
    ),
  );
};
