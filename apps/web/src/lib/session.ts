import { useSyncExternalStore } from 'react';

/** The session lives in localStorage under `token` and `role` (spec §3); empty values are removed. */
const keys = { token: 'token', role: 'role' } as const;

export type Session = { token: string | null; role: string | null };

const listeners = new Set<() => void>();
let snapshot: Session | undefined;

function read(): Session {
  return { token: localStorage.getItem(keys.token) || null, role: localStorage.getItem(keys.role) || null };
}

function emit(): void {
  snapshot = undefined;
  for (const listener of listeners) listener();
}

function write(key: string, value: string | null | undefined): void {
  if (value) localStorage.setItem(key, value);
  else localStorage.removeItem(key);
}

export function getSession(): Session {
  const current = read();
  if (!snapshot || snapshot.token !== current.token || snapshot.role !== current.role) snapshot = current;
  return snapshot;
}

export const getToken = (): string | null => getSession().token;

export function setSession(session: { token?: string | null; role?: string | null }): void {
  write(keys.token, session.token);
  write(keys.role, session.role);
  emit();
}

export function clearSession(): void {
  setSession({ token: null, role: null });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging out also ends this tab's session.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === keys.token || event.key === keys.role) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const useSession = (): Session => useSyncExternalStore(subscribe, getSession, getSession);
