import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { validationMessages } from '@sehha/contract/validation-messages';
import { fallbackLanguage, languages, type Language } from '../lib/language';

type Messages = { [key: string]: string | Messages };

/**
 * Every file `i18n/<lng>/<namespace>.ts` is a namespace, found automatically:
 * a new area adds `en/<area>.ts` and `ar/<area>.ts` and touches nothing else.
 */
const files = import.meta.glob<{ default: Messages }>('./{en,ar}/*.ts', { eager: true });

export function buildResources(): Record<Language, Record<string, Messages>> {
  const resources = Object.fromEntries(languages.map((lng) => [lng, {} as Record<string, Messages>])) as Record<
    Language,
    Record<string, Messages>
  >;
  for (const [file, module] of Object.entries(files)) {
    const match = /^\.\/(en|ar)\/([\w-]+)\.ts$/.exec(file);
    if (!match) continue;
    resources[match[1] as Language][match[2] as string] = module.default;
  }
  // Field messages come from the contract, shared with the API's 422 bodies.
  for (const lng of languages) resources[lng].validation = { ...validationMessages[lng] };
  return resources;
}

const resources = buildResources();
export const namespaces = Object.keys(resources[fallbackLanguage]);

void i18n.use(initReactI18next).init({
  resources,
  lng: fallbackLanguage,
  fallbackLng: fallbackLanguage,
  supportedLngs: [...languages],
  defaultNS: 'common',
  ns: namespaces,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export default i18n;
