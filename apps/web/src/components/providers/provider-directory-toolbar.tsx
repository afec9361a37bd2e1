import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { providerKindSlugs, providerPaths, type ProviderKindSlug } from '@sehha/contract/providers';
import { providerStatuses } from '@sehha/contract/status-codes';
import { SearchBox } from '../table/search-box';
import { FilterSelect } from '../table/filter-select';
import { ExportButton } from '../resource/export-button';
import { UnderListAction } from '../resource/under-list-action';
import { useLanguage } from '../../lib/use-language';
import { paths } from '../../config/paths';
import type { ProviderDirectoryState } from './use-provider-directory';

/**
 * Above a directory: search, status filter, export and the kind's deactivated accounts (the deactivated list
 * narrowed to the kind). "Deactivate all" is not here but under the list (DeactivateAllButton), away from Export.
 */
export function ProviderDirectoryToolbar({ slug, directory }: { slug: ProviderKindSlug; directory: ProviderDirectoryState }) {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 id={`${slug}-list-title`} className="sr-only">
        {t(`kinds.${slug}.title`)}
      </h2>
      <div className="flex flex-1 flex-wrap items-center gap-3">
        <SearchBox placeholder={t(`kinds.${slug}.searchPlaceholder`)} />
        <FilterSelect
          label={t('statusFilter')}
          value={directory.status ?? ''}
          onChange={directory.setStatus}
          allLabel={t('allStatuses')}
          options={providerStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ExportButton path={providerPaths.list(slug)} query={{ ...directory.params.query, status: directory.status }} />
        <Link to={`${paths.deactivatedUsers.getHref(lng)}?role=${providerKindSlugs[slug]}`} className="btn-secondary">
          {t(`users:deactivatedOf.${providerKindSlugs[slug]}`)}
        </Link>
      </div>
    </div>
  );
}

/** "Deactivate all" of the kind: under the list, away from Export (UnderListAction); its dialog asks for the count. */
export function DeactivateAllButton({ slug, directory }: { slug: ProviderKindSlug; directory: ProviderDirectoryState }) {
  const { t } = useTranslation('providers');
  return (
    <UnderListAction
      label={t(`kinds.${slug}.deactivateAll`)}
      allowed={directory.can.deactivateAll}
      disabled={directory.total === 0}
      notAllowedTitle={t('common:notAllowedAction')}
      onClick={() => directory.setConfirmAll(true)}
    />
  );
}
