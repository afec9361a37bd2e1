import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@sehha/contract/envelope';
import type { ProviderKindSlug } from '@sehha/contract/providers';
import { bulkIdsMax } from '@sehha/contract/bulk';
import { apiRequest, isApiError } from '../../lib/api-client';
import { useCanCall } from '../../lib/can-call';
import { formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { notify } from '../feedback/notify';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import type { TableSelection } from '../table/data-table';
import { useBulkSelection } from './use-bulk-selection';

export type BulkActionKey = 'approve' | 'reject' | 'hold' | 'deactivate' | 'reactivate';
/** What a list's rows are called in the texts (`bulk:nouns.*`, with the count). */
export type BulkNoun = 'doctor' | 'pharmacy' | 'hospital' | 'medicalCenter' | 'company' | 'account' | 'user' | 'license' | 'request';
/** What an action's own dialog is given (see BulkAction.dialog). */
export type BulkDialogProps = {
  title: string;
  confirmLabel: string;
  /** The scope of the action (all matching, rows left as they are), as the confirmation states it. */
  details: ReactNode;
  busy: boolean;
  /** The last failure of the call, shown in the dialog (which stays open). */
  error: unknown;
  onCancel: () => void;
  /** Runs the action with these fields beside the selection in the body. */
  onConfirm: (fields: object) => void;
};
/**
 * One action of a list: its call (`POST {list path}/bulk/{action}`), whose permission decides whether the
 * button is enabled, and optionally its own dialog instead of the confirmation, asking for more (a rejection's reasons).
 */
export type BulkAction = { key: BulkActionKey; path: string; dialog?: ((props: BulkDialogProps) => ReactNode) | undefined };

/** What each provider list's rows are called. */
export const providerBulkNouns: Record<ProviderKindSlug, BulkNoun> = {
  doctors: 'doctor',
  pharmacies: 'pharmacy',
  hospitals: 'hospital',
  'medical-centers': 'medicalCenter',
  companies: 'company',
};

/** Approving and reactivating are the constructive decisions; the others are confirmed in red. */
const constructive = new Set<BulkActionKey>(['approve', 'reactivate']);

type BulkListOptions = {
  /** The rows on screen and the list's total under its filter. */
  rows: readonly { id: number }[] | undefined;
  total: number;
  /** Exactly the list's query (search and filters): the selection clears when it changes, "all matching" sends it. */
  filter: Record<string, unknown>;
  noun: BulkNoun;
  actions: BulkAction[];
  /** Query-key roots to refresh after an action (the list, and lists the rows move to). */
  refresh: readonly string[];
};

/**
 * The bulk selection of one list, built once for every list: the checkbox column (`selection`, for the
 * data table), the bar above the rows (count, "Select all N matching", the list's actions, enabled as
 * the admin's role allows), and the confirm dialog stating the count. After an action: a toast with the
 * count the server changed, the selection cleared, the lists refreshed.
 */
export function useBulkList({ rows, total, filter, noun, actions, refresh }: BulkListOptions): {
  selection: TableSelection;
  selectionBar: ReactNode;
  dialog: ReactNode;
} {
  const { t } = useTranslation('bulk');
  const lng = useLanguage();
  const canCall = useCanCall();
  const queryClient = useQueryClient();
  const pageIds = (rows ?? []).map((row) => row.id);
  const selection = useBulkSelection({ pageIds, total, filter });
  const [asked, setAsked] = useState<BulkAction | null>(null);
  const what = (count: number) => t(`nouns.${noun}`, { count, n: formatNumber(count, lng) });

  const run = useMutation({
    mutationFn: ({ action, fields }: { action: BulkAction; fields?: object | undefined }) =>
      apiRequest<Envelope<{ count: number }>>(action.path, { method: 'POST', body: { ...selection.target(), ...fields } }).then(
        (body) => body.data.count,
      ),
    onSuccess: async (count, { action }) => {
      notify('success', t(`done.${action.key}`, { what: what(count) }), `bulk:${action.path}`);
      selection.clear();
      setAsked(null);
      await Promise.all(refresh.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
    onError: (error, { action }) => {
      if (isApiError(error) && error.status === 401) return setAsked(null); // the session ended; the app goes to login
      if (action.dialog) return; // its own dialog stays open and shows the error
      setAsked(null);
      const first = isApiError(error) ? Object.values(error.errors)[0]?.[0] : undefined;
      // An unreachable server's message is the browser's ("Failed to fetch"); the shell's UnsavedActionNotice explains.
      const message = first ?? (isApiError(error) && error.status !== 0 && error.message ? error.message : t('common:somethingWrong'));
      notify('error', message, `bulk:${action.path}`);
    },
  });

  const count = selection.count;
  const announced = count > 0 ? t('selected', { what: what(count) }) : '';
  const selectionBar = (
    <>
      {/* Always in the page, so that screen readers hear each change of the count. */}
      <p className="sr-only" aria-live="polite" data-bulk-live>
        {announced}
      </p>
      {count > 0 && (
        <div
          role="toolbar"
          aria-label={t('barLabel')}
          data-bulk-bar
          className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-teal-50 px-4 py-2"
        >
          <span className="text-sm font-medium" data-bulk-count>
            {selection.allMatching ? t('allMatchingSelected', { what: what(count) }) : announced}
          </span>
          {selection.pageSelected && total > pageIds.length && (
            <button
              type="button"
              className="text-sm font-medium text-teal-800 underline hover:no-underline"
              onClick={selection.selectAllMatching}
              data-select-all-matching
            >
              {t('selectAllMatching', { n: formatNumber(total, lng) })}
            </button>
          )}
          <span className="flex flex-wrap items-center gap-2">
            {actions.map((action) => {
              const allowed = canCall('POST', action.path) && !selection.tooMany;
              return (
                <button
                  key={action.key}
                  type="button"
                  className={`${constructive.has(action.key) ? 'btn-primary' : 'btn-danger'} px-3 py-1 text-sm`}
                  disabled={!allowed || run.isPending}
                  title={
                    allowed
                      ? undefined
                      : selection.tooMany
                        ? t('tooMany', { n: formatNumber(bulkIdsMax, lng) })
                        : t('common:notAllowedAction')
                  }
                  data-bulk-action={action.key}
                  onClick={() => setAsked(action)}
                >
                  {t(`actions.${action.key}`)}
                </button>
              );
            })}
          </span>
          <button type="button" className="ms-auto text-sm text-slate-700 hover:underline" onClick={selection.clear}>
            {t('clear')}
          </button>
        </div>
      )}
    </>
  );

  const details = (
    <>
      {selection.allMatching && <span className="block">{t('scopeAll')}</span>}
      {asked?.key === 'deactivate' && <span className="block">{t('deactivateNote')}</span>}
      <span className="block">{t('skipped')}</span>
    </>
  );
  const close = () => {
    run.reset();
    setAsked(null);
  };
  const dialog = asked?.dialog ? (
    asked.dialog({
      title: t(`confirm.${asked.key}`, { what: what(count) }),
      confirmLabel: t(`actions.${asked.key}`),
      details,
      busy: run.isPending,
      error: run.error,
      onCancel: close,
      onConfirm: (fields) => run.mutate({ action: asked, fields }),
    })
  ) : (
    <ConfirmDialog
      open={asked !== null}
      variant="deactivate"
      tone={asked && constructive.has(asked.key) ? 'primary' : 'danger'}
      title={asked ? t(`confirm.${asked.key}`, { what: what(count) }) : undefined}
      confirmLabel={asked ? t(`actions.${asked.key}`) : undefined}
      busy={run.isPending}
      details={details}
      onCancel={() => setAsked(null)}
      onConfirm={() => asked && run.mutate({ action: asked })}
    />
  );

  return { selection: selection.table, selectionBar, dialog };
}

/** The accessible name of a row's checkbox: "Select Dr. Amal Hassan". */
export function useRowLabel() {
  const { t } = useTranslation('bulk');
  return (name: string) => t('selectRow', { name });
}
