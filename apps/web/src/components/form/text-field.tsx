import { useId, type InputHTMLAttributes } from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldError, fieldErrorId } from './field-error';

type TextFieldProps = {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'number' | 'tel' | 'url';
  dir?: 'rtl' | 'ltr' | 'auto';
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'placeholder' | 'autoComplete' | 'autoFocus' | 'inputMode' | 'lang'>;

/** A labelled input registered in the surrounding react-hook-form, with its translated error. */
export function TextField({ name, label, type = 'text', dir, ...rest }: TextFieldProps) {
  const id = useId();
  const { register, formState } = useFormContext();
  const invalid = Boolean(formState.errors[name]);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        dir={dir}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? fieldErrorId(name) : undefined}
        className="input"
        {...rest}
        {...register(name)}
      />
      <FieldError name={name} id={fieldErrorId(name)} />
    </div>
  );
}
