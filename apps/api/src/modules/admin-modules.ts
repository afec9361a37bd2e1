import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps';
import { homeRoutes } from './home/routes';
import { institutionTypeRoutes } from './institution-types/routes';

/** Every module of the admin API; app.ts registers them all behind the admin check. */
export const adminModules: Array<FastifyPluginAsyncZod<AppDeps>> = [homeRoutes, institutionTypeRoutes];
