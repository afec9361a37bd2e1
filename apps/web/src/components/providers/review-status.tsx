import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { AccountSubject, SubjectSentence, subjectSlot } from '../dialogs/dialog-subject';
import { ToneBadge, type BadgeTone } from '../feedback/tone-badge';
import type { DecisionDetails } from '@sehha/contract/providers';
import { DecisionReasonDialog, type ReasonedDecision } from './decision-reason-dialog';

const tones: Record<string, BadgeTone> = { pending: 'waiting', approved: 'success', rejected: 'danger', onHold: 'paused' };

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('providers');
  return <ToneBadge tone={tones[status] ?? 'neutral'}>{t(`status.${status}`)}</ToneBadge>;
}

type ReviewStatusControlProps<S extends string> = {
  status: S;
  /** The statuses an admin may move to from `status` (from the contract's transition table). */
  next: readonly S[];
  /** Name of the row, for the buttons' accessible names and the confirmation. */
  name: string;
  /** The account's email, named in the confirmation beside the name. */
  email?: string | undefined;
  /** What is decided on, for the confirmation's question. */
  subject?: 'account' | 'license' | undefined;
  busy?: boolean | undefined;
  /**
   * A rejection or a hold asks why (DecisionReasonDialog) instead of a plain confirmation: providers'
   * decisions carry reasons to the provider (issue 26); licenses' do not.
   */
  askReasons?: boolean | undefined;
  /**
   * Runs the confirmed change with the reasons given (if asked); call `settled` once it has succeeded, or
   * with the error once it has failed: the reason dialog stays open to show it, the confirmation closes.
   */
  onChange: (status: S, settled: (error?: unknown) => void, details?: DecisionDetails) => void;
};

/**
 * The one review-status control (providers and licenses): the current status, then one button
 * per allowed transition (Accept, Reject, Hold), so an impossible change is never offered. A
 * decision is applied only after a confirmation that names the account and the decision; the
 * dialog stays open (busy) until the change has settled, and the row stays where it is until the
 * list refreshes.
 */
export function ReviewStatusControl<S extends string>({
  status,
  next,
  name,
  email,
  subject = 'account',
  busy = false,
  askReasons = false,
  onChange,
}: ReviewStatusControlProps<S>) {
  const { t } = useTranslation('providers');
  const [asked, setAsked] = useState<S | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const close = () => {
    setRunning(false);
    setFailure(null);
    setAsked(null);
  };
  const reasoned = askReasons && (asked === 'rejected' || asked === 'onHold') ? (asked as ReasonedDecision) : null;
  const subjectSentence = asked ? (
    <SubjectSentence
      text={t('decision.details', { subject: subjectSlot, from: t(`status.${status}`), to: t(`status.${asked}`) })}
      subject={<AccountSubject name={name} email={email} />}
    />
  ) : undefined;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StatusBadge status={status} />
      {next.map((target) => (
        <button
          key={target}
          type="button"
          disabled={busy}
          // At least 44 × 44 px for a finger on phones (WCAG 2.5.5); the desktop table keeps its compact links.
          className={`btn-link text-sm max-md:min-h-11 max-md:min-w-11 max-md:px-2 ${target === 'rejected' ? 'text-red-700' : ''}`}
          aria-label={t('transitionRow', { action: t(`transition.${target}`), name })}
          onClick={() => setAsked(target)}
        >
          {t(`transition.${target}`)}
        </button>
      ))}
      <DecisionReasonDialog
        open={reasoned !== null}
        decision={reasoned ?? 'rejected'}
        title={asked ? t(`decision.title.${subject}.${asked}`) : ''}
        confirmLabel={asked ? t(`decision.confirm.${asked}`) : ''}
        busy={running || busy}
        error={failure}
        details={subjectSentence}
        onCancel={close}
        onConfirm={(details) => {
          if (asked === null) return;
          setRunning(true);
          onChange(
            asked,
            (error) => {
              if (error === undefined) return close();
              setRunning(false);
              setFailure(error);
            },
            details,
          );
        }}
      />
      <ConfirmDialog
        open={asked !== null && reasoned === null}
        variant="deactivate"
        tone={asked === 'approved' ? 'primary' : 'danger'}
        title={asked ? t(`decision.title.${subject}.${asked}`) : undefined}
        confirmLabel={asked ? t(`decision.confirm.${asked}`) : undefined}
        busy={running || busy}
        details={subjectSentence}
        onCancel={close}
        onConfirm={() => {
          if (asked === null) return;
          setRunning(true);
          onChange(asked, () => close());
        }}
      />
    </div>
  );
}
