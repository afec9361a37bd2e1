import { useId, type InputHTMLAttributes } from 'react';
import { useFormContext } from 'react-hook-form';
import { fieldErrorId, FormField, useFieldInvalid } from './field-error';
import { invalidAria } from './field-frame';

type TextFieldProps = {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'number' | 'tel' | 'url' | undefined;
  dir?: 'rtl' | 'ltr' | 'auto' | undefined;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'placeholder' | 'autoComplete' | 'autoFocus' | 'inputMode' | 'lang'>;

/** A labelled input registered in the surrounding react-hook-form, with its translated error. */
export function TextField({ name, label, type = 'text', dir, ...rest }: TextFieldProps) {
  const id = useId();
  const { register } = useFormContext();
  const aria = invalidAria(useFieldInvalid(name), fieldErrorId(name));
  return (
    <FormField id={id} name={name} label={label}>
      <input id={id} type={type} dir={dir} {...aria} className="input" {...rest} {...register(name)} />
    </FormField>
  );
}
