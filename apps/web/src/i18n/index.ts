import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fallbackLanguage, languages, type Language } from '../lib/language';
import type { Messages } from './namespaces';

/**
 * Each language's messages are one chunk (bundles/<lng>.ts), fetched on demand: a page loads the
 * messages of its own language only. The served HTML preloads that chunk (vite.config.ts), so the
 * first screen waits for no extra round trip.
 */
const bundles: Record<Language, () => Promise<{ default: Record<string, Messages> }>> = {
  en: () => import('./bundles/en'),
  ar: () => import('./bundles/ar'),
};

void i18n.use(initReactI18next).init({
  lng: fallbackLanguage,
  fallbackLng: fallbackLanguage,
  supportedLngs: [...languages],
  defaultNS: 'common',
  ns: [],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // Resources are added by loadLanguage; never ask a backend.
  resources: {},
  partialBundledLanguages: true,
});

const loading = new Map<Language, Promise<void>>();

/** Adds the messages of `lng` once; later calls share the same promise. */
export function loadLanguage(lng: Language): Promise<void> {
  let pending = loading.get(lng);
  if (!pending) {
    pending = bundles[lng]().then(
      ({ default: namespaces }) => {
        for (const [namespace, messages] of Object.entries(namespaces)) i18n.addResourceBundle(lng, namespace, messages, true, true);
      },
      (error: unknown) => {
        loading.delete(lng); // a network failure is not final: the next navigation asks again
        throw error;
      },
    );
    loading.set(lng, pending);
  }
  return pending;
}

/** Makes `lng` the UI language once its messages are in. */
export async function setLanguage(lng: Language): Promise<void> {
  await loadLanguage(lng);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
}

export default i18n;
