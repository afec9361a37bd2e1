import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/use-language';
import { withLanguage } from '../../lib/language';

/** Switches en ⇄ ar keeping the current path, query and hash. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const location = useLocation();
  const other = lng === 'ar' ? 'en' : 'ar';
  return (
    <Link
      to={withLanguage(`${location.pathname}${location.search}${location.hash}`, other)}
      state={location.state}
      hrefLang={other}
      lang={other}
      aria-label={`${t('language')}: ${t('switchLanguage')}`}
      className={`btn-secondary ${className}`}
    >
      {t('switchLanguage')}
    </Link>
  );
}
