import { collectNamespaces, type Messages } from '../namespaces';

/**
 * Every other English namespace, one chunk: fetched when the dashboard is entered (dashboard-guard.ts) and preloaded
 * by the dashboard's served HTML, never by the login page. The file list excludes what bundles/en.ts and
 * i18n/lazy-namespaces.ts carry, so that a new `en/<area>.ts` lands here without touching anything.
 */
const bundle: Record<string, Messages> = collectNamespaces(
  import.meta.glob<{ default: Messages }>(['../en/*.ts', '!../en/auth.ts', '!../en/common.ts', '!../en/screens.ts', '!../en/security.ts'], {
    eager: true,
  }),
);
export default bundle;
