import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { formatDate, formatNumber } from '../../lib/format';
import { intlLocaleOf, resolveLanguage } from '../../lib/language';

// Apart from DateField (date-field.tsx) so that a list's date filter does not bring react-hook-form along.

type Parts = { year: string; month: string; day: string };

const split = (value: unknown): Parts => {
  const [year = '', month = '', day = ''] = typeof value === 'string' && value ? value.split('-') : [];
  return { year, month: month ? String(Number(month)) : '', day: day ? String(Number(day)) : '' };
};

/**
 * A partial date stays in the form as 'YYYY-M-' and the like: the contract's date rule refuses it with
 * the field's own message, so a half-chosen date is never saved as "no date" without the admin knowing.
 */
const join = ({ year, month, day }: Parts) =>
  !year && !month && !day ? '' : `${year}-${month ? month.padStart(2, '0') : ''}-${day ? day.padStart(2, '0') : ''}`;

type DateInputProps = {
  label: string;
  /** 'YYYY-MM-DD', '' for no date, or a partial 'YYYY-M-' while the admin is choosing. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  invalid?: boolean | undefined;
  errorId?: string | undefined;
  fromYear?: number | undefined;
  toYear?: number | undefined;
  /** Shown under the lists (the field's error). */
  children?: ReactNode | undefined;
};

/** The date control itself, controlled by its `value`: a form field (DateField) or a list's filter. */
export function DateInput({ label, value, onChange, onBlur, invalid = false, errorId, fromYear, toYear, children }: DateInputProps) {
  const id = useId();
  const { t, i18n } = useTranslation();
  const lng = resolveLanguage(i18n.language);
  const thisYear = new Date().getFullYear();
  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(intlLocaleOf(lng), { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, index) => format.format(new Date(Date.UTC(2000, index, 1))));
  }, [lng]);
  return (
    <DateParts
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      onBlur={onBlur ?? (() => undefined)}
      invalid={invalid}
      errorId={errorId ?? `${id}-error`}
      months={months}
      years={[fromYear ?? thisYear - 5, toYear ?? thisYear + 10]}
      format={(number) => formatNumber(number, lng, { useGrouping: false })}
      spelled={(day) => formatDate(day, lng, { dateStyle: 'full' })}
      texts={{ day: t('date.day'), month: t('date.month'), year: t('date.year'), clear: t('date.clear') }}
    >
      {children}
    </DateParts>
  );
}

type DatePartsProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  invalid: boolean;
  errorId: string;
  months: string[];
  years: [number, number];
  format: (value: number) => string;
  spelled: (value: string) => string;
  texts: { day: string; month: string; year: string; clear: string };
  children?: ReactNode | undefined;
};

function DateParts({
  id,
  label,
  value,
  onChange,
  onBlur,
  invalid,
  errorId,
  months,
  years,
  format,
  spelled,
  texts,
  children,
}: DatePartsProps) {
  // The parts the admin chose, kept while the date is incomplete (the form value alone cannot say which).
  const [parts, setParts] = useState<Parts>(() => split(value));
  const current = join(parts) === value ? parts : split(value);
  const choose = (part: keyof Parts, chosen: string) => {
    const next = { ...current, [part]: chosen };
    setParts(next);
    onChange(join(next));
  };
  const yearOf = Number(current.year);
  const [first, last] = [Math.min(years[0], yearOf || years[0]), Math.max(years[1], yearOf || years[1])];
  const complete = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const describedBy = [complete ? `${id}-spelled` : '', invalid ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const select = (part: keyof Parts, text: string, options: { value: string; label: string }[], width: string) => (
    <div className={width}>
      <label htmlFor={`${id}-${part}`} className="mb-1 block text-xs font-medium text-slate-600">
        {text}
      </label>
      <select
        id={`${id}-${part}`}
        className="input"
        value={current[part]}
        onChange={(event) => choose(part, event.target.value)}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      >
        <option value="">—</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <fieldset data-date-field>
      <legend className="label">{label}</legend>
      <div className="flex flex-wrap items-end gap-2">
        {select(
          'day',
          texts.day,
          Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: format(i + 1) })),
          'w-20',
        )}
        {select(
          'month',
          texts.month,
          months.map((name, i) => ({ value: String(i + 1), label: name })),
          'w-36',
        )}
        {select(
          'year',
          texts.year,
          Array.from({ length: last - first + 1 }, (_, i) => ({ value: String(first + i), label: format(first + i) })),
          'w-24',
        )}
        {(current.day || current.month || current.year) && (
          <button
            type="button"
            className="mb-0.5 inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
            aria-label={texts.clear}
            title={texts.clear}
            onClick={() => {
              setParts(split(''));
              onChange('');
            }}
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
      </div>
      {complete && (
        <p id={`${id}-spelled`} className="mt-1 text-sm text-slate-600" data-date-spelled>
          {spelled(value)}
        </p>
      )}
      {children}
    </fieldset>
  );
}
