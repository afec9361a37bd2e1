import { X } from 'lucide-react';

/** The person a filter narrows the log to, by name, with a button that removes the filter. */
export function FilterChip({ text, removeLabel, onRemove }: { text: string; removeLabel: string; onRemove: () => void }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-teal-50 py-1 ps-3 pe-1 text-sm text-teal-900">
      <span>{text}</span>
      <button type="button" className="rounded-full p-1 hover:bg-teal-100" aria-label={removeLabel} onClick={onRemove}>
        <X aria-hidden className="size-3.5" />
      </button>
    </span>
  );
}
