import { useId } from 'react';

/** A filter by a person's number (the list's `?subject_user_id=` or `?actor_id=`): digits only, kept in the URL. */
export function IdFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        className="input w-32"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D+/g, '').slice(0, 15))}
      />
    </div>
  );
}
