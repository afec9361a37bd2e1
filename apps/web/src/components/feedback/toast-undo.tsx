import { useState } from 'react';

type ToastUndoProps = {
  message: string;
  undoLabel: string;
  onUndo: () => Promise<unknown> | void;
  closeToast: () => void;
};

/**
 * A toast's text with an Undo button beside it (notify.ts): one press takes the change back and closes the
 * toast; the button is disabled while the undo runs so that a double press does not send it twice.
 */
export function ToastUndo({ message, undoLabel, onUndo, closeToast }: ToastUndoProps) {
  const [running, setRunning] = useState(false);
  return (
    <div className="flex items-center justify-between gap-3">
      <span dir="auto">{message}</span>
      <button
        type="button"
        className="min-h-11 min-w-11 shrink-0 rounded-md px-3 font-semibold text-teal-800 underline underline-offset-2 hover:bg-teal-50"
        disabled={running}
        onClick={() => {
          setRunning(true);
          void Promise.resolve(onUndo()).finally(closeToast);
        }}
      >
        {undoLabel}
      </button>
    </div>
  );
}
