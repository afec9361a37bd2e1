import { useFormContext, type FieldError as RhfFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/translate-message';

/** The message of one field: contract keys are translated, server texts shown as sent. */
export function FieldError({ name, id }: { name: string; id?: string }) {
  const { t } = useTranslation();
  const { formState } = useFormContext();
  const error = name.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], formState.errors) as
    | RhfFieldError
    | undefined;
  const message = translateMessage(t, typeof error?.message === 'string' ? error.message : undefined);
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-600">
      {message}
    </p>
  );
}

export const fieldErrorId = (name: string) => `${name.replace(/\W/g, '-')}-error`;
