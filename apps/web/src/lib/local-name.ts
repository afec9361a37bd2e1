/** Anything named in both languages (catalog rows, providers, countries, plans…). */
export type BilingualName = { name_ar: string; name_en: string };

/** The name to show in the admin's language: the Arabic name in Arabic, the English one otherwise. */
export const localName = (value: BilingualName, lng: string): string => (lng === 'ar' ? value.name_ar : value.name_en);
