import { Link, useLocation } from 'react-router';
import { useLanguage } from '../../lib/use-language';
import { withLanguage } from '../../lib/language';
import { useLanguageSwitchLabels } from './language-switch-labels';

/** Switches en ⇄ ar keeping the current path, query and hash. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const lng = useLanguage();
  const location = useLocation();
  const { other, attributes, text } = useLanguageSwitchLabels(lng);
  return (
    <Link
      to={withLanguage(`${location.pathname}${location.search}${location.hash}`, other)}
      state={location.state}
      {...attributes}
      className={`btn-secondary ${className}`}
    >
      {text}
    </Link>
  );
}
