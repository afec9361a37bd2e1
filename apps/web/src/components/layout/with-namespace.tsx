import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespace, type LazyNamespace } from '../../i18n/lazy-namespaces';
import { useLanguage } from '../../lib/use-language';
import { Spinner } from '../feedback/spinner';

/** Renders its children once the lazy namespace `name` of the page's language is in (a spinner until then). */
export function WithNamespace({ name, children }: { name: LazyNamespace; children: ReactNode }) {
  const lng = useLanguage();
  const { i18n } = useTranslation();
  const ready = i18n.hasResourceBundle(lng, name);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!ready) void loadNamespace(name, lng).then(() => setLoaded((count) => count + 1));
  }, [name, lng, ready]);
  return ready ? children : <Spinner size="lg" />;
}
