import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { providerStatusTransitions, type ProviderItem, type ProviderKindSlug } from '@sehha/contract/providers';
import { providerStatuses, type ProviderStatus } from '@sehha/contract/status-codes';
import type { Column } from '../../components/table/data-table';
import { SearchBox } from '../../components/table/search-box';
import { useListParams } from '../../components/table/use-list-params';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { useLanguage } from '../../lib/use-language';
import { formatNumber } from '../../lib/format';
import { ProviderAttachmentsDialog } from './provider-attachments-dialog';
import { providerScreens } from './provider-screens';
import { ReviewStatusControl } from './review-status';
import { useDeactivateAllProviders, useDeactivateProvider, useProviders, useProviderStatus } from './providers-api';
import { PaginatedTable } from '../../components/table/paginated-table';
import { useConfirmedMutation } from '../../components/dialogs/use-confirmed-mutation';

const isStatus = (value: string | null): value is ProviderStatus => providerStatuses.includes(value as ProviderStatus);

/**
 * The one provider directory, configured per kind (provider-screens.ts): search, status filter,
 * server paging, review status, attachments, links to the screens under each provider,
 * deactivate one or all (exactly the listed filter), and a link to the deactivated users.
 */
export function ProviderDirectory({ slug }: { slug: ProviderKindSlug }) {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  const screen = providerScreens[slug];
  const filterId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, search, setPage } = useListParams();
  const rawStatus = searchParams.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const query = useProviders(slug, { page, search, status });
  const changeStatus = useProviderStatus();
  const deactivate = useDeactivateProvider(slug);
  const deactivation = useConfirmedMutation(deactivate);
  const deactivateAll = useDeactivateAllProviders(slug);
  const [confirmAll, setConfirmAll] = useState(false);
  const [attachmentsOf, setAttachmentsOf] = useState<ProviderItem | null>(null);
  const nameOf = (provider: { name_ar: string; name_en: string }) => (lng === 'ar' ? provider.name_ar : provider.name_en);
  const dash = `/${lng}/dashboard`;
  const total = query.data?.total ?? 0;

  const setStatus = (value: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set('status', value);
        else next.delete('status');
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const filterText = [status ? t(`status.${status}`) : null, search ? `“${search}”` : null].filter(Boolean).join(' · ');

  const columns: Column<ProviderItem>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      cell: (p) => (
        <div className="flex flex-col">
          <span className="font-medium text-slate-900">{nameOf(p)}</span>
          <span className="text-xs text-slate-500" lang={lng === 'ar' ? 'en' : 'ar'}>
            {lng === 'ar' ? p.name_en : p.name_ar}
          </span>
        </div>
      ),
    },
    { id: 'email', header: t('columns.email'), cell: (p) => <span dir="ltr">{p.email}</span> },
    { id: 'phone', header: t('columns.phone'), cell: (p) => <span dir="ltr">{p.phone ?? t('noValue')}</span>, className: 'whitespace-nowrap' },
    { id: 'address', header: t('columns.address'), cell: (p) => p.address ?? t('noValue') },
    {
      id: 'special',
      header: t('columns.special'),
      cell: (p) => <span className={`badge ${p.is_special ? 'bg-amber-100 text-amber-800' : 'bg-slate-100 text-slate-600'}`}>{p.is_special ? t('special') : t('notSpecial')}</span>,
    },
    {
      id: 'country',
      header: t('columns.country'),
      cell: (p) => (p.country ? nameOf(p.country) : <span className="text-slate-500 italic">{t('noCountry')}</span>),
    },
    ...(screen.appointmentsColumn
      ? [{ id: 'appointments', header: t('columns.appointments'), className: 'text-center', cell: (p: ProviderItem) => formatNumber(p.appointments_count ?? 0, lng) }]
      : []),
    {
      id: 'status',
      header: t('columns.status'),
      cell: (p) => (
        <ReviewStatusControl
          status={p.status}
          next={providerStatusTransitions[p.status]}
          name={nameOf(p)}
          busy={changeStatus.isPending && changeStatus.variables?.id === p.id}
          onChange={(next) => changeStatus.mutate({ id: p.id, status: next })}
        />
      ),
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      cell: (p) => (
        <div className="flex flex-wrap gap-x-3 gap-y-1 whitespace-nowrap">
          {screen.links.map((link) => (
            <Link key={link.key} to={`${dash}/${link.to(p.id)}`} className="btn-link" aria-label={t('linkRow', { action: t(`links.${link.key}`), name: nameOf(p) })}>
              {t(`links.${link.key}`)}
            </Link>
          ))}
          <button type="button" className="btn-link" aria-label={t('linkRow', { action: t('links.attachments'), name: nameOf(p) })} onClick={() => setAttachmentsOf(p)}>
            {t('links.attachments')}
          </button>
          <button type="button" className="btn-link text-red-700" aria-label={t('linkRow', { action: t('deactivate'), name: nameOf(p) })} onClick={() => deactivation.ask(p)}>
            {t('deactivate')}
          </button>
        </div>
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
          <label htmlFor={filterId} className="sr-only">
            {t('statusFilter')}
          </label>
          <select id={filterId} className="input w-auto" value={status ?? ''} onChange={(event) => setStatus(event.target.value)}>
            <option value="">{t('allStatuses')}</option>
            {providerStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`status.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`${dash}/users/deactivated`} className="btn-secondary">
            {t('deactivatedUsers')}
          </Link>
          <button type="button" className="btn-danger" disabled={total === 0} onClick={() => setConfirmAll(true)}>
            {t(`kinds.${slug}.deactivateAll`)}
          </button>
        </div>
      </div>
      <PaginatedTable
        query={query}
        onPageChange={setPage}
        caption={t(`kinds.${slug}.title`)}
        columns={columns}
        rowKey={(p) => p.id}
        errorMessage={t(`kinds.${slug}.fetchError`)}
        emptyMessage={t(`kinds.${slug}.empty`)}
      />
      <ProviderAttachmentsDialog slug={slug} providerId={attachmentsOf?.id ?? null} providerName={attachmentsOf ? nameOf(attachmentsOf) : undefined} onClose={() => setAttachmentsOf(null)} />
      <ConfirmDialog
        {...deactivation.dialog}
        variant="deactivate"
        details={deactivation.target ? nameOf(deactivation.target) : undefined}
      />
      <ConfirmDialog
        open={confirmAll}
        variant="deactivate"
        busy={deactivateAll.isPending}
        details={
          <>
            {t(`kinds.${slug}.deactivateAllDetails`, { count: formatNumber(total, lng) as unknown as number })}
            {filterText && ` ${t('filterNote', { filter: filterText })}`}
          </>
        }
        onCancel={() => setConfirmAll(false)}
        onConfirm={() => deactivateAll.mutate({ search, status }, { onSettled: () => setConfirmAll(false) })}
      />
    </section>
  );
}
