import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeRequestPaths, type ChangeRequest, type ChangeValue } from '@sehha/contract/change-requests';
import { ExportButton } from '../../components/resource/export-button';
import { useCanCall } from '../../lib/can-call';
import { Screen } from '../../components/layout/screen';
import { DataTable, type Column } from '../../components/table/data-table';
import { Pagination } from '../../components/table/pagination';
import { useListParams } from '../../components/table/use-list-params';
import { useLanguage } from '../../lib/use-language';
import { formatDate } from '../../lib/format';
import { clientPage, roleKey, statusKey } from './request-labels';
import { changeRequestsKey, useChangeRequests, useDecideChangeRequest } from './change-requests-api';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { AccountSubject, SubjectSentence, subjectSlot } from '../../components/dialogs/dialog-subject';
import { ToneBadge, type BadgeTone } from '../../components/feedback/tone-badge';
import { localName } from '../../lib/local-name';
import { HistoryDialog, type HistorySubject } from '../../components/audit/history-dialog';
import { History } from 'lucide-react';
import { FilterSelect } from '../../components/table/filter-select';
import { bulkPaths, changeRequestBulkDecisionList } from '@sehha/contract/bulk-actions';
import { useBulkList, useRowLabel, type BulkDialogProps } from '../../components/resource/bulk-selection';
import { BulkRejectDialog, ReasonField } from './reject-reason';

/** A decision the admin is asked to confirm: accept (1) or reject (2) one waiting request. */
type Decision = { request: ChangeRequest; status: 1 | 2 };
const decisionKey = { 1: 'accept', 2: 'reject' } as const;
const decisions = [1, 2] as const;

/** `?state=` of the list: waiting requests (status 0) or decided ones (anything else). */
const states = ['waiting', 'decided'] as const;
type State = (typeof states)[number];
const isState = (value: string | null): value is State => states.includes(value as State);

const statusTone = { waiting: 'waiting', approved: 'success', rejected: 'danger', closed: 'neutral' } as const satisfies Record<
  string,
  BadgeTone
>;

/** /{lng}/dashboard/requests: the full list with client-side pages of 10; accept or reject waiting requests. */
export default function RequestsPage() {
  const { t } = useTranslation('change-requests');
  const lng = useLanguage();
  const { page, setPage, filters, setFilter, filtered, clearFilters } = useListParams([], ['state']);
  const query = useChangeRequests();
  const decide = useDecideChangeRequest(() => setPage(1));
  const canDecide = useCanCall()('PATCH', changeRequestPaths.decide(':id'));
  // Accepting or rejecting writes to the account and tells it: ask first, naming the account and the decision
  // (the toast then offers Undo for its few seconds). The
  // dialog stays open while the call runs; the row stays in place until the list has reloaded.
  const [asked, setAsked] = useState<Decision | null>(null);
  // A rejection may say why (optional, up to 1000 characters): the requester's SMS/email quotes it.
  const [reason, setReason] = useState('');
  const ask = (decision: Decision) => {
    setReason('');
    setAsked(decision);
  };
  const [historyOf, setHistoryOf] = useState<HistorySubject | null>(null);
  const rawState = filters.state ?? null;
  const state = isState(rawState) ? rawState : undefined;
  const setState = (value: string) => setFilter('state', value);
  const listed = (query.data ?? []).filter((r) => !state || (state === 'waiting') === (r.status === 0));
  const { rows, paginator } = clientPage(listed, page);
  // Decisions on the selected requests, or on every one the list shows under its state filter (waiting ones only move).
  const rowLabel = useRowLabel();
  const bulk = useBulkList({
    rows: query.data ? rows : undefined,
    total: listed.length,
    filter: { state },
    noun: 'request',
    // A bulk rejection may say why too: one reason, quoted to every requester.
    actions: changeRequestBulkDecisionList.map((key) => ({
      key,
      path: bulkPaths.changeRequests(key),
      dialog: key === 'reject' ? (props: BulkDialogProps) => <BulkRejectDialog {...props} /> : undefined,
    })),
    refresh: [changeRequestsKey],
  });

  const shown = (value: ChangeValue) => {
    if (value === null || value === '') return <span className="text-slate-600">{t('noValue')}</span>;
    if (typeof value === 'object') return localName(value, lng);
    // Phone numbers start with '+' (no strong direction): keep them left-to-right in Arabic too.
    return <span dir={/^[+\d\s-]+$/.test(String(value)) ? 'ltr' : 'auto'}>{String(value)}</span>;
  };
  const fieldLabel = (field: string) => t(`fields.${field}`, { defaultValue: field });

  const columns: Column<ChangeRequest>[] = [
    {
      id: 'name',
      header: t('name'),
      cell: (r) => (
        <span dir="auto" className="font-medium">
          {r.user.name}
        </span>
      ),
      truncate: (r) => r.user.name,
    },
    {
      id: 'email',
      header: t('email'),
      cell: (r) => <span dir="ltr">{r.user.email}</span>,
      truncate: (r) => r.user.email,
      hideOnPhone: true,
    },
    { id: 'role', header: t('role'), cell: (r) => t(`roles.${roleKey(r.user.role)}`) },
    {
      id: 'change',
      header: t('change'),
      cell: (r) => (
        <dl className="flex flex-col gap-1">
          {r.changes.map((change) => (
            <div key={change.field} data-field={change.field}>
              <dt className="text-xs font-semibold text-slate-600">{fieldLabel(change.field)}</dt>
              <dd className="flex flex-wrap items-center gap-1">
                <span className="line-through decoration-slate-400" title={t('current')}>
                  <span className="sr-only">{t('current')}: </span>
                  {shown(change.current)}
                </span>
                <span aria-hidden className="inline-block rtl:-scale-x-100">
                  →
                </span>
                <span className="font-medium text-teal-800" title={t('requested')}>
                  <span className="sr-only">{t('requested')}: </span>
                  {shown(change.requested)}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ),
    },
    {
      id: 'date',
      header: t('date'),
      className: 'whitespace-nowrap',
      cell: (r) => (
        <time
          dateTime={r.created_at}
          title={
            r.decided_at ? t('decidedOn', { date: formatDate(r.decided_at, lng, { dateStyle: 'medium', timeStyle: 'short' }) }) : undefined
          }
        >
          {formatDate(r.created_at, lng, { dateStyle: 'medium' })}
        </time>
      ),
    },
    {
      id: 'status',
      header: t('status'),
      cell: (r) => (
        <div className="flex flex-col items-start gap-1">
          <ToneBadge tone={statusTone[statusKey(r.status)]}>{t(`statuses.${statusKey(r.status)}`)}</ToneBadge>
          {r.reason && (
            <span className="text-xs text-slate-600" data-reason>
              {t('reasonShown')}{' '}
              <span dir="auto" className="text-slate-800">
                {r.reason}
              </span>
            </span>
          )}
        </div>
      ),
    },
    {
      id: 'actions',
      header: t('common:actions'),
      className: 'whitespace-nowrap',
      cell: (r) => (
        <div className="flex flex-wrap items-center gap-2">
          {r.status === 0 &&
            decisions.map((status) => (
              <button
                key={status}
                type="button"
                className={status === 1 ? 'btn-primary' : 'btn-danger'}
                disabled={!canDecide || decide.isPending}
                title={canDecide ? undefined : t('common:notAllowedAction')}
                aria-label={t(`${decisionKey[status]}Row`, { name: r.user.name })}
                onClick={() => ask({ request: r, status })}
              >
                {t(decisionKey[status])}
              </button>
            ))}
          <button
            type="button"
            className="btn-link inline-flex items-center gap-1"
            aria-label={`${t('audit-logs:history')}: ${r.user.name}`}
            onClick={() => setHistoryOf({ entity: 'change_request', id: r.id, name: r.user.name })}
          >
            <History aria-hidden className="size-4" />
            {t('audit-logs:history')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <Screen name="requests" title={t('title')} actions={<ExportButton path={changeRequestPaths.list} />}>
      <div className="mb-4">
        <FilterSelect
          label={t('stateFilter')}
          labelStyle="inline"
          value={state ?? ''}
          onChange={setState}
          allLabel={t('states.all')}
          options={states.map((value) => ({ value, label: t(`states.${value}`) }))}
        />
      </div>
      <DataTable
        caption={t('title')}
        columns={columns}
        rows={query.data ? rows : undefined}
        loading={query.isPending}
        fetching={query.isFetching && !query.isPending}
        error={query.isError}
        errorMessage={t('fetchError')}
        emptyMessage={t('empty')}
        onClearFilters={filtered ? clearFilters : undefined}
        onRetry={() => void query.refetch()}
        selection={bulk.selection}
        selectionBar={bulk.selectionBar}
        rowLabel={(r) => rowLabel(r.user.name)}
      />
      {query.data && <Pagination paginator={paginator} onPageChange={setPage} />}
      {bulk.dialog}
      <HistoryDialog subject={historyOf} onClose={() => setHistoryOf(null)} />
      <ConfirmDialog
        open={asked !== null}
        variant="deactivate"
        tone={asked?.status === 1 ? 'primary' : 'danger'}
        title={asked ? t(`decision.${decisionKey[asked.status]}.title`) : undefined}
        confirmLabel={asked ? t(`decision.${decisionKey[asked.status]}.confirm`) : undefined}
        busy={decide.isPending}
        details={
          asked ? (
            <SubjectSentence
              text={t(`decision.${decisionKey[asked.status]}.details`, {
                subject: subjectSlot,
                role: t(`roles.${roleKey(asked.request.user.role)}`),
              })}
              subject={<AccountSubject name={asked.request.user.name} email={asked.request.user.email} />}
            />
          ) : undefined
        }
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (asked)
            decide.mutate(
              { id: asked.request.id, name: asked.request.user.name, status: asked.status, reason },
              { onSettled: () => setAsked(null) },
            );
        }}
      >
        {asked?.status === 2 && <ReasonField value={reason} onChange={setReason} disabled={decide.isPending} />}
      </ConfirmDialog>
    </Screen>
  );
}
