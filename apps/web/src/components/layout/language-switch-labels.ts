import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/language';

/**
 * What the language switch says and is named, wherever it is a link: the dashboard's router link
 * (language-switch.tsx) and the plain link of the login page's own entry (login-main.tsx).
 */
export function useLanguageSwitchLabels(lng: Language) {
  const { t } = useTranslation();
  const other: Language = lng === 'ar' ? 'en' : 'ar';
  return {
    other,
    attributes: { hrefLang: other, lang: other, 'aria-label': `${t('language')}: ${t('switchLanguage')}` },
    text: t('switchLanguage'),
  };
}
