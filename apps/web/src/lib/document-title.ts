import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { documentTitle } from './document-title-text';

/** What a route declares in its `handle`: the i18n key of its screen's name (`screens:doctors`). */
export type RouteHandle = { title?: string };

/** The document's title from the deepest matched route's `handle.title` (see documentTitle). */
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
