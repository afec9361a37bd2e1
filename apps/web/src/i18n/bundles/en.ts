import { validationMessages } from '@sehha/contract/validation-messages';
import { collectNamespaces, type Messages } from '../namespaces';

/** Every English namespace, one chunk: the first load fetches the messages of its own language only. */
const bundle: Record<string, Messages> = {
  ...collectNamespaces(import.meta.glob<{ default: Messages }>('../en/*.ts', { eager: true })),
  // Field messages come from the contract, shared with the API's 422 bodies.
  validation: { ...validationMessages.en },
};
export default bundle;
