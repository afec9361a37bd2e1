import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, parseTypedNumber } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { ConfirmDialog } from './confirm-dialog';

type CountConfirmDialogProps = {
  open: boolean;
  /** How many records the action will change, as the list's API counted them under its filter. */
  count: number;
  busy?: boolean | undefined;
  title?: string | undefined;
  confirmLabel?: string | undefined;
  details?: ReactNode | undefined;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * The confirmation of a mass change ("Deactivate all"): the admin types the number of records it will change,
 * shown in the dialog, before the button works, so that a slip of the hand cannot deactivate hundreds of
 * accounts. Either digits are accepted (Arabic-Indic or Western).
 */
export function CountConfirmDialog({ open, count, busy, title, confirmLabel, details, onCancel, onConfirm }: CountConfirmDialogProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const id = useId();
  const [typed, setTyped] = useState('');
  const matches = parseTypedNumber(typed) === count;
  const close = () => {
    setTyped('');
    onCancel();
  };
  return (
    <ConfirmDialog
      open={open}
      variant="deactivate"
      busy={busy}
      title={title}
      confirmLabel={confirmLabel}
      details={details}
      confirmDisabled={!matches}
      onCancel={close}
      onConfirm={() => {
        if (!matches) return;
        setTyped('');
        onConfirm();
      }}
    >
      <label htmlFor={id} className="label">
        {t('typeCount', { n: formatNumber(count, lng) })}
      </label>
      <input
        id={id}
        className="input w-32"
        inputMode="numeric"
        autoComplete="off"
        value={typed}
        disabled={busy}
        data-count-confirm
        onChange={(event) => setTyped(event.target.value)}
      />
    </ConfirmDialog>
  );
}
