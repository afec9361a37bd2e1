import type { ComponentType } from 'react';
import { Navigate, redirect, type RouteObject } from 'react-router';
import { fallbackLanguage } from '../lib/language';
import { languageLoader } from './language-loader';
import { dashboardGuard } from './dashboard-guard';
import { RouteError } from './route-error';
import { Spinner } from '../components/feedback/spinner';

/** A lazy route whose module's default export is the screen: each screen is its own chunk. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/** Children of /{lng}/dashboard: spec §2, fixed children then children with parameters. */
export const dashboardChildren: RouteObject[] = [
  { index: true, element: <Navigate to="home" replace /> },
  { path: 'home', lazy: screen(() => import('../features/home/home-page')) },
  { path: 'users', lazy: screen(() => import('../features/users/users-page')) },
  { path: 'users/deactivated', lazy: screen(() => import('../features/users/deactivated-users-page')) },
  { path: 'doctors', lazy: screen(() => import('../features/doctors/doctors-page')) },
  { path: 'company', lazy: screen(() => import('../features/companies/companies-page')) },
  { path: 'locations', lazy: screen(() => import('../features/locations/locations-page')) },
  { path: 'specialities', lazy: screen(() => import('../features/specialities/specialities-page')) },
  { path: 'categories', lazy: screen(() => import('../features/pharmacies/categories-page')) },
  { path: 'prescription', lazy: screen(() => import('../features/prescriptions/prescriptions-page')) },
  { path: 'addCountery', lazy: screen(() => import('../features/locations/add-country-page')) },
  { path: 'addHomeAd', lazy: screen(() => import('../features/home-ads/add-home-ad-page')) },
  { path: 'addCategory', lazy: screen(() => import('../features/pharmacies/add-category-page')) },
  { path: 'addCity', lazy: screen(() => import('../features/locations/add-city-page')) },
  { path: 'addType', lazy: screen(() => import('../features/institutions/add-type-page')) },
  { path: 'addSpeciality', lazy: screen(() => import('../features/specialities/add-speciality-page')) },
  { path: 'addState', lazy: screen(() => import('../features/locations/add-state-page')) },
  { path: 'pharmacies', lazy: screen(() => import('../features/pharmacies/pharmacies-page')) },
  { path: 'home-ads', lazy: screen(() => import('../features/home-ads/home-ads-page')) },
  { path: 'requests', lazy: screen(() => import('../features/requests/requests-page')) },
  { path: 'medical-center', lazy: screen(() => import('../features/medical-centers/medical-centers-page')) },
  { path: 'hospitals', lazy: screen(() => import('../features/institutions/hospitals-page')) },
  { path: 'license', lazy: screen(() => import('../features/licenses/license-page')) },
  { path: 'subscription', lazy: screen(() => import('../features/plans/subscription-page')) },
  { path: 'user-subscription', lazy: screen(() => import('../features/subscriptions/user-subscriptions-page')) },
  { path: 'pharmacy/:PharmacyId', lazy: screen(() => import('../features/pharmacies/pharmacy-branches-page')) },
  { path: 'medical-center-clinics/:medicalCenterId', lazy: screen(() => import('../features/medical-centers/clinics-page')) },
  { path: 'medical-center-ads/:medicalCenterId', lazy: screen(() => import('../features/medical-centers/medical-center-ads-page')) },
  { path: 'doctor-ads/:doctorId', lazy: screen(() => import('../features/doctors/doctor-ads-page')) },
  { path: 'doctor-appointment/:doctorId', lazy: screen(() => import('../features/appointments/doctor-appointments-page')) },
  { path: 'medicalCenter-appointment/:doctorId', lazy: screen(() => import('../features/appointments/medical-center-appointments-page')) },
  { path: 'hospital-appointment/:doctorId', lazy: screen(() => import('../features/appointments/hospital-appointments-page')) },
  { path: 'hospital-ads/:hospitalId', lazy: screen(() => import('../features/institutions/hospital-ads-page')) },
  { path: 'hospital-doctors/:hospitalId/:departmentId', lazy: screen(() => import('../features/institutions/department-doctors-page')) },
  { path: 'medical-center-doctors/:medicalCenterId/:clinicId', lazy: screen(() => import('../features/medical-centers/clinic-doctors-page')) },
  { path: 'hospital-department/:hospitalId', lazy: screen(() => import('../features/institutions/departments-page')) },
  { path: 'company-ads/:companyId', lazy: screen(() => import('../features/companies/company-ads-page')) },
  { path: 'medicine/:pharmacyId', lazy: screen(() => import('../features/pharmacies/medicines-page')) },];

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
          { path: 'login', lazy: screen(() => import('../features/auth/login-page')) },
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
