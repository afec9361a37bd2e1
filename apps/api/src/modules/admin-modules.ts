import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps';
import { appointmentRoutes } from './appointments/routes';
import { homeRoutes } from './home/routes';
import { institutionTypeRoutes } from './institution-types/catalog';
import { specialityRoutes } from './specialities/catalog';
import { pharmacyCategoryRoutes } from './pharmacy-categories/catalog';
import { cityRoutes, countryRoutes, stateRoutes } from './locations/catalog';
import { homeAdRoutes } from './home-ads/routes';
import { prescriptionRoutes } from './prescriptions/routes';
import { providerRoutes } from './providers/routes';
import { providerAdRoutes } from './provider-ads/routes';
import { pharmacyBranchRoutes } from './pharmacy-branches/routes';
import { medicineRoutes } from './medicines/routes';
import { facilityUnitRoutes } from './facility-units/routes';
import { licenseRoutes } from './licenses/routes';
import { userRoutes } from './users/routes';
import { changeRequestRoutes } from './change-requests/routes';
import { subscriptionPlanRoutes } from './subscription-plans/routes';
import { userSubscriptionRoutes } from './user-subscriptions/routes';
import { globalSearchRoutes } from './search/routes';
import { auditLogRoutes } from './audit-logs/routes';
import { accessLogRoutes } from './access-logs/routes';
import { adminAccountRoutes } from './admins/routes';
import { securityRoutes } from './security/routes';
import { dataRequestRoutes } from './data-requests/routes';
import { reviewQueueRoutes } from './review-queue/routes';
import { notificationRoutes } from './notifications/routes';
import { paymentAdminRoutes } from './payments/admin-routes';

/**
 * Every module of the admin API; app.ts registers each one as an encapsulated plugin inside the admin
 * scope (prefix `/api/admin`, authenticated before any handler runs).
 *
 * One shape for every module, by one rule:
 * - A catalog-like resource (a bilingual name, list/search/add/edit/delete, perhaps a status toggle or a
 *   file) is one declaration, `<area>/catalog.ts`: `defineCatalog({...})` of modules/catalog builds its
 *   routes, service and repository. Specialities, pharmacy categories, institution types, countries,
 *   cities and states are declared so.
 * - Every other module has `routes.ts` → `service.ts` → `repository.ts`, each file talking only to the
 *   next. Routes never call a repository, even for a read-only list: the service is where the rules
 *   go (a 404 for a parent of the wrong kind, the "in use" refusals), so it exists from the start, even
 *   when today it only passes a query through (user-subscriptions). Only repositories use the ORM.
 * - A module never builds another module's service: what it needs from another module is one named
 *   function of that module's service (`requireProviderOfKinds` of providers).
 */
export const adminModules: Array<FastifyPluginAsyncZod<AppDeps>> = [
  homeRoutes,
  institutionTypeRoutes,
  specialityRoutes,
  pharmacyCategoryRoutes,
  countryRoutes,
  cityRoutes,
  stateRoutes,
  homeAdRoutes,
  appointmentRoutes,
  prescriptionRoutes,
  providerRoutes,
  providerAdRoutes,
  pharmacyBranchRoutes,
  medicineRoutes,
  facilityUnitRoutes,
  licenseRoutes,
  userRoutes,
  changeRequestRoutes,
  subscriptionPlanRoutes,
  userSubscriptionRoutes,
  globalSearchRoutes,
  auditLogRoutes,
  accessLogRoutes,
  adminAccountRoutes,
  securityRoutes,
  dataRequestRoutes,
  reviewQueueRoutes,
  notificationRoutes,
  paymentAdminRoutes,
];
