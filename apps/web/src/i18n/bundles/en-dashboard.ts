import { collectNamespaces, type Messages } from '../namespaces';

/**
 * The English messages of the dashboard's shell and its first screen (navigation, command palette, home): fetched when
 * the dashboard is entered (dashboard-guard.ts) and preloaded by the dashboard's served HTML, never by the login page.
 * The other screens' namespaces are in bundles/en-screens.ts, so that home does not download them.
 */
const bundle: Record<string, Messages> = collectNamespaces(
  import.meta.glob<{ default: Messages }>(['../en/nav.ts', '../en/palette.ts', '../en/home.ts'], { eager: true }),
);
export default bundle;
