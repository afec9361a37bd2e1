import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fallbackLanguage, languages, type Language } from '../lib/language';
import type { Messages } from './namespaces';
import { numberFormatter } from './number-formatter';

/**
 * Each language's messages are three chunks, fetched on demand: `core` (bundles/<lng>.ts: what the login page
 * and every first page need), `dashboard` (bundles/<lng>-dashboard.ts: the shell's and home's namespaces) and
 * `screens` (bundles/<lng>-screens.ts: every other screen's). A page loads the messages of its own language only:
 * the login page only the core, home the core and the dashboard's. The served HTML preloads the chunks a page
 * needs (vite.config.ts), so the first screen waits for no extra round trip.
 */
const bundles: Record<Language, Record<MessagePart, () => Promise<{ default: Record<string, Messages> }>>> = {
  en: {
    core: () => import('./bundles/en'),
    dashboard: () => import('./bundles/en-dashboard'),
    screens: () => import('./bundles/en-screens'),
  },
  ar: {
    core: () => import('./bundles/ar'),
    dashboard: () => import('./bundles/ar-dashboard'),
    screens: () => import('./bundles/ar-screens'),
  },
};
export type MessagePart = 'core' | 'dashboard' | 'screens';

// Every interpolated number is written by lib/format.ts (number-formatter.ts, with alwaysFormat).
i18n.use(numberFormatter);
void i18n.use(initReactI18next).init({
  lng: fallbackLanguage,
  fallbackLng: fallbackLanguage,
  supportedLngs: [...languages],
  defaultNS: 'common',
  ns: [],
  interpolation: { escapeValue: false, alwaysFormat: true },
  returnNull: false,
  initAsync: false,
  // Resources are added by loadLanguage; never ask a backend.
  resources: {},
  partialBundledLanguages: true,
});

const loading = new Map<string, Promise<void>>();

/** Adds one part of the messages of `lng` once; later calls share the same promise. */
export function loadLanguage(lng: Language, part: MessagePart = 'core'): Promise<void> {
  const key = `${lng}:${part}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = bundles[lng][part]().then(
      ({ default: namespaces }) => {
        for (const [namespace, messages] of Object.entries(namespaces)) i18n.addResourceBundle(lng, namespace, messages, true, true);
      },
      (error: unknown) => {
        loading.delete(key); // a network failure is not final: the next navigation asks again
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/** The parts asked for so far, in any language: a language switch brings the same parts of the new language. */
const partsEntered = () => new Set(['core', ...[...loading.keys()].map((key) => key.split(':')[1])] as MessagePart[]);

/** Makes `lng` the UI language once its messages are in (every part the page has entered so far). */
export async function setLanguage(lng: Language): Promise<void> {
  await Promise.all([...partsEntered()].map((part) => loadLanguage(lng, part)));
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
}

export default i18n;
