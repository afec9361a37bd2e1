import { Controller, useFormContext } from 'react-hook-form';
import { DateInput } from './date-input';
import { FieldError, fieldErrorId, useFieldInvalid } from './field-error';

type DateFieldProps = {
  /** Holds 'YYYY-MM-DD', or '' when no date is chosen. */
  name: string;
  label: string;
  /** Years offered, besides the field's own value's year. */
  fromYear?: number | undefined;
  toYear?: number | undefined;
};

/**
 * The dashboard's own date control: day, month and year chosen from lists in the admin's language
 * (Arabic month names and digits in Arabic), the chosen date spelled out under them, and a clear
 * button. The browser's date input follows the browser's locale, not the page's, and cannot be
 * read or typed the same way in both languages.
 */
export function DateField({ name, label, fromYear, toYear }: DateFieldProps) {
  const { control } = useFormContext();
  const invalid = useFieldInvalid(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateInput
          label={label}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          invalid={invalid}
          errorId={fieldErrorId(name)}
          fromYear={fromYear}
          toYear={toYear}
        >
          <FieldError name={name} id={fieldErrorId(name)} />
        </DateInput>
      )}
    />
  );
}
