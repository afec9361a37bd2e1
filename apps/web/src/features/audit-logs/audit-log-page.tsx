import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { auditActions, auditEntities, auditLogPaths, type AuditLogEntry } from '@sehha/contract/audit-logs';
import { auditActionOf } from '@sehha/contract/audit-labels';
import type { Column } from '../../components/table/data-table';
import { ListScreen } from '../../components/table/list-screen';
import { useListParams } from '../../components/table/use-list-params';
import { DateInput } from '../../components/form/date-input';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { useAuditLog } from '../../components/audit/audit-log-api';
import { AuditEntryDialog, platformTimeZone, RecordName, systemActions, useRecordLabel } from '../../components/audit/audit-diff';
import { FilterSelect } from '../../components/table/filter-select';

const filterKeys = ['entity', 'action', 'from', 'to', 'actor_id', 'actor'] as const;
/** The filters that choose from a list: the kind of record and the action. */
const choiceFilters = [
  { key: 'entity', label: 'record', allLabel: 'allRecords', values: auditEntities, names: 'entities' },
  { key: 'action', label: 'action', allLabel: 'allActions', values: auditActions, names: 'actions' },
] as const;
/** The day range's two ends, each a date filter. */
const dayBounds = ['from', 'to'] as const;
const isDay = (value: string | undefined) => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));

/**
 * /{lng}/dashboard/audit-log: every admin change, newest first, filtered by record kind, action, day range and
 * admin (a row's admin name narrows the log to that admin); a row opens the before/after of its fields.
 */
export default function AuditLogPage() {
  const { t } = useTranslation('audit-logs');
  const lng = useLanguage();
  const params = useListParams([], filterKeys);
  // A half-chosen date stays in the control (and the URL) but is not sent until it is a whole day.
  const { filters, setFilter, setFilters } = params;
  const listQuery = {
    page: params.page,
    per_page: params.perPage,
    search: params.search || undefined,
    entity: filters.entity || undefined,
    action: filters.action || undefined,
    actor_id: filters.actor_id || undefined,
    from: isDay(filters.from) ? filters.from : undefined,
    to: isDay(filters.to) ? filters.to : undefined,
  };
  const query = useAuditLog(listQuery);
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const recordLabel = useRecordLabel();
  const onlyAdmin = (entry: AuditLogEntry) => entry.actor && setFilters({ actor: entry.actor.name, actor_id: String(entry.actor.id) });
  const clearAdmin = () => setFilters({ actor: '', actor_id: '' });

  const columns: Column<AuditLogEntry>[] = [
    {
      id: 'when',
      header: t('when'),
      className: 'whitespace-nowrap',
      cell: (entry) => <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, lng, { timeZone: platformTimeZone })}</time>,
    },
    {
      id: 'admin',
      header: t('admin'),
      cell: (entry) =>
        entry.actor ? (
          <button
            type="button"
            className="btn-link text-start"
            title={t('onlyAdmin', { name: entry.actor.name })}
            onClick={() => onlyAdmin(entry)}
          >
            <bdi>{entry.actor.name}</bdi>
          </button>
        ) : (
          <span className="text-slate-600">{t(systemActions.has(entry.action) ? 'platform' : 'unknownAdmin')}</span>
        ),
    },
    { id: 'action', header: t('action'), cell: (entry) => t(`actions.${auditActionOf(entry)}`, { defaultValue: entry.action }) },
    { id: 'record', header: t('record'), cell: (entry) => <RecordName entry={entry} /> },
    {
      id: 'actions',
      header: t('changes'),
      headerHidden: true,
      className: 'w-32',
      cell: (entry) => (
        <button
          type="button"
          className="btn-link"
          aria-label={t('viewChangesOf', { record: recordLabel(entry) })}
          onClick={() => setOpen(entry)}
        >
          {t('viewChanges')}
        </button>
      ),
    },
  ];

  return (
    <ListScreen
      name="auditLog"
      text={t}
      caption={t('caption')}
      query={query}
      params={params}
      exportFrom={{ path: auditLogPaths.list, query: listQuery }}
      search
      columns={columns}
      filterBarClassName="mb-4 flex flex-wrap items-end gap-4"
      filters={
        <>
          {choiceFilters.map((filter) => (
            <FilterSelect
              key={filter.key}
              label={t(filter.label)}
              labelStyle="above"
              value={filters[filter.key] ?? ''}
              onChange={(value) => setFilter(filter.key, value)}
              allLabel={t(filter.allLabel)}
              options={filter.values.map((value) => ({ value, label: t(`${filter.names}.${value}`) }))}
            />
          ))}
          {dayBounds.map((bound) => (
            <DateInput
              key={bound}
              label={t(bound)}
              value={filters[bound] ?? ''}
              onChange={(value) => setFilter(bound, value)}
              fromYear={2020}
              toYear={new Date().getFullYear()}
            />
          ))}
          {filters.actor_id && (
            <span className="inline-flex items-center gap-1 rounded-full bg-teal-50 py-1 ps-3 pe-1 text-sm text-teal-900">
              <span>{t('adminFilter', { name: filters.actor || filters.actor_id })}</span>
              <button type="button" className="rounded-full p-1 hover:bg-teal-100" aria-label={t('removeAdminFilter')} onClick={clearAdmin}>
                <X aria-hidden className="size-3.5" />
              </button>
            </span>
          )}
        </>
      }
    >
      <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />
    </ListScreen>
  );
}
