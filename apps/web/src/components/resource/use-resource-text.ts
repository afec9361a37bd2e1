import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceContext, ResourceSummary } from './resource';
import { textKeys } from './resource';
import { useLanguage } from '../../lib/use-language';

/** The resource's texts and the language: what its columns, names and fields are given. */
export function useResourceContext(texts: ResourceSummary['texts']): ResourceContext {
  const { t } = useTranslation(texts.ns);
  const lng = useLanguage();
  const text = useCallback((key: string, options?: Record<string, unknown>) => t(textKeys(texts, key), options ?? {}), [t, texts]);
  return { text, lng };
}
