import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Switch } from './switch';
import { FieldError } from './field-error';

type SwitchFieldProps = { name: string; label: string; hint?: string };

/** A boolean form field shown as a switch. */
export function SwitchField({ name, label, hint }: SwitchFieldProps) {
  const id = useId();
  const { control } = useFormContext();
  return (
    <div>
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name={name}
          render={({ field }) => <Switch id={id} checked={Boolean(field.value)} onChange={field.onChange} />}
        />
        <label htmlFor={id} className="font-medium text-slate-800">
          {label}
        </label>
      </div>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      <FieldError name={name} />
    </div>
  );
}
