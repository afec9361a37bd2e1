import type { ComponentType } from 'react';
import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { fallbackLanguage, resolveLanguage } from '../lib/language';
import { loadLanguage } from '../i18n';
import { languageLoader } from './language-loader';
import { dashboardGuard } from './dashboard-guard';
import { RouteError } from './route-error';
import { NotFound } from './not-found';
import { Spinner } from '../components/feedback/spinner';
import { ShellSkeleton } from '../components/layout/shell-skeleton';
import type { RouteHandle } from '../lib/document-title';
import type { FieldValues } from 'react-hook-form';
import type { Resource } from '../components/resource/resource';
import { paths, type ScreenName } from '../config/paths';

/** A lazy route whose module's default export is the screen: each screen is its own chunk. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

type Load<T extends { id: number }, In extends FieldValues, Out extends FieldValues> = () => Promise<Resource<T, In, Out>>;

/**
 * A declared resource's list screen (under the screen's `title`, or a screen of its own when the list has no search
 * box): the generic list and the declaration. Its add/edit form: the declaration, its form (`Resource.form`, a module
 * of its own that the list never loads) and the generic form page.
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
    const [[resource, form], { ResourceFormPage }] = await Promise.all([
      load().then(async (declared) => [declared, await declared.form()] as const),
      import('../components/resource/resource-form-page'),
    ]);
    return { Component: () => <ResourceFormPage resource={resource} form={form} /> };
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

/** A dashboard screen whose component is its module's default export: its route from the table, its title `screens:<name>`. */
const page = (name: ScreenName, load: () => Promise<{ default: ComponentType }>): RouteObject => ({
  path: paths[name].path,
  handle: title(name),
  lazy: screen(load),
});

/** A dashboard screen whose component is given fixed props (one screen serving several routes). */
const configuredPage = <P extends object>(name: ScreenName, load: () => Promise<ComponentType<P>>, props: P): RouteObject => ({
  path: paths[name].path,
  handle: title(name),
  lazy: configured(load, props),
});

/** A declared resource's form, and its list (under the screen title `screenTitle` when given). */
const form = <T extends { id: number }, In extends FieldValues, Out extends FieldValues>(
  name: ScreenName,
  load: Load<T, In, Out>,
): RouteObject => ({
  path: paths[name].path,
  handle: title(name),
  lazy: resourceForm(load),
});
const list = <T extends { id: number }, In extends FieldValues, Out extends FieldValues>(
  name: ScreenName,
  screenTitle: string | undefined,
  load: Load<T, In, Out>,
): RouteObject => ({ path: paths[name].path, handle: title(name), lazy: resourceList(load, screenTitle) });

/** The appointments screen of one kind of owner (doctor, medical center, hospital). */
const appointments = (name: ScreenName, owner: 'doctor' | 'medical-center' | 'hospital') =>
  configuredPage(name, async () => (await import('../features/appointments/appointments-screen')).AppointmentsScreen, { owner });

/** Every dashboard screen but home (config/paths.ts holds their routes). */
const screenChildren: RouteObject[] = [
  page('users', () => import('../features/users/users-page')),
  page('deactivatedUsers', () => import('../features/users/deactivated-users-page')),
  page('doctors', () => import('../features/doctors/doctors-page')),
  page('companies', () => import('../features/companies/companies-page')),
  page('locations', () => import('../features/locations/locations-page')),
  list('specialities', 'screens:specialities', async () => (await import('../resources/specialities')).specialities),
  list('categories', 'screens:categories', async () => (await import('../resources/pharmacy-categories')).pharmacyCategories),
  page('prescriptions', () => import('../features/prescriptions/prescriptions-page')),
  form('addCountry', async () => (await import('../resources/countries')).countries),
  form('addHomeAd', async () => (await import('../resources/home-ads')).homeAds),
  form('addCategory', async () => (await import('../resources/pharmacy-categories')).pharmacyCategories),
  form('addCity', async () => (await import('../resources/cities')).cities),
  form('addType', async () => (await import('../resources/institution-types')).institutionTypes),
  form('addSpeciality', async () => (await import('../resources/specialities')).specialities),
  form('addState', async () => (await import('../resources/states')).states),
  page('pharmacies', () => import('../features/pharmacies/pharmacies-page')),
  list('homeAds', undefined, async () => (await import('../resources/home-ads')).homeAds),
  page('requests', () => import('../features/change-requests/requests-page')),
  page('medicalCenters', () => import('../features/medical-centers/medical-centers-page')),
  page('hospitals', () => import('../features/institutions/hospitals-page')),
  page('license', () => import('../features/licenses/license-page')),
  page('subscription', () => import('../features/subscription-plans/subscription-page')),
  page('auditLog', () => import('../features/audit-logs/audit-log-page')),
  page('review', () => import('../features/review-queue/review-page')),
  page('dataRequests', () => import('../features/data-requests/data-requests-page')),
  page('accessLog', () => import('../features/access-logs/access-log-page')),
  page('notifications', () => import('../features/notifications/notifications-page')),
  page('admins', () => import('../features/admins/admins-page')),
  page('security', () => import('../features/security/security-page')),
  page('sessions', () => import('../features/security/sessions-page')),
  page('userSubscription', () => import('../features/user-subscriptions/user-subscriptions-page')),
  page('appointments', () => import('../features/appointments/all-appointments-page')),
  page('payments', () => import('../features/payments/payments-page')),
  configuredPage('pharmacyBranches', async () => (await import('../features/pharmacies/pharmacy-child-lists')).PharmacyBranchesPage, {}),
  page('medicalCenterClinics', () => import('../features/medical-centers/clinics-page')),
  page('medicalCenterAds', () => import('../features/medical-centers/medical-center-ads-page')),
  page('doctorAds', () => import('../features/doctors/doctor-ads-page')),
  appointments('doctorAppointments', 'doctor'),
  appointments('medicalCenterAppointments', 'medical-center'),
  appointments('hospitalAppointments', 'hospital'),
  page('hospitalAds', () => import('../features/institutions/hospital-ads-page')),
  page('hospitalDoctors', () => import('../features/institutions/department-doctors-page')),
  page('medicalCenterDoctors', () => import('../features/medical-centers/clinic-doctors-page')),
  page('hospitalDepartments', () => import('../features/institutions/departments-page')),
  page('companyAds', () => import('../features/companies/company-ads-page')),
  configuredPage('medicines', async () => (await import('../features/pharmacies/pharmacy-child-lists')).MedicinesPage, {}),
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
  page('home', () => import('../features/home/home-page')),
  { id: 'screens', loader: screensMessages, children: screenChildren },
  // Inside the shell: the admin is signed in, only the address is wrong.
  { path: '*', handle: title('notFound'), element: <NotFound /> },
];

/**
 * While the first screen's code loads: on a dashboard page the shell's frame, as the page's HTML painted it (so the
 * frame does not give way to a spinner and back), elsewhere a spinner.
 */
function StartingPage() {
  return window.location.pathname.split('/')[2] === 'dashboard' ? <ShellSkeleton /> : <Spinner size="lg" className="min-h-screen" />;
}

const toLogin = () => redirect(`/${fallbackLanguage}/login`);
/** Routes that only redirect still render something, so no match is ever an empty page. */
const redirecting = <Spinner size="lg" className="min-h-screen" />;

/** Spec §2 route table. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <StartingPage />,
    children: [
      { path: '/', loader: toLogin, element: redirecting },
      {
        path: '/:lng',
        loader: languageLoader,
        children: [
          { index: true, loader: ({ params }) => redirect(`/${params.lng}/login`), element: redirecting },
          // The first screen most visits open: its own chunk, which the login page's HTML preloads beside the entry
          // (vite.config.ts), so no chunk waterfall before the form; the dashboard's first load does not carry it.
          { path: 'login', handle: title('login'), lazy: screen(() => import('../features/auth/login-page')) },
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
