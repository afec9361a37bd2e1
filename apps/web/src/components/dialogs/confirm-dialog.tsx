import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

export type ConfirmVariant = 'delete' | 'deactivate';

type ConfirmDialogProps = {
  open: boolean;
  variant: ConfirmVariant;
  onConfirm: () => void;
  onCancel: () => void;
  /** Disables both buttons and shows progress while the action runs. */
  busy?: boolean | undefined;
  /** Extra context under the question, e.g. the name of the row. */
  details?: ReactNode | undefined;
  /** Overrides the variant's question and confirm label (e.g. reactivation), already translated. */
  title?: string | undefined;
  confirmLabel?: string | undefined;
  /** The confirm button's look: red for destructive actions (default), primary for e.g. accepting. */
  tone?: 'danger' | 'primary' | undefined;
  /** A field the answer may carry (e.g. a rejection's reason), under the question. */
  children?: ReactNode | undefined;
  /** Keeps the confirm button disabled until the answer is complete (e.g. the typed count of "Deactivate all"). */
  confirmDisabled?: boolean | undefined;
};

const texts = {
  delete: { title: 'confirmDialog.deleteTitle', confirm: 'confirmDialog.deleteConfirm' },
  deactivate: { title: 'confirmDialog.deactivateTitle', confirm: 'confirmDialog.deactivateConfirm' },
} as const;

export function ConfirmDialog({
  open,
  variant,
  onConfirm,
  onCancel,
  busy = false,
  details,
  title,
  confirmLabel,
  tone = 'danger',
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onCancel}
      busy={busy}
      role="alertdialog"
      title={title ?? t(texts[variant].title)}
      description={details}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy} data-autofocus>
            {t('confirmDialog.cancel')}
          </button>
          <button
            type="button"
            className={tone === 'primary' ? 'btn-primary' : 'btn-danger'}
            onClick={onConfirm}
            disabled={busy || confirmDisabled}
            aria-busy={busy || undefined}
          >
            {busy && (
              <span aria-hidden className="me-2 inline-block size-3 animate-spin rounded-full border-2 border-white border-t-transparent" />
            )}
            {confirmLabel ?? t(texts[variant].confirm)}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
