import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { DecisionDetails } from '@sehha/contract/providers';
import type { ReviewDecision, ReviewItem } from '@sehha/contract/review-queue';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { DecisionReasonDialog } from '../../components/providers/decision-reason-dialog';
import { notify } from '../../components/feedback/notify';
import { isApiError } from '../../lib/api-client';
import { useLanguage } from '../../lib/use-language';
import { decideRecord } from './review-queue-api';
import { recordName } from './review-record';

export type ReviewMove = 'next' | 'previous' | 'decided';

/** The status the admin sees, sent with the decision: the API refuses it (409) when someone decided the record since. */
const expectedStatus = (item: ReviewItem) =>
  item.record === 'provider' ? item.provider.status : item.record === 'license' ? item.license.status : item.change_request.status;

/** A key press the queue answers: not while typing, not with a modifier (the browser's and the palette's shortcuts). */
function queueKey(event: KeyboardEvent): string | undefined {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return undefined;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"], [role="alertdialog"]'))
    return undefined;
  // By the key's place, not its letter: an Arabic keyboard layout types ش for A.
  return { KeyA: 'a', KeyR: 'r', KeyH: 'h', KeyJ: 'j', KeyK: 'k' }[event.code];
}

/**
 * The decision buttons of the record shown, with their keys (A accept, R reject, H hold, J next, K previous):
 * a rejection or a hold asks why, as on the lists (the reason dialog for providers, a confirmation for the others).
 */
export function ReviewActions({ item, busy, onMove }: { item: ReviewItem; busy: boolean; onMove: (to: ReviewMove) => void }) {
  const { t } = useTranslation('review-queue');
  const lng = useLanguage();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'reject' | 'hold' | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const name = recordName(item, lng);
  const canHold = item.record === 'provider';

  const decide = useCallback(
    async (decision: ReviewDecision, details: Record<string, unknown> = {}) => {
      setRunning(true);
      setFailure(null);
      try {
        const answer = await decideRecord(item, { decision, expected_status: expectedStatus(item), ...details });
        notify('success', `${name}: ${answer.message ?? t(`actions.${decision}`)}`, 'review-queue-decision');
        setAsking(null);
        // Every list showing the record is out of date now (its status, the pending counts).
        void queryClient.invalidateQueries();
        onMove('decided');
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          // Decided or held by someone else: nothing changed; the queue moves on.
          notify('error', error.message, 'review-queue-decision');
          setAsking(null);
          onMove('decided');
        } else if (asking && isApiError(error) && error.status === 422) setFailure(error);
        else notify('error', isApiError(error) ? error.message : t('common:somethingWrong'), 'review-queue-decision');
      } finally {
        setRunning(false);
      }
    },
    [asking, item, name, onMove, queryClient, t],
  );

  const act = useCallback(
    (action: ReviewDecision | 'next' | 'previous') => {
      if (busy || running) return;
      if (action === 'next' || action === 'previous') return onMove(action);
      if (action === 'accept') return void decide('accept');
      if (action === 'hold' && !canHold) return;
      setReason('');
      setFailure(null);
      setAsking(action);
    },
    [busy, running, onMove, decide, canHold],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (asking) return;
      const key = queueKey(event);
      const action = key && ({ a: 'accept', r: 'reject', h: 'hold', j: 'next', k: 'previous' } as const)[key as 'a'];
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act, asking]);

  const button = (action: ReviewDecision | 'next' | 'previous', key: string, className: string) => (
    <button
      type="button"
      className={`${className} min-h-11 min-w-11 gap-2`}
      disabled={busy || running}
      aria-keyshortcuts={key}
      data-review-action={action}
      onClick={() => act(action)}
    >
      {t(`actions.${action}`)}
      <kbd aria-hidden className="rounded border border-current/30 px-1 font-mono text-xs opacity-80" title={t('keyHint', { key })}>
        {key}
      </kbd>
    </button>
  );

  const failureText = failure && isApiError(failure) ? (Object.values(failure.errors)[0]?.[0] ?? failure.message) : null;
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t('actionsLabel')} data-review-actions>
      {button('accept', 'A', 'btn-primary')}
      {button('reject', 'R', 'btn-danger')}
      {canHold && button('hold', 'H', 'btn-secondary')}
      <span className="ms-auto flex gap-2">
        {button('previous', 'K', 'btn-secondary')}
        {button('next', 'J', 'btn-secondary')}
      </span>

      {item.record === 'provider' && (
        <DecisionReasonDialog
          open={asking !== null}
          decision={asking === 'hold' ? 'onHold' : 'rejected'}
          title={asking ? t(`providers:decision.title.account.${asking === 'hold' ? 'onHold' : 'rejected'}`) : ''}
          confirmLabel={asking ? t(`providers:decision.confirm.${asking === 'hold' ? 'onHold' : 'rejected'}`) : ''}
          details={<bdi>{name}</bdi>}
          busy={running}
          error={failure}
          onCancel={() => setAsking(null)}
          onConfirm={(details: DecisionDetails) => void decide(asking ?? 'reject', details)}
        />
      )}
      {item.record !== 'provider' && (
        <ConfirmDialog
          open={asking === 'reject'}
          variant="deactivate"
          tone="danger"
          title={
            item.record === 'license'
              ? t('confirm.licenseReject', { number: item.license.number, name })
              : t('confirm.requestReject', { name })
          }
          confirmLabel={t('confirm.confirmReject')}
          busy={running}
          onCancel={() => setAsking(null)}
          onConfirm={() => void decide('reject', item.record === 'change_request' && reason.trim() ? { reason: reason.trim() } : {})}
        >
          {item.record === 'change_request' && (
            <div className="flex flex-col gap-1">
              <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
                {t('reasonLabel')}
              </label>
              <textarea
                id={reasonId}
                className="input min-h-20"
                dir="auto"
                maxLength={1000}
                value={reason}
                disabled={running}
                aria-describedby={`${reasonId}-hint`}
                onChange={(event) => setReason(event.target.value)}
              />
              <p id={`${reasonId}-hint`} className="text-xs text-slate-600">
                {t('reasonHint')}
              </p>
            </div>
          )}
          {failureText && (
            <p role="alert" className="text-sm text-red-700">
              {failureText}
            </p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
