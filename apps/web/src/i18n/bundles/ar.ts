import { validationMessages } from '@sehha/contract/validation-messages';
import { collectNamespaces, type Messages } from '../namespaces';

/** Every Arabic namespace, one chunk: the first load fetches the messages of its own language only. */
const bundle: Record<string, Messages> = {
  ...collectNamespaces(import.meta.glob<{ default: Messages }>('../ar/*.ts', { eager: true })),
  // Field messages come from the contract, shared with the API's 422 bodies.
  validation: { ...validationMessages.ar },
};
export default bundle;
