import { createElement } from 'react';
import type * as ReactToastify from 'react-toastify';
import type { TypeOptions } from 'react-toastify';
import { localizeDigits } from '../../lib/format';
import { ToastUndo } from './toast-undo';

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

/** The toast on screen for each action, so that the next outcome of that action replaces it. */
const shown = new Map<string, string>();
let sequence = 0;

/**
 * Shows the outcome of one action as one toast: a later outcome of the same action (`actionId`) replaces the toast
 * still on screen instead of stacking under it (no "Login failed" left under "You are logged in!").
 * It replaces it by dismissing it and showing a new toast, not by updating it: a toast whose 5 s are up stays
 * "active" during its exit animation, and an update landing then was removed with it (a refusal toast lost).
 * Position, width and duration are the container's (spec §9: top right, 300 px, 5 s). Numbers in the message
 * (often composed by the server) are written in the page's digits, Arabic-Indic in Arabic.
 */
/** A change the toast offers to take back within its 5 s: the button's (translated) label and what it runs. */
export type ToastUndoAction = { label: string; run: () => Promise<unknown> | void };

export function notify(
  type: Extract<TypeOptions, 'success' | 'error' | 'info' | 'warning'>,
  text: string,
  actionId: string,
  undo?: ToastUndoAction,
): void {
  const message = localizeDigits(text, document.documentElement.lang);
  void loadToasts().then(({ toast }) => {
    const previous = shown.get(actionId);
    if (previous !== undefined) toast.dismiss(previous);
    const toastId = `${actionId}#${++sequence}`;
    shown.set(actionId, toastId);
    const content = undo
      ? ({ closeToast }: { closeToast: () => void }) =>
          createElement(ToastUndo, { message, undoLabel: undo.label, onUndo: undo.run, closeToast })
      : message;
    toast(content, { type, toastId });
  });
}
