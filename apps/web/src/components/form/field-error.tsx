import type { ReactNode } from 'react';
import { useFormContext, type FieldError as RhfFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/translate-message';
import { FieldFrame, FieldMessage } from './field-frame';

/** The message of one field: contract keys are translated, server texts shown as sent. */
export function FieldError({ name, id }: { name: string; id?: string }) {
  const { t } = useTranslation();
  const { formState } = useFormContext();
  const error = name.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], formState.errors) as
    RhfFieldError | undefined;
  const message = translateMessage(t, typeof error?.message === 'string' ? error.message : undefined);
  if (!message) return null;
  return <FieldMessage id={id}>{message}</FieldMessage>;
}

export const fieldErrorId = (name: string) => `${name.replace(/\W/g, '-')}-error`;

/** Whether a field of the surrounding react-hook-form has an error. */
export function useFieldInvalid(name: string) {
  const { formState } = useFormContext();
  return Boolean(formState.errors[name]);
}

/** A form field's frame: its label (for the control `id`), the control, then its translated error. */
export function FormField({ id, name, label, children }: { id: string; name: string; label: string; children: ReactNode }) {
  return (
    <FieldFrame id={id} label={label} message={<FieldError name={name} id={fieldErrorId(name)} />}>
      {children}
    </FieldFrame>
  );
}
