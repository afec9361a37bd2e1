import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appPaths } from '@sehha/contract/app-paths';
import { directoryBloodGroupsResponse } from '@sehha/contract/blood-groups';
import type { AppDeps } from '../../app-deps';
import { appRoute } from '../../auth/app-scope';
import { createBloodGroupDirectory } from './service';

/** The public directory's blood groups: no token, active rows only. */
export const bloodGroupDirectoryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const directory = createBloodGroupDirectory(deps.db);
  app.get(
    appRoute(appPaths.directoryBloodGroups),
    { schema: { tags: ['app: directory'], summary: 'The active blood groups', response: { 200: directoryBloodGroupsResponse } } },
    async () => ({ data: await directory.listActive() }),
  );
};
