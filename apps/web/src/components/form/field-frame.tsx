import type { ReactNode } from 'react';

/**
 * The markup every form field shares: its label above the control, its message (or nothing) below.
 * No form library here: the login page (entry chunk, no react-hook-form) uses it as the dashboard's forms do.
 */
export function FieldFrame({ id, label, message, children }: { id: string; label: string; message?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {message}
    </div>
  );
}

/** A field's message, announced when it appears; its control points at `id` through `invalidAria`. */
export function FieldMessage({ id, children }: { id?: string | undefined; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-600">
      {children}
    </p>
  );
}

/** The ARIA state of a field's control: invalid, and described by its message while it has one. */
export const invalidAria = (invalid: boolean, errorId: string) => ({
  'aria-invalid': invalid || undefined,
  'aria-describedby': invalid ? errorId : undefined,
});
