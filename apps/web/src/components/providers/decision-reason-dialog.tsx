import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { decisionDetailsIssues, decisionNoteMax, type DecisionDetails } from '@sehha/contract/providers';
import { attachmentKinds, decisionReasons } from '@sehha/contract/status-codes';
import { isApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/translate-message';
import { FieldMessage, invalidAria } from '../form/field-frame';
import { Modal } from '../dialogs/modal';

/** The decisions that say why (the contract's decisionDetailsIssues): a rejection its reasons, a hold what is missing. */
export type ReasonedDecision = 'rejected' | 'onHold';

type DecisionReasonDialogProps = {
  open: boolean;
  decision: ReasonedDecision;
  title: string;
  /** Who is decided on (a sentence naming the account, or the count of a bulk selection). */
  details?: ReactNode | undefined;
  confirmLabel: string;
  busy: boolean;
  /** The last failure of the call: a 422's field errors land on their fields, anything else above the buttons. */
  error?: unknown;
  onCancel: () => void;
  onConfirm: (details: DecisionDetails) => void;
};

type Field = keyof DecisionDetails;

/**
 * The dialog of a provider's rejection or hold (single row or bulk selection): the reasons as a checkbox
 * list (rejection) or the missing documents (hold), and a note. The contract's own rule is checked before
 * sending, so the admin learns what is missing at once; the server's answer is shown here too.
 */
export function DecisionReasonDialog(props: DecisionReasonDialogProps) {
  // Mounted only while open: each opening starts with an empty form.
  return props.open ? <DecisionReasonForm {...props} /> : null;
}

function DecisionReasonForm({ decision, title, details, confirmLabel, busy, error, onCancel, onConfirm }: DecisionReasonDialogProps) {
  const { t } = useTranslation('providers');
  const ids = { note: useId(), choices: useId(), general: useId() };
  const [codes, setCodes] = useState<(typeof decisionReasons)[number][]>([]);
  const [documents, setDocuments] = useState<(typeof attachmentKinds)[number][]>([]);
  const [note, setNote] = useState('');
  const [localErrors, setLocalErrors] = useState<Partial<Record<Field, string>>>({});
  const [checkedError, setCheckedError] = useState<unknown>(null);

  // The server's errors, until the admin sends again (then the new answer replaces them).
  const server = error !== checkedError && isApiError(error) ? error : null;
  const serverField = (field: Field) =>
    server ? Object.entries(server.errors).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1]?.[0] : undefined;
  const messageOf = (field: Field) => translateMessage(t, localErrors[field]) ?? serverField(field);
  const general =
    server && !(['reason_codes', 'reason_note', 'missing_documents'] as Field[]).some((field) => serverField(field))
      ? (Object.values(server.errors)[0]?.[0] ?? server.message)
      : error && !isApiError(error) && error !== checkedError
        ? t('common:somethingWrong')
        : undefined;

  const submit = () => {
    const chosen: DecisionDetails =
      decision === 'rejected'
        ? { reason_codes: codes, reason_note: note.trim() }
        : { missing_documents: documents, reason_note: note.trim() };
    const issues = decisionDetailsIssues(decision, chosen);
    setLocalErrors(Object.fromEntries(issues));
    setCheckedError(error);
    const [firstIssue] = issues;
    if (!firstIssue) return onConfirm(chosen);
    // The keyboard goes where the answer is missing: the list's first box, or the note.
    const target =
      firstIssue[0] === 'reason_note' ? document.getElementById(ids.note) : document.querySelector(`#${CSS.escape(ids.choices)} input`);
    (target as HTMLElement | null)?.focus();
  };

  const choiceField: Field = decision === 'rejected' ? 'reason_codes' : 'missing_documents';
  const choiceMessage = messageOf(choiceField);
  const noteMessage = messageOf('reason_note');
  const toggle = <V extends string>(list: V[], value: V, set: (next: V[]) => void) =>
    set(list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

  return (
    <Modal
      open
      onClose={onCancel}
      busy={busy}
      title={title}
      description={details}
      footer={
        <>
          {general && (
            <p role="alert" className="me-auto self-center text-sm text-red-700" id={ids.general} data-decision-error>
              {general}
            </p>
          )}
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
            {t('confirmDialog.cancel', { ns: 'common' })}
          </button>
          <button type="button" className="btn-danger" onClick={submit} disabled={busy} aria-busy={busy || undefined} data-decision-confirm>
            {busy && (
              <span aria-hidden className="me-2 inline-block size-3 animate-spin rounded-full border-2 border-white border-t-transparent" />
            )}
            {confirmLabel}
          </button>
        </>
      }
    >
      <div className="space-y-4">
        <fieldset
          id={ids.choices}
          aria-describedby={choiceMessage ? `${ids.choices}-error` : undefined}
          data-decision-choices={choiceField}
        >
          <legend className="label">{t(decision === 'rejected' ? 'reasonDialog.reasons' : 'reasonDialog.missingDocuments')}</legend>
          <div className="space-y-1">
            {decision === 'rejected'
              ? decisionReasons.map((code, index) => (
                  <Choice
                    key={code}
                    label={t(`reasons.${code}`)}
                    checked={codes.includes(code)}
                    first={index === 0}
                    onChange={() => toggle(codes, code, setCodes)}
                  />
                ))
              : attachmentKinds.map((kind, index) => (
                  <Choice
                    key={kind}
                    label={t(`documents.${kind}`)}
                    checked={documents.includes(kind)}
                    first={index === 0}
                    onChange={() => toggle(documents, kind, setDocuments)}
                  />
                ))}
          </div>
          {choiceMessage && <FieldMessage id={`${ids.choices}-error`}>{choiceMessage}</FieldMessage>}
        </fieldset>
        <div>
          <label htmlFor={ids.note} className="label">
            {t(decision === 'rejected' ? 'reasonDialog.note' : 'reasonDialog.holdNote')}
          </label>
          <textarea
            id={ids.note}
            className="input min-h-24"
            value={note}
            maxLength={decisionNoteMax}
            onChange={(event) => setNote(event.target.value)}
            {...invalidAria(Boolean(noteMessage), `${ids.note}-error`)}
          />
          {noteMessage && <FieldMessage id={`${ids.note}-error`}>{noteMessage}</FieldMessage>}
        </div>
      </div>
    </Modal>
  );
}

/** One checkbox of the list; the first one takes the focus when the dialog opens (data-autofocus, see Modal). */
function Choice({ label, checked, first, onChange }: { label: string; checked: boolean; first: boolean; onChange: () => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" className="size-4" checked={checked} onChange={onChange} data-autofocus={first || undefined} />
      {label}
    </label>
  );
}
