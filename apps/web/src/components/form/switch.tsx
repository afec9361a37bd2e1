import { useTranslation } from 'react-i18next';

type SwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Accessible name when there is no visible label bound with `id`. */
  label?: string | undefined;
  id?: string | undefined;
  disabled?: boolean | undefined;
  busy?: boolean | undefined;
  /** The visible words of the two states (e.g. Active/Inactive); "On"/"Off" when not given. */
  states?: { on: string; off: string } | undefined;
};

/**
 * An on/off switch (role="switch"); the knob moves toward the end side in both directions. Its state is also
 * written beside it, so that it does not rest on colour alone (WCAG 1.4.1); screen readers hear it from the role.
 */
export function Switch({ checked, onChange, label, id, disabled = false, busy = false, states }: SwitchProps) {
  const { t } = useTranslation();
  const word = checked ? (states?.on ?? t('switchState.on')) : (states?.off ?? t('switchState.off'));
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        aria-label={label}
        aria-busy={busy || undefined}
        disabled={disabled || busy}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-50 ${
          checked ? 'bg-teal-700' : 'bg-slate-300'
        }`}
      >
        <span
          aria-hidden
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
            checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0.5 rtl:-translate-x-0.5'
          }`}
        />
      </button>
      <span aria-hidden data-switch-state={checked ? 'on' : 'off'} className={`text-sm ${checked ? 'text-teal-800' : 'text-slate-600'}`}>
        {word}
      </span>
    </span>
  );
}
