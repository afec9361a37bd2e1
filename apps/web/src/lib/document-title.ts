import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';

/** What a route declares in its `handle`: the i18n key of its screen's name (`screens:doctors`). */
export type RouteHandle = { title?: string };

/** `Doctors · Sehha` / `الأطباء · صحّة`: the deepest matched route's screen name, then the product's. */
export function documentTitle(screen: string | undefined, appName: string, separator: string): string {
  return screen ? `${screen}${separator}${appName}` : appName;
}

export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const key = [...matches]
    .reverse()
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  const title = documentTitle(key ? t(key) : undefined, t('appName'), t('titleSeparator'));
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
}
