import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@sehha/contract/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import type { CatalogDeclaration } from './declaration';
import { catalogRoutes } from './routes';

/** The resource's module (an encapsulated Fastify plugin, listed in admin-modules.ts) from its declaration. */
export function defineCatalog<Q extends PgSelect, L extends ListQuery, I extends object>(
  declaration: CatalogDeclaration<Q, L, I>,
): FastifyPluginAsyncZod<AppDeps> {
  const { paths, statusInput, messages } = declaration.contract;
  if (Boolean(paths.status) !== Boolean(statusInput) || Boolean(paths.status) !== Boolean(messages.statusUpdated)) {
    throw new Error(`${declaration.entity}: a status toggle needs paths.status, contract.statusInput and messages.statusUpdated`);
  }
  if (Boolean(declaration.usage) !== Boolean(messages.inUse))
    throw new Error(`${declaration.entity}: usage and messages.inUse go together`);
  return catalogRoutes(declaration);
}
