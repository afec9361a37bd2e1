import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame, FieldMessage, invalidAria } from '../../components/form/field-frame';
import { isApiError } from '../../lib/api-client';

/**
 * A form of one field (a code from the authenticator app, or the password), its message under it: the
 * 422 of the API lands there, anything else is returned for a toast.
 */
export function OneFieldForm({
  id,
  kind,
  label,
  error,
  onSubmit,
  children,
}: {
  /** The form's id, for a submit button outside it (a dialog's footer). */
  id: string;
  kind: 'code' | 'password';
  label: string;
  error: string | undefined;
  onSubmit: (value: string) => void;
  children?: ReactNode;
}) {
  const inputId = useId();
  const errorId = `${id}-error`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem(kind) as HTMLInputElement;
    onSubmit(input.value);
  };
  return (
    <form id={id} noValidate onSubmit={submit} className="flex flex-col gap-3">
      <FieldFrame id={inputId} label={label} message={error && <FieldMessage id={errorId}>{error}</FieldMessage>}>
        <input
          key={kind}
          id={inputId}
          name={kind}
          required
          dir="ltr"
          data-autofocus
          className={`input ${kind === 'code' ? 'font-mono tracking-widest' : ''}`}
          {...invalidAria(Boolean(error), errorId)}
          {...(kind === 'code'
            ? { autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 9 }
            : { type: 'password', autoComplete: 'current-password', maxLength: 1024 })}
        />
      </FieldFrame>
      {children}
    </form>
  );
}

/** The message of a failed call for the field (422), or null when it is for a toast. */
export function fieldMessage(error: unknown, field: string): string | null {
  if (!isApiError(error) || error.status !== 422) return null;
  return error.fieldError(field) ?? error.message;
}

/** The client-side check of a code: the contract's rule (6 digits, spaces allowed) as a message key, or null. */
export function useCodeCheck() {
  const { t } = useTranslation();
  return (value: string): string | null => {
    const digits = value.replace(/\s/g, '');
    if (!digits) return t('validation:codeRequired');
    return /^\d{6}$/.test(digits) ? null : t('validation:codeInvalid');
  };
}
