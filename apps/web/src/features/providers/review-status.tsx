import { useTranslation } from 'react-i18next';

const tones: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-800',
  approved: 'bg-teal-100 text-teal-800',
  rejected: 'bg-red-100 text-red-800',
  onHold: 'bg-slate-200 text-slate-700',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('providers');
  return <span className={`badge ${tones[status] ?? 'bg-slate-100 text-slate-600'}`}>{t(`status.${status}`)}</span>;
}

type ReviewStatusControlProps<S extends string> = {
  status: S;
  /** The statuses an admin may move to from `status` (from the contract's transition table). */
  next: readonly S[];
  /** Name of the row, for the buttons' accessible names. */
  name: string;
  busy?: boolean;
  onChange: (status: S) => void;
};

/**
 * The one review-status control (providers and licences): the current status, then one button
 * per allowed transition (Accept, Reject, Hold), so an impossible change is never offered.
 */
export function ReviewStatusControl<S extends string>({ status, next, name, busy = false, onChange }: ReviewStatusControlProps<S>) {
  const { t } = useTranslation('providers');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StatusBadge status={status} />
      {next.map((target) => (
        <button
          key={target}
          type="button"
          disabled={busy}
          className={`btn-link text-sm ${target === 'rejected' ? 'text-red-700' : ''}`}
          aria-label={t('transitionRow', { action: t(`transition.${target}`), name })}
          onClick={() => onChange(target)}
        >
          {t(`transition.${target}`)}
        </button>
      ))}
    </div>
  );
}
