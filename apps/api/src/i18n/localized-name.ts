import type { Language } from './messages';

/** A bilingual record's name in the asked language, else the other one, else null. */
export const nameIn = (language: Language, names: { name_ar: string; name_en: string }): string | null => {
  const [first, second] = language === 'ar' ? [names.name_ar, names.name_en] : [names.name_en, names.name_ar];
  return first?.trim() || second?.trim() || null;
};
