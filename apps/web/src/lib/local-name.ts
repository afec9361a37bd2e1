/** Anything named in both languages (catalog rows, providers, countries, plans…). */
export type BilingualName = { name_ar: string; name_en: string };

/** The language the admin does not read the screen in. */
const otherOf = (lng: string) => (lng === 'ar' ? 'en' : 'ar');

/** A field (`<field>_ar` / `<field>_en`: name, title, description…) in the admin's language: the Arabic one in Arabic, the English one otherwise. */
export const localText = <T extends Record<`${F}_ar` | `${F}_en`, unknown>, F extends string>(
  value: T,
  field: F,
  lng: string,
): T[`${F}_ar`] =>
  // Both fields have one type in every contract schema, so either key reads as the Arabic one's type.
  value[`${field}_${lng === 'ar' ? 'ar' : 'en'}` as `${F}_ar`];

/** The name to show in the admin's language: the Arabic name in Arabic, the English one otherwise. */
export const localName = (value: BilingualName, lng: string): string => localText(value, 'name', lng);

/** The name in the other language (a second line beside the local one). */
export const otherName = (value: BilingualName, lng: string): string => localName(value, otherOf(lng));

/** The local name, or the other language's when the local one is empty. */
export const localNameOrOther = (value: BilingualName, lng: string): string => localName(value, lng) || otherName(value, lng);
