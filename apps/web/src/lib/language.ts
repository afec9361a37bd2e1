/** Languages of the dashboard: the first path segment (spec §2, §9). Anything else falls back to en. */
export const languages = ['en', 'ar'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

export const resolveLanguage = (value: unknown): Language => (isLanguage(value) ? value : fallbackLanguage);

export const directionOf = (lng: Language): 'rtl' | 'ltr' => (lng === 'ar' ? 'rtl' : 'ltr');

/** The Intl locale used to format numbers and dates in each language. */
export const intlLocaleOf = (lng: Language): string => (lng === 'ar' ? 'ar-EG' : 'en-US');

/**
 * The same path (and query/hash) with its first segment replaced by `lng`.
 * `/fr/dashboard/home?x=1` → `/en/dashboard/home?x=1`.
 */
export function withLanguage(pathWithQuery: string, lng: Language): string {
  const match = /^\/?([^/?#]*)(.*)$/.exec(pathWithQuery);
  const rest = match?.[2] ?? '';
  return `/${lng}${rest}`;
}

/** Writes the document language and direction, as the Arabic locale reads right to left. */
export function applyDocumentLanguage(lng: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.documentElement.dir = directionOf(lng);
}
