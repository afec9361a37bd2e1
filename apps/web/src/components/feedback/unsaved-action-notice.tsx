import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-client';

/** The server never answered (offline, connection refused, aborted): the request may not have reached it at all. */
const isUnreachable = (error: unknown): boolean => isApiError(error) && error.status === 0;

/**
 * When the latest action (any mutation of the dashboard) failed because the server could not be reached, says that
 * nothing was saved and offers to send the same request again, until the admin dismisses it or another action runs.
 * Mounted once in the shell, so every screen's actions share it; their own failure toast (the specification's wording) stays.
 */
export function UnsavedActionNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState<number>();
  const [retried, setRetried] = useState<number>();
  // Plain values, so the notice re-renders when a mutation's state changes (mutation objects are not copied).
  const mutations = useMutationState({
    select: (mutation) => ({ id: mutation.mutationId, status: mutation.state.status, unreachable: isUnreachable(mutation.state.error) }),
  });
  const latest = mutations.reduce<(typeof mutations)[number] | undefined>((last, m) => (!last || m.id > last.id ? m : last), undefined);
  const retrying = latest?.status === 'pending' && latest.id === retried;
  if (!latest || latest.id === dismissed || !((latest.status === 'error' && latest.unreachable) || retrying)) return null;

  const retry = () => {
    const mutation = queryClient
      .getMutationCache()
      .getAll()
      .find((m) => m.mutationId === latest.id);
    if (!mutation) return setDismissed(latest.id);
    setRetried(latest.id);
    // The same request again, through the mutation's own callbacks (its toast, the lists it refreshes).
    mutation.execute(mutation.state.variables).catch(() => undefined);
  };

  return (
    <div
      role="alert"
      data-unsaved-action
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-xl flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-white p-4 text-sm shadow-lg"
    >
      <p className="min-w-48 flex-1 text-slate-800">{t('unsaved.message')}</p>
      <div className="flex gap-2">
        <button type="button" className="btn-primary" onClick={retry} disabled={retrying}>
          {retrying ? t('unsaved.retrying') : t('retry')}
        </button>
        <button type="button" className="btn-secondary" onClick={() => setDismissed(latest.id)}>
          {t('unsaved.dismiss')}
        </button>
      </div>
    </div>
  );
}
