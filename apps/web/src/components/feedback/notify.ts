import { toast, type TypeOptions } from 'react-toastify';

/**
 * Shows the outcome of one action as one toast: a later outcome of the same action (`actionId`) replaces the toast
 * still on screen instead of stacking under it (no "Login failed" left under "You are logged in!").
 * Position, width and duration are the container's (spec §9: top right, 300 px, 5 s).
 */
export function notify(type: Extract<TypeOptions, 'success' | 'error' | 'info' | 'warning'>, message: string, actionId: string): void {
  if (toast.isActive(actionId)) {
    toast.update(actionId, { render: message, type, autoClose: 5000, progress: undefined });
    return;
  }
  toast(message, { type, toastId: actionId });
}
