import { collectNamespaces, type Messages } from '../namespaces';

/**
 * Every other English namespace, one chunk: fetched by the route that holds every dashboard screen but home
 * (app/routes.tsx, `screensMessages`) and preloaded by those screens' served HTML. The file list excludes what the
 * other bundles and i18n/lazy-namespaces.ts carry, so that a new `en/<area>.ts` lands here without touching anything.
 */
const bundle: Record<string, Messages> = collectNamespaces(
  import.meta.glob<{ default: Messages }>(
    [
      '../en/*.ts',
      '!../en/auth.ts',
      '!../en/common.ts',
      '!../en/screens.ts',
      '!../en/security.ts',
      '!../en/nav.ts',
      '!../en/palette.ts',
      '!../en/home.ts',
    ],
    { eager: true },
  ),
);
export default bundle;
