import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy, Download } from 'lucide-react';
import { Modal } from '../../components/dialogs/modal';

/**
 * The ten recovery codes, shown once: the API keeps only their hashes, so this dialog offers to copy or
 * download them before it closes.
 */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useTranslation('security');
  const [copied, setCopied] = useState(false);
  const text = codes?.join('\n') ?? '';
  const close = () => {
    setCopied(false);
    onClose();
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'sehha-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Modal
      open={codes !== null}
      onClose={close}
      role="alertdialog"
      title={t('recoveryTitle')}
      description={t('recoveryHelp')}
      footer={
        <button type="button" className="btn-primary" onClick={close}>
          {t('saved')}
        </button>
      }
    >
      <div className="flex flex-col gap-3">
        <ol dir="ltr" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-900">
          {codes?.map((code) => (
            <li key={code} data-recovery-code>
              {code}
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
          >
            {copied ? <Check aria-hidden className="me-1 size-4" /> : <Copy aria-hidden className="me-1 size-4" />}
            {copied ? t('copied') : t('copy')}
          </button>
          <button type="button" className="btn-secondary" onClick={download}>
            <Download aria-hidden className="me-1 size-4" />
            {t('download')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
