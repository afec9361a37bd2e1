import { useSyncExternalStore } from 'react';

/** The admin's choice: follow the system (the default), or always light or dark. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark'];

const storageKey = 'theme';
const darkQuery = '(prefers-color-scheme: dark)';

function stored(): ThemeChoice {
  const value = localStorage.getItem(storageKey);
  return value === 'light' || value === 'dark' ? value : 'system';
}

const systemMedia = () => (typeof window.matchMedia === 'function' ? window.matchMedia(darkQuery) : undefined);

/**
 * Puts the theme on <html>: the `dark` class (index.css remaps the palette under it) and color-scheme,
 * so that the browser's own parts (scroll bars, native selects) follow.
 */
function apply(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && Boolean(systemMedia()?.matches));
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

// One store for the page: the header menu changes it, every reader follows.
let current: ThemeChoice | undefined;
const listeners = new Set<() => void>();

/** Applies the stored choice and follows the system's preference while the choice is "system". Call once, before rendering. */
export function startTheme(): void {
  // Once per page: the login page's entry starts it, then the dashboard it hands over to.
  if (current !== undefined) return;
  current = stored();
  apply(current);
  systemMedia()?.addEventListener('change', () => {
    if (current === 'system') apply('system');
  });
}

/** Chooses a theme for this browser (kept in localStorage; nothing is stored for "system"). */
export function chooseTheme(choice: ThemeChoice): void {
  if (choice === 'system') localStorage.removeItem(storageKey);
  else localStorage.setItem(storageKey, choice);
  current = choice;
  apply(choice);
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The theme choice in force. */
export const useThemeChoice = () =>
  useSyncExternalStore(
    subscribe,
    () => current ?? stored(),
    () => 'system' as ThemeChoice,
  );
