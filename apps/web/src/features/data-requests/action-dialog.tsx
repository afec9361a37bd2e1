import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataRequestEntry } from '@sehha/contract/data-requests';
import { Modal } from '../../components/dialogs/modal';
import type { DataRequestAction } from './data-requests-api';

export type PendingAction = { request: DataRequestEntry; action: DataRequestAction };

/**
 * The confirmation of a row action, with its note (the API requires one). Running an erasure cannot be undone:
 * the admin types the person's id or name before its button is enabled.
 */
export function ActionDialog({
  pending,
  busy,
  onCancel,
  onConfirm,
}: {
  pending: PendingAction | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (note: string) => void;
}) {
  const { t } = useTranslation('data-requests');
  const noteId = useId();
  const typedId = useId();
  const [note, setNote] = useState('');
  const [typed, setTyped] = useState('');
  if (!pending) return null;
  const { request, action } = pending;
  const erasing = action === 'run' && request.kind === 'erasure';
  const typedMatches = [String(request.user.id), request.user.name.trim()].includes(typed.trim());
  const ready = note.trim() !== '' && (!erasing || typedMatches);
  const texts = erasing ? 'erase' : action;
  const close = () => {
    setNote('');
    setTyped('');
    onCancel();
  };
  return (
    <Modal
      open
      role="alertdialog"
      onClose={close}
      busy={busy}
      title={t(`confirm.${texts}Title`, { name: request.user.name, id: request.id })}
      description={t(`confirm.${texts}Details`, { name: request.user.name, kind: t(`kinds.${request.kind}`) })}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={close} disabled={busy} data-autofocus>
            {t('common:confirmDialog.cancel')}
          </button>
          <button
            type="button"
            className={action === 'reject' || erasing ? 'btn-danger' : 'btn-primary'}
            disabled={busy || !ready}
            aria-busy={busy || undefined}
            onClick={() => {
              onConfirm(note.trim());
              setNote('');
              setTyped('');
            }}
          >
            {t(`actions.${action}`)}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
            {t('note')}
          </label>
          <textarea
            id={noteId}
            className="input min-h-20"
            dir="auto"
            maxLength={1000}
            value={note}
            disabled={busy}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        {erasing && (
          <div className="flex flex-col gap-1">
            <label htmlFor={typedId} className="text-sm font-medium text-slate-800">
              {t('confirm.typeToErase', { id: request.user.id })}
            </label>
            <input
              id={typedId}
              className="input"
              dir="auto"
              autoComplete="off"
              value={typed}
              disabled={busy}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
        )}
      </div>
    </Modal>
  );
}
