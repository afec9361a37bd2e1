import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/dialogs/modal';
import { notify } from '../../components/feedback/notify';
import { isApiError } from '../../lib/api-client';
import { OneFieldForm, fieldMessage, useCodeCheck } from './code-field';

const toastId = 'security';

/** A failure that is not about the field: its message (403, 409, 429…) or the generic one, as a toast. */
export function useFailureToast() {
  const { t } = useTranslation();
  return (error: unknown) =>
    notify('error', isApiError(error) && error.status > 0 && error.message ? error.message : t('common:somethingWrong'), toastId);
}

export type CredentialKind = 'code' | 'password';

/**
 * The one "confirm with a code" flow: the field's check (a code's 6 digits, or a password given), the call, its
 * message as a toast and `onDone`; a 422 lands under the field, any other failure in a toast. The call is awaited
 * (mutateAsync), not left to mutate's callbacks: a refreshed status may unmount the caller before they would run.
 */
export function useConfirmWithCode<R extends { message?: string | null | undefined }>(
  call: (value: string, kind: CredentialKind) => Promise<R>,
  onDone: (result: R) => void,
) {
  const { t } = useTranslation();
  const check = useCodeCheck();
  const failed = useFailureToast();
  const [error, setError] = useState<string>();
  const submit = (value: string, kind: CredentialKind = 'code') => {
    const problem = kind === 'code' ? check(value) : value ? null : t('validation:passwordRequired');
    setError(problem ?? undefined);
    if (problem) return;
    call(value, kind).then(
      (result) => {
        if (result.message) notify('success', result.message, toastId);
        setError(undefined);
        onDone(result);
      },
      (failure: unknown) => {
        const message = fieldMessage(failure, kind);
        if (message) setError(message);
        else failed(failure);
      },
    );
  };
  return { error, setError, submit };
}

/**
 * A dialog that asks for a current code (or, with `passwordLabel`, the password instead: a lost phone) before an
 * irreversible change of the admin's two-factor sign-in.
 */
export function ConfirmWithCodeDialog<R extends { message?: string | null | undefined }>({
  id,
  open,
  onClose,
  title,
  description,
  confirmLabel,
  danger = false,
  busy,
  call,
  onDone,
  passwordLabels,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  call: (value: string, kind: CredentialKind) => Promise<R>;
  onDone: (result: R) => void;
  /** Offers the password instead of a code: the switch's two labels. */
  passwordLabels?: { usePassword: string; useCode: string } | undefined;
}) {
  const { t } = useTranslation('security');
  const [kind, setKind] = useState<CredentialKind>('code');
  const confirm = useConfirmWithCode(call, (result) => {
    setKind('code');
    onDone(result);
  });
  const close = () => {
    confirm.setError(undefined);
    setKind('code');
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      busy={busy}
      role="alertdialog"
      title={title}
      description={description}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={close} disabled={busy}>
            {t('common:confirmDialog.cancel')}
          </button>
          <button type="submit" form={id} className={danger ? 'btn-danger' : 'btn-primary'} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <OneFieldForm
        id={id}
        kind={kind}
        label={kind === 'code' ? t('code') : t('password')}
        error={confirm.error}
        onSubmit={(value) => confirm.submit(value, kind)}
      >
        {passwordLabels && (
          <button
            type="button"
            className="self-start text-sm font-medium text-teal-700 hover:underline"
            onClick={() => {
              setKind(kind === 'code' ? 'password' : 'code');
              confirm.setError(undefined);
            }}
          >
            {kind === 'code' ? passwordLabels.usePassword : passwordLabels.useCode}
          </button>
        )}
      </OneFieldForm>
    </Modal>
  );
}
