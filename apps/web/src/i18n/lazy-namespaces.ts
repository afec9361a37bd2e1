import i18n from './index';
import type { Language } from '../lib/language';
import type { Messages } from './namespaces';

/**
 * Namespaces left out of the language bundles (bundles/<lng>.ts) because few visits need them: each is
 * fetched with the screens that use it (components/layout/with-namespace.tsx), keeping the login's first load small.
 */
const lazyNamespaces = {
  security: { en: () => import('./en/security'), ar: () => import('./ar/security') },
} satisfies Record<string, Record<Language, () => Promise<{ default: Messages }>>>;
export type LazyNamespace = keyof typeof lazyNamespaces;

const loading = new Map<string, Promise<void>>();

/** Adds a lazy namespace of `lng` once; later calls share the same promise. */
export function loadNamespace(name: LazyNamespace, lng: Language): Promise<void> {
  const key = `${lng}:${name}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = lazyNamespaces[name][lng]().then(
      ({ default: messages }) => void i18n.addResourceBundle(lng, name, messages, true, true),
      (error: unknown) => {
        loading.delete(key); // a network failure is not final: the next render asks again
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}
