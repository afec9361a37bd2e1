import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespace, type LazyNamespace } from '../../i18n/lazy-namespaces';
import { resolveLanguage } from '../../lib/language';
import { Spinner } from '../feedback/spinner';

/**
 * Renders its children once the lazy namespace `name` of the page's language is in (a spinner until then). The
 * language is i18next's (set by the `/:lng` route's loader, or by the login page's own entry), not the router's:
 * the two-factor step renders here on the login page, where there is no router.
 */
export function WithNamespace({ name, children }: { name: LazyNamespace; children: ReactNode }) {
  const { i18n } = useTranslation();
  const lng = resolveLanguage(i18n.language);
  const ready = i18n.hasResourceBundle(lng, name);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!ready) void loadNamespace(name, lng).then(() => setLoaded((count) => count + 1));
  }, [name, lng, ready]);
  return ready ? children : <Spinner size="lg" />;
}
