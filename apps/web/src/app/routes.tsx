import type { ComponentType } from 'react';
import { Navigate, redirect, type RouteObject } from 'react-router';
import { fallbackLanguage } from '../lib/language';
import { languageLoader } from './language-loader';
import { dashboardGuard } from './dashboard-guard';
import { RouteError } from './route-error';
import { Spinner } from '../components/feedback/spinner';
import type { RouteHandle } from '../lib/document-title';
import LoginPage from '../features/auth/login-page';

/** A lazy route whose module's default export is the screen: each screen is its own chunk. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/** The document title of a screen: its name in the `screens` namespace (see document-title.ts). */
const title = (screen: string): RouteHandle => ({ title: `screens:${screen}` });

/** Children of /{lng}/dashboard: spec §2, fixed children then children with parameters. */
export const dashboardChildren: RouteObject[] = [
  { index: true, element: <Navigate to="home" replace /> },
  { path: 'home', handle: title('home'), lazy: screen(() => import('../features/home/home-page')) },
  { path: 'users', handle: title('users'), lazy: screen(() => import('../features/users/users-page')) },
  { path: 'users/deactivated', handle: title('deactivatedUsers'), lazy: screen(() => import('../features/users/deactivated-users-page')) },
  { path: 'doctors', handle: title('doctors'), lazy: screen(() => import('../features/doctors/doctors-page')) },
  { path: 'company', handle: title('companies'), lazy: screen(() => import('../features/companies/companies-page')) },
  { path: 'locations', handle: title('locations'), lazy: screen(() => import('../features/locations/locations-page')) },
  { path: 'specialities', handle: title('specialities'), lazy: screen(() => import('../features/specialities/specialities-page')) },
  { path: 'categories', handle: title('categories'), lazy: screen(() => import('../features/pharmacies/categories-page')) },
  { path: 'prescription', handle: title('prescriptions'), lazy: screen(() => import('../features/prescriptions/prescriptions-page')) },
  { path: 'addCountery', handle: title('addCountry'), lazy: screen(() => import('../features/locations/add-country-page')) },
  { path: 'addHomeAd', handle: title('addHomeAd'), lazy: screen(() => import('../features/home-ads/add-home-ad-page')) },
  { path: 'addCategory', handle: title('addCategory'), lazy: screen(() => import('../features/pharmacies/add-category-page')) },
  { path: 'addCity', handle: title('addCity'), lazy: screen(() => import('../features/locations/add-city-page')) },
  { path: 'addType', handle: title('addType'), lazy: screen(() => import('../features/institutions/add-type-page')) },
  { path: 'addSpeciality', handle: title('addSpeciality'), lazy: screen(() => import('../features/specialities/add-speciality-page')) },
  { path: 'addState', handle: title('addState'), lazy: screen(() => import('../features/locations/add-state-page')) },
  { path: 'pharmacies', handle: title('pharmacies'), lazy: screen(() => import('../features/pharmacies/pharmacies-page')) },
  { path: 'home-ads', handle: title('homeAds'), lazy: screen(() => import('../features/home-ads/home-ads-page')) },
  { path: 'requests', handle: title('requests'), lazy: screen(() => import('../features/requests/requests-page')) },
  { path: 'medical-center', handle: title('medicalCenters'), lazy: screen(() => import('../features/medical-centers/medical-centers-page')) },
  { path: 'hospitals', handle: title('hospitals'), lazy: screen(() => import('../features/institutions/hospitals-page')) },
  { path: 'license', handle: title('license'), lazy: screen(() => import('../features/licenses/license-page')) },
  { path: 'subscription', handle: title('subscription'), lazy: screen(() => import('../features/plans/subscription-page')) },
  { path: 'audit-log', handle: title('auditLog'), lazy: screen(() => import('../features/audit-log/audit-log-page')) },
  { path: 'user-subscription', handle: title('userSubscription'), lazy: screen(() => import('../features/subscriptions/user-subscriptions-page')) },
  { path: 'pharmacy/:PharmacyId', handle: title('pharmacyBranches'), lazy: screen(() => import('../features/pharmacies/pharmacy-branches-page')) },
  { path: 'medical-center-clinics/:medicalCenterId', handle: title('medicalCenterClinics'), lazy: screen(() => import('../features/medical-centers/clinics-page')) },
  { path: 'medical-center-ads/:medicalCenterId', handle: title('medicalCenterAds'), lazy: screen(() => import('../features/medical-centers/medical-center-ads-page')) },
  { path: 'doctor-ads/:doctorId', handle: title('doctorAds'), lazy: screen(() => import('../features/doctors/doctor-ads-page')) },
  { path: 'doctor-appointment/:doctorId', handle: title('doctorAppointments'), lazy: screen(() => import('../features/appointments/doctor-appointments-page')) },
  { path: 'medicalCenter-appointment/:doctorId', handle: title('medicalCenterAppointments'), lazy: screen(() => import('../features/appointments/medical-center-appointments-page')) },
  { path: 'hospital-appointment/:doctorId', handle: title('hospitalAppointments'), lazy: screen(() => import('../features/appointments/hospital-appointments-page')) },
  { path: 'hospital-ads/:hospitalId', handle: title('hospitalAds'), lazy: screen(() => import('../features/institutions/hospital-ads-page')) },
  { path: 'hospital-doctors/:hospitalId/:departmentId', handle: title('hospitalDoctors'), lazy: screen(() => import('../features/institutions/department-doctors-page')) },
  { path: 'medical-center-doctors/:medicalCenterId/:clinicId', handle: title('medicalCenterDoctors'), lazy: screen(() => import('../features/medical-centers/clinic-doctors-page')) },
  { path: 'hospital-department/:hospitalId', handle: title('hospitalDepartments'), lazy: screen(() => import('../features/institutions/departments-page')) },
  { path: 'company-ads/:companyId', handle: title('companyAds'), lazy: screen(() => import('../features/companies/company-ads-page')) },
  { path: 'medicine/:pharmacyId', handle: title('medicines'), lazy: screen(() => import('../features/pharmacies/medicines-page')) },
];

const toLogin = () => redirect(`/${fallbackLanguage}/login`);
/** Routes that only redirect still render something, so no match is ever an empty page. */
const redirecting = <Spinner size="lg" className="min-h-screen" />;

/** Spec §2 route table. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner size="lg" className="min-h-screen" />,
    children: [
      { path: '/', loader: toLogin, element: redirecting },
      {
        path: '/:lng',
        loader: languageLoader,
        children: [
          { index: true, loader: ({ params }) => redirect(`/${params.lng}/login`), element: redirecting },
          // The first screen most visits open: in the entry chunk, so no spinner and no chunk waterfall before the form.
          { path: 'login', handle: title('login'), Component: LoginPage },
          {
            path: 'dashboard',
            loader: dashboardGuard,
            lazy: screen(() => import('./dashboard-layout')),
            children: dashboardChildren,
          },
        ],
      },
      { path: '*', loader: toLogin, element: redirecting },
    ],
  },
];
