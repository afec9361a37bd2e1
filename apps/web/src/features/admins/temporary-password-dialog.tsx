import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import { Modal } from '../../components/dialogs/modal';

/**
 * The temporary password of a new or reset account, shown once: the API keeps only its hash, so closing
 * this dialog is the last chance to copy it.
 */
export function TemporaryPasswordDialog({ shown, onClose }: { shown: { email: string; password: string } | null; onClose: () => void }) {
  const { t } = useTranslation('admins');
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Modal
      open={shown !== null}
      onClose={close}
      role="alertdialog"
      title={t('passwordTitle')}
      description={shown ? t('passwordFor', { email: shown.email }) : undefined}
      footer={
        <button type="button" className="btn-primary" onClick={close}>
          {t('done')}
        </button>
      }
    >
      {shown && (
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-2">
            <code
              data-temporary-password
              dir="ltr"
              className="flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900"
            >
              {shown.password}
            </code>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => void navigator.clipboard?.writeText(shown.password).then(() => setCopied(true))}
            >
              {copied ? <Check aria-hidden className="me-1 size-4" /> : <Copy aria-hidden className="me-1 size-4" />}
              {copied ? t('copied') : t('copy')}
            </button>
          </div>
          <p className="flex items-start gap-2 text-sm text-amber-800">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('passwordWarning')}
          </p>
        </div>
      )}
    </Modal>
  );
}
