import { collectNamespaces, type Messages } from '../namespaces';

/**
 * Every other Arabic namespace, one chunk: fetched when the dashboard is entered (dashboard-guard.ts) and preloaded
 * by the dashboard's served HTML, never by the login page. The file list excludes what bundles/ar.ts and
 * i18n/lazy-namespaces.ts carry, so that a new `ar/<area>.ts` lands here without touching anything.
 */
const bundle: Record<string, Messages> = collectNamespaces(
  import.meta.glob<{ default: Messages }>(['../ar/*.ts', '!../ar/auth.ts', '!../ar/common.ts', '!../ar/screens.ts', '!../ar/security.ts'], {
    eager: true,
  }),
);
export default bundle;
