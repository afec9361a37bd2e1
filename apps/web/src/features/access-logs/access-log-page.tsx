import { useTranslation } from 'react-i18next';
import { accessLogPaths, type AccessLogEntry } from '@sehha/contract/access-logs';
import { accessKinds } from '@sehha/contract/status-codes';
import type { Column } from '../../components/table/data-table';
import { ListScreen } from '../../components/table/list-screen';
import { useListParams } from '../../components/table/use-list-params';
import { DateInput } from '../../components/form/date-input';
import { FilterSelect } from '../../components/table/filter-select';
import { RequirePermission } from '../../components/layout/require-permission';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { useAccessLog } from './access-log-api';
import { IdFilter } from './id-filter';
import { FilterChip } from './filter-chip';

/** `subject`/`actor` keep the chosen person's name for the chip; the ids are what the API filters by. */
const filterKeys = ['subject_user_id', 'subject', 'actor_id', 'actor', 'kind', 'from', 'to'] as const;
const dayBounds = ['from', 'to'] as const;
const isDay = (value: string | undefined) => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));
/** How many record ids a row shows before "+N". */
const shownRecords = 3;

/**
 * /{lng}/dashboard/data-access: who read health data or documents (issue 28), newest first, filtered by the person
 * the data is about, the reader, the kind of read and the day range; for super admins (`privacy.manage`).
 */
export default function AccessLogPage() {
  const { t } = useTranslation('access-logs');
  return (
    <RequirePermission permission="privacy.manage" name="accessLog" title={t('title')}>
      <AccessLogScreen />
    </RequirePermission>
  );
}

function AccessLogScreen() {
  const { t } = useTranslation('access-logs');
  const lng = useLanguage();
  const params = useListParams([], filterKeys);
  const { filters, setFilter, setFilters } = params;
  // A half-chosen date stays in the control (and the URL) but is not sent until it is a whole day.
  const listQuery = {
    page: params.page,
    per_page: params.perPage,
    subject_user_id: filters.subject_user_id || undefined,
    actor_id: filters.actor_id || undefined,
    kind: filters.kind || undefined,
    from: isDay(filters.from) ? filters.from : undefined,
    to: isDay(filters.to) ? filters.to : undefined,
  };
  const query = useAccessLog(listQuery);
  const onlyAbout = (person: { id: number; name: string }) => setFilters({ subject_user_id: String(person.id), subject: person.name });
  const onlyBy = (person: { id: number; name: string }) => setFilters({ actor_id: String(person.id), actor: person.name });

  const columns: Column<AccessLogEntry>[] = [
    {
      id: 'when',
      header: t('when'),
      className: 'whitespace-nowrap',
      cell: (entry) => <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, lng)}</time>,
    },
    {
      id: 'reader',
      header: t('reader'),
      cell: (entry) =>
        entry.actor ? (
          <button
            type="button"
            className="btn-link text-start"
            title={t('onlyBy', { name: entry.actor.name })}
            onClick={() => onlyBy(entry.actor!)}
          >
            <bdi>{entry.actor.name}</bdi>
          </button>
        ) : (
          <span className="text-slate-600">{t(`actorKinds.${entry.actor_kind}`)}</span>
        ),
    },
    { id: 'kind', header: t('kind'), cell: (entry) => t(`kinds.${entry.kind}`) },
    { id: 'purpose', header: t('purpose'), cell: (entry) => t(`purposes.${entry.purpose}`) },
    {
      id: 'subjects',
      header: t('subjects'),
      cell: (entry) =>
        entry.subject_count === 0 ? (
          <span className="text-slate-600">{t('noSubjects')}</span>
        ) : (
          <span className="flex flex-wrap gap-x-2">
            {entry.subjects.map((person) => (
              <button
                key={person.id}
                type="button"
                className="btn-link text-start"
                title={t('onlyAbout', { name: person.name })}
                onClick={() => onlyAbout(person)}
              >
                <bdi>{person.name}</bdi>
              </button>
            ))}
            {entry.subject_count > entry.subjects.length && (
              <span className="text-slate-600">
                {t('morePeople', {
                  count: entry.subject_count - entry.subjects.length,
                  n: formatNumber(entry.subject_count - entry.subjects.length, lng),
                })}
              </span>
            )}
          </span>
        ),
    },
    {
      id: 'records',
      header: t('records'),
      cell: (entry) => <RecordCell entry={entry} />,
    },
    {
      id: 'address',
      header: t('address'),
      cell: (entry) => (entry.address ? <bdi dir="ltr">{entry.address}</bdi> : <span className="text-slate-600">—</span>),
    },
  ];

  return (
    <ListScreen
      name="accessLog"
      text={t}
      caption={t('caption')}
      query={query}
      params={params}
      exportFrom={{ path: accessLogPaths.list, query: listQuery }}
      columns={columns}
      filterBarClassName="mb-4 flex flex-wrap items-end gap-4"
      filters={
        <>
          <IdFilter
            label={t('person')}
            value={filters.subject_user_id ?? ''}
            onChange={(value) => setFilters({ subject_user_id: value, subject: '' })}
          />
          <IdFilter label={t('readerId')} value={filters.actor_id ?? ''} onChange={(value) => setFilters({ actor_id: value, actor: '' })} />
          <FilterSelect
            label={t('kind')}
            labelStyle="above"
            value={filters.kind ?? ''}
            onChange={(value) => setFilter('kind', value)}
            allLabel={t('allKinds')}
            options={accessKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          />
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
          {filters.subject_user_id && (
            <FilterChip
              text={t('personFilter', {
                name: filters.subject || `#${formatNumber(Number(filters.subject_user_id), lng, { useGrouping: false })}`,
              })}
              removeLabel={t('removePersonFilter')}
              onRemove={() => setFilters({ subject_user_id: '', subject: '' })}
            />
          )}
          {filters.actor_id && (
            <FilterChip
              text={t('readerFilter', { name: filters.actor || `#${formatNumber(Number(filters.actor_id), lng, { useGrouping: false })}` })}
              removeLabel={t('removeReaderFilter')}
              onRemove={() => setFilters({ actor_id: '', actor: '' })}
            />
          )}
        </>
      }
    />
  );
}

/** The records read: their kind and the first few ids ("+N" more). */
function RecordCell({ entry }: { entry: AccessLogEntry }) {
  const { t } = useTranslation('access-logs');
  const lng = useLanguage();
  if (entry.record_ids.length === 0) return <span className="text-slate-600">—</span>;
  const shown = entry.record_ids
    .slice(0, shownRecords)
    .map((id) => t('recordId', { id: formatNumber(Number(id), lng, { useGrouping: false }) }));
  const more = entry.record_ids.length - shown.length;
  const entity = entry.entity ? t(`entities.${entry.entity}`, { defaultValue: entry.entity }) : '';
  return (
    <span>
      {t('recordList', { entity, ids: shown.join(lng === 'ar' ? '، ' : ', ') })}
      {more > 0 && <span className="text-slate-600"> {t('moreRecords', { count: more, n: formatNumber(more, lng) })}</span>}
    </span>
  );
}
