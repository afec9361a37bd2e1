import type * as ReactToastify from 'react-toastify';
import type { TypeOptions } from 'react-toastify';
import { localizeDigits } from '../../lib/format';

type Toastify = typeof ReactToastify;

let toastify: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();

/**
 * react-toastify (code and styles) is fetched with the first toast, not with every first page: the
 * container (app/providers.tsx) mounts once toasts are asked for, and a toast sent before it is up waits
 * in react-toastify's queue.
 */
export function loadToasts(): Promise<Toastify> {
  if (!toastify) {
    toastify = import('react-toastify');
    listeners.forEach((listener) => listener());
  }
  return toastify;
}

/** For useSyncExternalStore: whether a toast was asked for yet. */
export const toastsRequested = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  current: () => toastify !== undefined,
};

/**
 * Shows the outcome of one action as one toast: a later outcome of the same action (`actionId`) replaces the toast
 * still on screen instead of stacking under it (no "Login failed" left under "You are logged in!").
 * Position, width and duration are the container's (spec §9: top right, 300 px, 5 s). Numbers in the message
 * (often composed by the server) are written in the page's digits, Arabic-Indic in Arabic.
 */
export function notify(type: Extract<TypeOptions, 'success' | 'error' | 'info' | 'warning'>, text: string, actionId: string): void {
  const message = localizeDigits(text, document.documentElement.lang);
  void loadToasts().then(({ toast }) => {
    if (toast.isActive(actionId)) {
      toast.update(actionId, { render: message, type, autoClose: 5000 });
      return;
    }
    toast(message, { type, toastId: actionId });
  });
}
