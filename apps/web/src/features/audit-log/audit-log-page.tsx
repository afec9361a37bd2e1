import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { auditActions, auditEntities, type AuditLogEntry } from '@sehha/contract/audit-logs';
import { PageHeader } from '../../components/layout/page-header';
import type { Column } from '../../components/table/data-table';
import { PaginatedTable } from '../../components/table/paginated-table';
import { useListParams } from '../../components/table/use-list-params';
import { DateInput } from '../../components/form/date-field';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { useAuditLog } from './audit-log-api';
import { AuditEntryDialog, useRecordLabel } from '../../components/audit/audit-diff';
import { FilterSelect } from '../../components/table/filter-select';

const filterKeys = ['entity', 'action', 'from', 'to', 'actor_id', 'actor'] as const;
const isDay = (value: string | undefined) => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));

/**
 * /{lng}/dashboard/audit-log: every admin change, newest first, filtered by record kind, action, day range and
 * admin (a row's admin name narrows the log to that admin); a row opens the before/after of its fields.
 */
export default function AuditLogPage() {
  const { t } = useTranslation('audit');
  const lng = useLanguage();
  const params = useListParams([], filterKeys);
  // A half-chosen date stays in the control (and the URL) but is not sent until it is a whole day.
  const { filters, setFilter, setFilters } = params;
  const query = useAuditLog({
    page: params.page,
    per_page: params.perPage,
    entity: filters.entity || undefined,
    action: filters.action || undefined,
    actor_id: filters.actor_id || undefined,
    from: isDay(filters.from) ? filters.from : undefined,
    to: isDay(filters.to) ? filters.to : undefined,
  });
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const recordLabel = useRecordLabel();
  const onlyAdmin = (entry: AuditLogEntry) => entry.actor && setFilters({ actor: entry.actor.name, actor_id: String(entry.actor.id) });
  const clearAdmin = () => setFilters({ actor: '', actor_id: '' });

  const columns: Column<AuditLogEntry>[] = [
    { id: 'when', header: t('when'), className: 'whitespace-nowrap', cell: (entry) => <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, lng)}</time> },
    {
      id: 'admin',
      header: t('admin'),
      cell: (entry) =>
        entry.actor ? (
          <button type="button" className="btn-link text-start" title={t('onlyAdmin', { name: entry.actor.name })} onClick={() => onlyAdmin(entry)}>
            <bdi>{entry.actor.name}</bdi>
          </button>
        ) : (
          <span className="text-slate-600">{t('unknownAdmin')}</span>
        ),
    },
    { id: 'action', header: t('action'), cell: (entry) => t(`actions.${entry.action}`, { defaultValue: entry.action }) },
    { id: 'record', header: t('record'), cell: (entry) => recordLabel(entry) },
    {
      id: 'actions',
      header: t('changes'),
      headerHidden: true,
      className: 'w-32',
      cell: (entry) => (
        <button type="button" className="btn-link" aria-label={t('viewChangesOf', { record: recordLabel(entry) })} onClick={() => setOpen(entry)}>
          {t('viewChanges')}
        </button>
      ),
    },
  ];

  return (
    <section data-screen="auditLog">
      <PageHeader title={t('title')} breadcrumbs={[{ label: t('screens:home'), to: `/${lng}/dashboard/home` }, { label: t('title') }]} />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <FilterSelect
          label={t('record')}
          labelStyle="above"
          value={filters.entity ?? ''}
          onChange={(value) => setFilter('entity', value)}
          allLabel={t('allRecords')}
          options={auditEntities.map((entity) => ({ value: entity, label: t(`entities.${entity}`) }))}
        />
        <FilterSelect
          label={t('action')}
          labelStyle="above"
          value={filters.action ?? ''}
          onChange={(value) => setFilter('action', value)}
          allLabel={t('allActions')}
          options={auditActions.map((action) => ({ value: action, label: t(`actions.${action}`) }))}
        />
        <DateInput label={t('from')} value={filters.from ?? ''} onChange={(value) => setFilter('from', value)} fromYear={2020} toYear={new Date().getFullYear()} />
        <DateInput label={t('to')} value={filters.to ?? ''} onChange={(value) => setFilter('to', value)} fromYear={2020} toYear={new Date().getFullYear()} />
        {filters.actor_id && (
          <span className="inline-flex items-center gap-1 rounded-full bg-teal-50 py-1 ps-3 pe-1 text-sm text-teal-900">
            <span>{t('adminFilter', { name: filters.actor || filters.actor_id })}</span>
            <button type="button" className="rounded-full p-1 hover:bg-teal-100" aria-label={t('removeAdminFilter')} onClick={clearAdmin}>
              <X aria-hidden className="size-3.5" />
            </button>
          </span>
        )}
      </div>
      <PaginatedTable
        query={query}
        params={params}
        onPageChange={params.setPage}
        caption={t('caption')}
        columns={columns}
        rowKey={(entry) => entry.id}
        errorMessage={t('fetchError')}
        emptyMessage={t('empty')}
      />
      <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />
    </section>
  );
}
