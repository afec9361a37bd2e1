import type { ProviderKind } from './status-codes';

/**
 * The global search's endpoint and kinds, apart from its schemas: the dashboard's shell (the ⌘K palette is
 * on every screen) imports them without loading zod.
 */
export const globalSearchPaths = { search: '/api/admin/search' } as const;
/** The provider kinds in the contract's order (status-codes.ts), then ordinary users. */
export const globalSearchKinds = ['doctor', 'pharmacy', 'hospital', 'medical_center', 'company', 'user'] as const satisfies readonly (
  ProviderKind | 'user'
)[];
export type GlobalSearchKind = (typeof globalSearchKinds)[number];
export const globalSearchPerKind = 5;
