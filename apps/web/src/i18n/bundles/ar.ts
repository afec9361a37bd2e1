import { validationMessages } from '@sehha/contract/validation-messages';
import { collectNamespaces, type Messages } from '../namespaces';

/**
 * The Arabic messages every first page needs, the login page's first of all: one small chunk, preloaded by the
 * served HTML. The dashboard's namespaces are in bundles/ar-dashboard.ts (loaded with the dashboard), and
 * `security` with its screens (i18n/lazy-namespaces.ts). A namespace moves here only if the login page uses it.
 */
const bundle: Record<string, Messages> = {
  ...collectNamespaces(import.meta.glob<{ default: Messages }>(['../ar/auth.ts', '../ar/common.ts', '../ar/screens.ts'], { eager: true })),
  // Field messages come from the contract, shared with the API's 422 bodies.
  validation: { ...validationMessages.ar },
};
export default bundle;
