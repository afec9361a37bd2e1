import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps';
import { appointmentRoutes } from './appointments/routes';
import { homeRoutes } from './home/routes';
import { institutionTypeRoutes } from './institution-types/routes';
import { specialityRoutes } from './specialities/routes';
import { pharmacyCategoryRoutes } from './pharmacy-categories/routes';
import { locationRoutes } from './locations/routes';
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
import { planRoutes } from './subscription-plans/routes';
import { userSubscriptionRoutes } from './user-subscriptions/routes';
import { globalSearchRoutes } from './search/routes';
import { auditLogRoutes } from './audit-logs/routes';

/** Every module of the admin API; app.ts registers them all behind the admin check. */
export const adminModules: Array<FastifyPluginAsyncZod<AppDeps>> = [homeRoutes, institutionTypeRoutes, specialityRoutes, pharmacyCategoryRoutes, locationRoutes, homeAdRoutes, appointmentRoutes, prescriptionRoutes, providerRoutes, providerAdRoutes, pharmacyBranchRoutes, medicineRoutes, facilityUnitRoutes, licenseRoutes, userRoutes, changeRequestRoutes, planRoutes, userSubscriptionRoutes, globalSearchRoutes, auditLogRoutes];
