import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Building2,
  CalendarDays,
  Megaphone,
  Paperclip,
  Pill,
  Star,
  Stethoscope,
  Store,
  UserX,
  History,
  type LucideIcon,
} from 'lucide-react';
import {
  providerPaths,
  providerSortColumns,
  providerStatusTransitions,
  type ProviderItem,
  type ProviderKindSlug,
} from '@sehha/contract/providers';
import { useCanCall } from '../../lib/can-call';
import { providerStatuses, type ProviderStatus } from '@sehha/contract/status-codes';
import type { Column } from '../table/data-table';
import { SearchBox } from '../table/search-box';
import { useListParams } from '../table/use-list-params';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { useLanguage } from '../../lib/use-language';
import { formatDate, formatNumber } from '../../lib/format';
import { RowActions } from '../table/row-actions';
import { ProviderAttachmentsDialog } from './provider-attachments-dialog';
import { providerScreens, type ProviderLink } from './provider-screens';
import { ReviewStatusControl } from './review-status';
import { providersKey, useDeactivateAllProviders, useDeactivateProvider, useProviders, useProviderStatus } from './providers-api';
import { PaginatedTable } from '../table/paginated-table';
import { useConfirmedMutation } from '../dialogs/use-confirmed-mutation';
import { SearchScopeNote } from '../dialogs/dialog-subject';
import { localName, otherName } from '../../lib/local-name';
import { HistoryDialog, type HistorySubject } from '../audit/history-dialog';
import { FilterSelect } from '../table/filter-select';
import { ExportButton } from '../resource/export-button';
import { Screen } from '../layout/screen';
import { bulkPaths } from '@sehha/contract/bulk-actions';
import { providerBulkNouns, useBulkList, useRowLabel } from '../resource/bulk-selection';
import { paths } from '../../config/paths';

const isStatus = (value: string | null): value is ProviderStatus => providerStatuses.includes(value as ProviderStatus);

const linkIcons: Record<ProviderLink['key'], LucideIcon> = {
  ads: Megaphone,
  appointments: CalendarDays,
  branches: Store,
  medicines: Pill,
  departments: Building2,
  clinics: Stethoscope,
};

/**
 * The one provider directory, configured per kind (provider-screens.ts): search, status filter,
 * server paging, review status, attachments, links to the screens under each provider,
 * deactivate one or all (exactly the listed filter), and a link to the deactivated users.
 */
export function ProviderDirectory({ slug }: { slug: ProviderKindSlug }) {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  const screen = providerScreens[slug];
  const listParams = useListParams(providerSortColumns, ['status']);
  // The name column sorts by the name the screen shows: a link or a language switch that carries the
  // other language's name key keeps sorting by name, in this language.
  const nameSort = lng === 'ar' ? 'name_ar' : 'name_en';
  const chosen = listParams.sort?.sort.startsWith('name_') ? { ...listParams.sort, sort: nameSort } : listParams.sort;
  const params = {
    ...listParams,
    sort: chosen,
    query: { ...listParams.query, ...(chosen ? { sort: chosen.sort, direction: chosen.direction } : {}) },
  };
  const { search } = params;
  const rawStatus = listParams.filters.status ?? null;
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const query = useProviders(slug, { ...params.query, status });
  const changeStatus = useProviderStatus();
  const deactivate = useDeactivateProvider(slug);
  const deactivation = useConfirmedMutation(deactivate);
  const deactivateAll = useDeactivateAllProviders(slug);
  const [confirmAll, setConfirmAll] = useState(false);
  const [attachmentsOf, setAttachmentsOf] = useState<ProviderItem | null>(null);
  const [historyOf, setHistoryOf] = useState<HistorySubject | null>(null);
  const total = query.data?.total ?? 0;
  // What the admin's role allows (the API refuses the rest with 403): a viewer sees the statuses without decisions.
  const canCall = useCanCall();
  const canDecide = canCall('PATCH', providerPaths.status(':id'));
  const canDeactivate = canCall('POST', providerPaths.deactivate(':id'));
  const canDeactivateAll = canCall('POST', providerPaths.deactivateAll(slug));

  const setStatus = (value: string) => params.setFilter('status', value);
  // Bulk selection (components/resource/bulk-selection.tsx): decisions and deactivation on the selected or all matching.
  const rowLabel = useRowLabel();
  const bulk = useBulkList({
    rows: query.data?.data,
    total,
    filter: { search, status },
    noun: providerBulkNouns[slug],
    actions: [
      { key: 'approve', path: providerPaths.bulk(slug, 'approve') },
      { key: 'reject', path: providerPaths.bulk(slug, 'reject') },
      { key: 'deactivate', path: bulkPaths.providerDeactivate(slug) },
    ],
    refresh: [providersKey, 'users'],
  });

  const columns: Column<ProviderItem>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      // Sorted by the name the screen shows; the other language's name is the second line, one line each.
      sort: nameSort,
      cell: (p) => (
        <div className="flex max-w-36 flex-col 2xl:max-w-56" title={`${localName(p, lng)} — ${otherName(p, lng)}`}>
          <span className="flex min-w-0 items-center gap-1">
            <span className="truncate font-medium text-slate-900">{localName(p, lng)}</span>
            {p.is_special && (
              <span className="shrink-0 text-amber-600" title={t('special')} data-special>
                <Star aria-hidden className="size-3.5 fill-current" />
                <span className="sr-only">{t('special')}</span>
              </span>
            )}
          </span>
          <span className="truncate text-xs text-slate-600" lang={lng === 'ar' ? 'en' : 'ar'} dir={lng === 'ar' ? 'ltr' : 'rtl'}>
            {otherName(p, lng)}
          </span>
        </div>
      ),
    },
    {
      // Email and phone in one column (two lines) so that the directory fits 1280 px without scrolling.
      id: 'contact',
      header: t('columns.contact'),
      cell: (p) => (
        <div className="flex max-w-40 flex-col 2xl:max-w-56" dir="ltr">
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a truncated email is focusable so that keyboard users reach its full text */}
          <span className="truncate text-start rtl:text-end" title={p.email} tabIndex={0}>
            {p.email}
          </span>
          <span className="text-xs whitespace-nowrap text-slate-600 rtl:text-end" data-phone>
            {p.phone ?? t('noValue')}
          </span>
        </div>
      ),
    },
    {
      // The country, with the address under it.
      id: 'country',
      header: t('columns.country'),
      hideOnPhone: true,
      cell: (p) => (
        <div
          className="flex max-w-32 flex-col 2xl:max-w-48"
          title={[p.country ? localName(p.country, lng) : t('noCountry'), p.address].filter(Boolean).join(' — ')}
        >
          <span className="truncate">
            {p.country ? localName(p.country, lng) : <span className="text-slate-600 italic">{t('noCountry')}</span>}
          </span>
          {p.address && (
            <span className="truncate text-xs text-slate-600" dir="auto">
              {p.address}
            </span>
          )}
        </div>
      ),
    },
    ...(screen.appointmentsColumn
      ? [
          {
            id: 'appointments',
            header: t('columns.appointments'),
            className: 'text-center',
            hideOnPhone: true,
            cell: (p: ProviderItem) => formatNumber(p.appointments_count ?? 0, lng),
          },
        ]
      : []),
    {
      id: 'joined',
      header: t('common:joined'),
      sort: 'created_at',
      sortFirst: 'desc' as const,
      className: 'whitespace-nowrap',
      hideOnPhone: true,
      cell: (p) => <time dateTime={p.created_at}>{formatDate(p.created_at, lng)}</time>,
    },
    {
      id: 'status',
      header: t('columns.status'),
      sort: 'status',
      // A width lets the transition buttons wrap under the badge instead of widening the table.
      className: 'w-40',
      cell: (p) => (
        <ReviewStatusControl
          status={p.status}
          next={canDecide ? providerStatusTransitions[p.status] : []}
          name={localName(p, lng)}
          email={p.email}
          busy={changeStatus.isPending && changeStatus.variables?.id === p.id}
          onChange={(next, settled) => changeStatus.mutate({ id: p.id, status: next }, { onSettled: settled })}
        />
      ),
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      headerHidden: true,
      className: 'w-12',
      cell: (p) => (
        <RowActions
          name={localName(p, lng)}
          actions={[
            ...screen.links.map((link) => ({
              key: link.key,
              label: t(`links.${link.key}`),
              icon: linkIcons[link.key],
              to: link.href(lng, p.id),
            })),
            { key: 'attachments', label: t('links.attachments'), icon: Paperclip, onSelect: () => setAttachmentsOf(p) },
            {
              key: 'history',
              label: t('audit:history'),
              icon: History,
              onSelect: () => setHistoryOf({ entity: 'provider', id: p.id, name: localName(p, lng) }),
            },
            ...(canDeactivate
              ? [{ key: 'deactivate', label: t('deactivate'), icon: UserX, destructive: true, onSelect: () => deactivation.ask(p) }]
              : []),
          ]}
        />
      ),
    },
  ];

  return (
    <section aria-labelledby={`${slug}-list-title`} data-screen={`${slug}-list`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${slug}-list-title`} className="sr-only">
          {t(`kinds.${slug}.title`)}
        </h2>
        <div className="flex flex-1 flex-wrap items-center gap-3">
          <SearchBox placeholder={t(`kinds.${slug}.searchPlaceholder`)} />
          <FilterSelect
            label={t('statusFilter')}
            value={status ?? ''}
            onChange={setStatus}
            allLabel={t('allStatuses')}
            options={providerStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExportButton path={providerPaths.list(slug)} query={{ ...params.query, status }} />
          <Link to={paths.deactivatedUsers.getHref(lng)} className="btn-secondary">
            {t('deactivatedUsers')}
          </Link>
          <button
            type="button"
            className="btn-danger"
            disabled={!canDeactivateAll || total === 0}
            title={canDeactivateAll ? undefined : t('common:notAllowedAction')}
            onClick={() => setConfirmAll(true)}
          >
            {t(`kinds.${slug}.deactivateAll`)}
          </button>
        </div>
      </div>
      <PaginatedTable
        query={query}
        params={params}
        caption={t(`kinds.${slug}.title`)}
        columns={columns}
        errorMessage={t(`kinds.${slug}.fetchError`)}
        emptyMessage={t(`kinds.${slug}.empty`)}
        selection={bulk.selection}
        selectionBar={bulk.selectionBar}
        rowLabel={(p) => rowLabel(localName(p, lng))}
      />
      {bulk.dialog}
      <HistoryDialog subject={historyOf} onClose={() => setHistoryOf(null)} />
      <ProviderAttachmentsDialog
        slug={slug}
        providerId={attachmentsOf?.id ?? null}
        providerName={attachmentsOf ? localName(attachmentsOf, lng) : undefined}
        onClose={() => setAttachmentsOf(null)}
      />
      <ConfirmDialog
        {...deactivation.dialog}
        variant="deactivate"
        details={deactivation.target ? localName(deactivation.target, lng) : undefined}
      />
      <ConfirmDialog
        open={confirmAll}
        variant="deactivate"
        busy={deactivateAll.isPending}
        details={
          <>
            {t(`kinds.${slug}.deactivateAllDetails`, { count: total, n: formatNumber(total, lng) })}
            {status && ` ${t('statusScope', { status: t(`status.${status}`) })}`}
            <SearchScopeNote search={search} />
          </>
        }
        onCancel={() => setConfirmAll(false)}
        onConfirm={() => deactivateAll.mutate({ search, status }, { onSettled: () => setConfirmAll(false) })}
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
