import { useState } from 'react';

type Mutation<T> = { isPending: boolean; mutate: (target: T, options: { onSettled: () => void }) => void };

/**
 * The row an admin is about to act on (delete, deactivate…) and the ConfirmDialog props that
 * run the mutation on it once confirmed, closing the dialog whatever the outcome.
 */
export function useConfirmedMutation<T>(mutation: Mutation<T>) {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    ask: (row: T) => setTarget(row),
    dialog: {
      open: target !== null,
      busy: mutation.isPending,
      onCancel: () => setTarget(null),
      onConfirm: () => {
        if (target !== null) mutation.mutate(target, { onSettled: () => setTarget(null) });
      },
    },
  };
}
