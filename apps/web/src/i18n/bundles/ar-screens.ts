import { collectNamespaces, type Messages } from '../namespaces';

/**
 * Every other Arabic namespace, one chunk: fetched by the route that holds every dashboard screen but home
 * (app/routes.tsx, `screensMessages`) and preloaded by those screens' served HTML. The file list excludes what the
 * other bundles and i18n/lazy-namespaces.ts carry, so that a new `ar/<area>.ts` lands here without touching anything.
 */
const bundle: Record<string, Messages> = collectNamespaces(
  import.meta.glob<{ default: Messages }>(
    [
      '../ar/*.ts',
      '!../ar/auth.ts',
      '!../ar/common.ts',
      '!../ar/screens.ts',
      '!../ar/security.ts',
      '!../ar/nav.ts',
      '!../ar/palette.ts',
      '!../ar/home.ts',
    ],
    { eager: true },
  ),
);
export default bundle;
