import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import type { BulkDialogProps } from '../../components/resource/bulk-selection';
import { isApiError } from '../../lib/api-client';

/** A rejection's optional reason (up to 1000 characters), which the requester's SMS/email quotes. */
export function ReasonField({ value, onChange, disabled }: { value: string; onChange: (value: string) => void; disabled: boolean }) {
  const { t } = useTranslation('change-requests');
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('reasonLabel')}
      </label>
      <textarea
        id={id}
        className="input min-h-20"
        dir="auto"
        maxLength={1000}
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {t('reasonHint')}
      </p>
    </div>
  );
}

/** The selection bar's Reject: the bulk confirmation with the reason field; a failure shows in the dialog, which stays open. */
export function BulkRejectDialog({ title, confirmLabel, details, busy, error, onCancel, onConfirm }: BulkDialogProps) {
  const { t } = useTranslation('change-requests');
  const [reason, setReason] = useState('');
  const failure = error ? (isApiError(error) ? (Object.values(error.errors)[0]?.[0] ?? error.message) : t('common:somethingWrong')) : null;
  return (
    <ConfirmDialog
      open
      variant="deactivate"
      tone="danger"
      title={title}
      confirmLabel={confirmLabel}
      busy={busy}
      details={details}
      onCancel={onCancel}
      onConfirm={() => onConfirm(reason.trim() ? { reason: reason.trim() } : {})}
    >
      <ReasonField value={reason} onChange={setReason} disabled={busy} />
      {failure && (
        <p role="alert" className="text-sm text-red-700" data-bulk-error>
          {failure}
        </p>
      )}
    </ConfirmDialog>
  );
}
