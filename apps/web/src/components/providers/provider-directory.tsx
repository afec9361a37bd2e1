import { useTranslation } from 'react-i18next';
import type { ProviderKindSlug } from '@sehha/contract/providers';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { SearchScopeNote } from '../dialogs/dialog-subject';
import { HistoryDialog } from '../audit/history-dialog';
import { PaginatedTable } from '../table/paginated-table';
import { Screen } from '../layout/screen';
import { useRowLabel } from '../resource/bulk-selection';
import { useLanguage } from '../../lib/use-language';
import { formatNumber } from '../../lib/format';
import { localName } from '../../lib/local-name';
import { ProviderAttachmentsDialog } from './provider-attachments-dialog';
import { providerColumns } from './provider-columns';
import { DeactivateAllButton, ProviderDirectoryToolbar } from './provider-directory-toolbar';
import { CountConfirmDialog } from '../dialogs/count-confirm-dialog';
import { useProviderDirectory } from './use-provider-directory';

/**
 * The one provider directory, configured per kind (provider-screens.ts): its state (use-provider-directory.ts),
 * toolbar (search, status filter, export, deactivate all), columns (provider-columns.tsx), and dialogs.
 */
export function ProviderDirectory({ slug }: { slug: ProviderKindSlug }) {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  const directory = useProviderDirectory(slug);
  const rowLabel = useRowLabel();

  return (
    <section aria-labelledby={`${slug}-list-title`} data-screen={`${slug}-list`}>
      <ProviderDirectoryToolbar slug={slug} directory={directory} />
      <PaginatedTable
        query={directory.query}
        params={directory.params}
        caption={t(`kinds.${slug}.title`)}
        columns={providerColumns(slug, directory, t, lng)}
        errorMessage={t(`kinds.${slug}.fetchError`)}
        emptyMessage={t(`kinds.${slug}.empty`)}
        selection={directory.bulk.selection}
        selectionBar={directory.bulk.selectionBar}
        rowLabel={(p) => rowLabel(localName(p, lng))}
      />
      <DeactivateAllButton slug={slug} directory={directory} />
      {directory.bulk.dialog}
      <HistoryDialog subject={directory.historyOf} onClose={() => directory.setHistoryOf(null)} />
      <ProviderAttachmentsDialog
        slug={slug}
        providerId={directory.attachmentsOf?.id ?? null}
        providerName={directory.attachmentsOf ? localName(directory.attachmentsOf, lng) : undefined}
        onClose={() => directory.setAttachmentsOf(null)}
      />
      <ConfirmDialog
        {...directory.deactivation.dialog}
        variant="deactivate"
        details={directory.deactivation.target ? localName(directory.deactivation.target, lng) : undefined}
      />
      <CountConfirmDialog
        open={directory.confirmAll}
        count={directory.total}
        title={t(`kinds.${slug}.deactivateAll`)}
        busy={directory.deactivateAll.isPending}
        details={
          <>
            {t(`kinds.${slug}.deactivateAllDetails`, { count: directory.total, n: formatNumber(directory.total, lng) })}
            {directory.status && ` ${t('statusScope', { status: t(`status.${directory.status}`) })}`}
            <SearchScopeNote search={directory.search} />
          </>
        }
        onCancel={() => directory.setConfirmAll(false)}
        onConfirm={() =>
          directory.deactivateAll.mutate(
            { search: directory.search, status: directory.status },
            { onSettled: () => directory.setConfirmAll(false) },
          )
        }
      />
    </section>
  );
}

/** A directory that is a screen of its own (doctors, medical centers, companies): the kind's title, then its list. */
export function ProviderDirectoryScreen({ slug, name }: { slug: ProviderKindSlug; name: string }) {
  const { t } = useTranslation('providers');
  return (
    <Screen name={name} title={t(`kinds.${slug}.title`)}>
      <ProviderDirectory slug={slug} />
    </Screen>
  );
}
