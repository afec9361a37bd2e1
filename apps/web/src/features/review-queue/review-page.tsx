import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { reviewQueueKinds, type ReviewItem, type ReviewNextInput, type ReviewQueueKind } from '@sehha/contract/review-queue';
import { Screen } from '../../components/layout/screen';
import { RequirePermission } from '../../components/layout/require-permission';
import { EmptyState } from '../../components/feedback/empty-state';
import { Spinner } from '../../components/feedback/spinner';
import { notify } from '../../components/feedback/notify';
import { isApiError } from '../../lib/api-client';
import { formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { fetchNext, releaseClaim, renewClaim, reviewQueueKey, useReviewCounts } from './review-queue-api';
import { ReviewRecord } from './review-record';
import { ReviewActions, type ReviewMove } from './review-actions';

/** How often the claim is renewed while the admin stays on a record (it lasts five minutes). */
const renewEveryMs = 120_000;

type Shown = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; item: ReviewItem | null };

/** Route `review`: one waiting record at a time, oldest first, decided with the keyboard or the buttons (issue 29). */
export default function ReviewPage() {
  const { t } = useTranslation('review-queue');
  return (
    <RequirePermission permission="providers.decide" name="review" title={t('title')}>
      <Screen name="review" title={t('title')} description={t('description')}>
        <ReviewQueue />
      </Screen>
    </RequirePermission>
  );
}

const refOf = (item: ReviewItem) => ({ record: item.record, id: item.id });

function ReviewQueue() {
  const { t } = useTranslation('review-queue');
  const lng = useLanguage();
  const queryClient = useQueryClient();
  const counts = useReviewCounts();
  const [kind, setKind] = useState<ReviewQueueKind | undefined>(undefined);
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  const [moving, setMoving] = useState(false);
  const current = shown.state === 'ready' ? shown.item : null;
  const currentRef = useRef<ReviewItem | null>(null);
  currentRef.current = current;

  /** Opens the record `input` points to; `stay` keeps the current one when there is none (J past the end, K before the start). */
  const open = useCallback(
    async (input: ReviewNextInput, stay?: 'endOfQueue' | 'startOfQueue') => {
      setMoving(true);
      try {
        let item = await fetchNext({ kind, ...input });
        // After a decision at the end, older records freed meanwhile (an expired claim) are still waiting.
        if (item === null && input.after && !stay) item = await fetchNext({ kind });
        if (item === null && stay) notify('info', t(stay), 'review-queue-edge');
        else setShown({ state: 'ready', item });
      } catch {
        setShown((previous) => (previous.state === 'ready' ? previous : { state: 'failed' }));
        notify('error', t('loadError'), 'review-queue-load');
      } finally {
        setMoving(false);
        void queryClient.invalidateQueries({ queryKey: [reviewQueueKey, 'counts'] });
      }
    },
    [kind, queryClient, t],
  );

  // The first record of the chosen queue, on arrival and on each change of kind.
  useEffect(() => {
    setShown({ state: 'loading' });
    void open({});
  }, [open]);

  // The claim lasts while the admin stays: renewed every two minutes; lost (another admin took it) moves on.
  useEffect(() => {
    if (!current) return;
    const timer = window.setInterval(() => {
      renewClaim(current).catch((error: unknown) => {
        if (isApiError(error) && error.status === 409) {
          notify('error', error.message, 'review-queue-claim');
          void open({ after: refOf(current) });
        }
      });
    }, renewEveryMs);
    return () => window.clearInterval(timer);
  }, [current, open]);

  // Leaving the screen frees the record for the others at once, rather than when its claim expires.
  useEffect(
    () => () => {
      if (currentRef.current) void releaseClaim(currentRef.current);
    },
    [],
  );

  const move = useCallback(
    (to: ReviewMove) => {
      if (!current || moving) return;
      if (to === 'next') void open({ after: refOf(current) }, 'endOfQueue');
      else if (to === 'previous') void open({ before: refOf(current) }, 'startOfQueue');
      else void open({ after: refOf(current) }); // decided: the following one, or anything freed since
    },
    [current, moving, open],
  );

  const total = counts.data?.total;
  const kindLabel = kind ? t(`kinds.${kind}`) : '';
  return (
    <div className="space-y-4">
      <div role="group" aria-label={t('kindsLabel')} className="flex flex-wrap gap-2" data-review-kinds>
        {[undefined, ...reviewQueueKinds].map((option) => {
          const label = option ? t(`kinds.${option}`) : t('all');
          const count = option ? counts.data?.counts[option] : total;
          return (
            <button
              key={option ?? 'all'}
              type="button"
              aria-pressed={kind === option}
              className={`min-h-11 rounded-full border px-3 text-sm font-medium ${
                kind === option ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
              data-review-kind={option ?? 'all'}
              onClick={() => setKind(option)}
            >
              {label}
              {count !== undefined && (
                <span className="ms-2 tabular-nums" data-review-count>
                  {formatNumber(count, lng)}
                </span>
              )}
            </button>
          );
        })}
      </div>

      {shown.state === 'loading' ? (
        <Spinner size="lg" />
      ) : shown.state === 'failed' ? (
        <EmptyState
          tone="error"
          message={t('loadError')}
          action={
            <button type="button" className="btn-secondary" onClick={() => void open({})}>
              {t('retry')}
            </button>
          }
        />
      ) : shown.item === null ? (
        <div data-review-empty>
          <EmptyState message={kind ? t('emptyKind', { kind: kindLabel }) : t('empty')} />
        </div>
      ) : (
        <>
          <ReviewActions key={`${shown.item.record}:${shown.item.id}`} item={shown.item} busy={moving} onMove={move} />
          <p className="text-xs text-slate-600">{t('claimed')}</p>
          <ReviewRecord item={shown.item} />
        </>
      )}
    </div>
  );
}
