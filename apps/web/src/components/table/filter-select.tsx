import { useId } from 'react';

type FilterSelectProps = {
  label: string;
  /** 'hidden': the label is for screen readers only (the first option says what the list filters). */
  labelStyle?: 'above' | 'inline' | 'hidden' | undefined;
  value: string;
  onChange: (value: string) => void;
  /** The first option, '' (no filter): "All statuses", "All records"… */
  allLabel: string;
  options: readonly { value: string; label: string }[];
};

const labelClass = { above: 'label', inline: 'text-sm text-slate-600', hidden: 'sr-only' };

/** A list's filter: a labelled select whose empty option means "no filter" (the value lives in the URL, useListParams). */
export function FilterSelect({ label, labelStyle = 'hidden', value, onChange, allLabel, options }: FilterSelectProps) {
  const id = useId();
  const select = (
    <select id={id} className="input w-auto" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  return (
    <div className={labelStyle === 'inline' ? 'flex items-center gap-2' : undefined}>
      <label htmlFor={id} className={labelClass[labelStyle]}>
        {label}
      </label>
      {select}
    </div>
  );
}
