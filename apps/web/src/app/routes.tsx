import type { ComponentType } from 'react';
import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { fallbackLanguage, resolveLanguage } from '../lib/language';
import { loadLanguage } from '../i18n';
import { languageLoader } from './language-loader';
import { dashboardGuard } from './dashboard-guard';
import { RouteError } from './route-error';
import { NotFound } from './not-found';
import { Spinner } from '../components/feedback/spinner';
import type { RouteHandle } from '../lib/document-title';
import type { FieldValues } from 'react-hook-form';
import type { Resource } from '../components/resource/resource';

/** A lazy route whose module's default export is the screen: each screen is its own chunk. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

type Load<T extends { id: number }, In extends FieldValues, Out extends FieldValues> = () => Promise<Resource<T, In, Out>>;

/**
 * A declared resource's list screen (under the screen's `title`, or a screen of its own when the
 * list has no search box) or its add/edit form: the generic screen and the declaration, one chunk.
 */
const resourceList =
  <T extends { id: number }, In extends FieldValues, Out extends FieldValues>(load: Load<T, In, Out>, title?: string) =>
  async () => {
    const [resource, { ResourceList, ResourceListScreen }] = await Promise.all([load(), import('../components/resource/resource-list')]);
    return { Component: () => (title ? <ResourceListScreen resource={resource} title={title} /> : <ResourceList resource={resource} />) };
  };
const resourceForm =
  <T extends { id: number }, In extends FieldValues, Out extends FieldValues>(load: Load<T, In, Out>) =>
  async () => {
    const [resource, { ResourceFormPage }] = await Promise.all([load(), import('../components/resource/resource-form-page')]);
    return { Component: () => <ResourceFormPage resource={resource} /> };
  };

/** A lazy route whose screen is a named component given fixed props: one screen serving several routes. */
const configured =
  <P extends object>(load: () => Promise<ComponentType<P>>, props: P) =>
  async () => {
    const Screen = await load();
    return { Component: () => <Screen {...props} /> };
  };

/** The document title of a screen: its name in the `screens` namespace (see document-title.ts). */
const title = (screen: string): RouteHandle => ({ title: `screens:${screen}` });

/** A dashboard child whose screen is its module's default export: its path, its title (`screens:<name>`), its module. */
const page = (path: string, name: string, load: () => Promise<{ default: ComponentType }>): RouteObject => ({
  path,
  handle: title(name),
  lazy: screen(load),
});

/** A declared resource's form, and its list (under the screen title `screenTitle` when given): path, title, declaration. */
const form = <T extends { id: number }, In extends FieldValues, Out extends FieldValues>(
  path: string,
  name: string,
  load: Load<T, In, Out>,
): RouteObject => ({
  path,
  handle: title(name),
  lazy: resourceForm(load),
});
const list = <T extends { id: number }, In extends FieldValues, Out extends FieldValues>(
  path: string,
  name: string,
  screenTitle: string | undefined,
  load: Load<T, In, Out>,
): RouteObject => ({ path, handle: title(name), lazy: resourceList(load, screenTitle) });

/** The appointments screen of one kind of owner (doctor, medical center, hospital). */
const appointments = (owner: 'doctor' | 'medical-center' | 'hospital') =>
  configured(async () => (await import('../features/appointments/appointments-screen')).AppointmentsScreen, { owner });

/** Every dashboard screen but home: spec §2, fixed children then children with parameters. */
const screenChildren: RouteObject[] = [
  page('users', 'users', () => import('../features/users/users-page')),
  page('users/deactivated', 'deactivatedUsers', () => import('../features/users/deactivated-users-page')),
  page('doctors', 'doctors', () => import('../features/doctors/doctors-page')),
  page('company', 'companies', () => import('../features/companies/companies-page')),
  page('locations', 'locations', () => import('../features/locations/locations-page')),
  list('specialities', 'specialities', 'screens:specialities', async () => (await import('../resources/specialities')).specialities),
  list('categories', 'categories', 'screens:categories', async () => (await import('../resources/pharmacy-categories')).pharmacyCategories),
  page('prescription', 'prescriptions', () => import('../features/prescriptions/prescriptions-page')),
  form('addCountery', 'addCountry', async () => (await import('../resources/countries')).countries),
  form('addHomeAd', 'addHomeAd', async () => (await import('../resources/home-ads')).homeAds),
  form('addCategory', 'addCategory', async () => (await import('../resources/pharmacy-categories')).pharmacyCategories),
  form('addCity', 'addCity', async () => (await import('../resources/cities')).cities),
  form('addType', 'addType', async () => (await import('../resources/institution-types')).institutionTypes),
  form('addSpeciality', 'addSpeciality', async () => (await import('../resources/specialities')).specialities),
  form('addState', 'addState', async () => (await import('../resources/states')).states),
  page('pharmacies', 'pharmacies', () => import('../features/pharmacies/pharmacies-page')),
  list('home-ads', 'homeAds', undefined, async () => (await import('../resources/home-ads')).homeAds),
  page('requests', 'requests', () => import('../features/requests/requests-page')),
  page('medical-center', 'medicalCenters', () => import('../features/medical-centers/medical-centers-page')),
  page('hospitals', 'hospitals', () => import('../features/institutions/hospitals-page')),
  page('license', 'license', () => import('../features/licenses/license-page')),
  page('subscription', 'subscription', () => import('../features/subscription-plans/subscription-page')),
  page('audit-log', 'auditLog', () => import('../features/audit-log/audit-log-page')),
  page('admins', 'admins', () => import('../features/admins/admins-page')),
  page('security', 'security', () => import('../features/security/security-page')),
  page('sessions', 'sessions', () => import('../features/security/sessions-page')),
  page('user-subscription', 'userSubscription', () => import('../features/user-subscriptions/user-subscriptions-page')),
  {
    path: 'pharmacy/:PharmacyId',
    handle: title('pharmacyBranches'),
    lazy: configured(async () => (await import('../features/pharmacies/pharmacy-child-lists')).PharmacyBranchesPage, {}),
  },
  page('medical-center-clinics/:medicalCenterId', 'medicalCenterClinics', () => import('../features/medical-centers/clinics-page')),
  page('medical-center-ads/:medicalCenterId', 'medicalCenterAds', () => import('../features/medical-centers/medical-center-ads-page')),
  page('doctor-ads/:doctorId', 'doctorAds', () => import('../features/doctors/doctor-ads-page')),
  { path: 'doctor-appointment/:doctorId', handle: title('doctorAppointments'), lazy: appointments('doctor') },
  { path: 'medicalCenter-appointment/:doctorId', handle: title('medicalCenterAppointments'), lazy: appointments('medical-center') },
  { path: 'hospital-appointment/:doctorId', handle: title('hospitalAppointments'), lazy: appointments('hospital') },
  page('hospital-ads/:hospitalId', 'hospitalAds', () => import('../features/institutions/hospital-ads-page')),
  page('hospital-doctors/:hospitalId/:departmentId', 'hospitalDoctors', () => import('../features/institutions/department-doctors-page')),
  page(
    'medical-center-doctors/:medicalCenterId/:clinicId',
    'medicalCenterDoctors',
    () => import('../features/medical-centers/clinic-doctors-page'),
  ),
  page('hospital-department/:hospitalId', 'hospitalDepartments', () => import('../features/institutions/departments-page')),
  page('company-ads/:companyId', 'companyAds', () => import('../features/companies/company-ads-page')),
  {
    path: 'medicine/:pharmacyId',
    handle: title('medicines'),
    lazy: configured(async () => (await import('../features/pharmacies/pharmacy-child-lists')).MedicinesPage, {}),
  },
];

/** The screens' messages of the route's language (i18n/bundles/<lng>-screens.ts), in before any of them renders. */
async function screensMessages({ params }: LoaderFunctionArgs) {
  await loadLanguage(resolveLanguage(params.lng), 'screens');
  return null;
}

/**
 * Children of /{lng}/dashboard. Home, the first screen of every sign-in, needs only the shell's messages; every
 * other screen sits under a pathless route whose loader brings the screens' messages (again on a language switch,
 * whose `lng` it sees change), so home's first load does not carry them.
 */
export const dashboardChildren: RouteObject[] = [
  { index: true, element: <Navigate to="home" replace /> },
  page('home', 'home', () => import('../features/home/home-page')),
  { id: 'screens', loader: screensMessages, children: screenChildren },
  // Inside the shell: the admin is signed in, only the address is wrong.
  { path: '*', handle: title('notFound'), element: <NotFound /> },
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
          // The first screen most visits open: its own chunk, which the login page's HTML preloads beside the entry
          // (vite.config.ts), so no chunk waterfall before the form; the dashboard's first load does not carry it.
          page('login', 'login', () => import('../features/auth/login-page')),
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
