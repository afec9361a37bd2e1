/**
 * A screen's chunk that no longer exists: after a deploy, a tab still running the previous build asks for file names
 * the new build does not have. Chromium, Firefox and Safari word it differently; Vite's preloader has its own.
 */
const staleChunkMessage =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export const isStaleChunk = (error: unknown): boolean => error instanceof Error && staleChunkMessage.test(error.message);

const key = 'sehha:stale-chunk-reload';
/** A second failure this soon after reloading the same address is not a stale tab: show the error instead of looping. */
const quietMs = 60_000;

function lastReload(): { path: string; at: number } | null {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? 'null') as { path: string; at: number } | null;
  } catch {
    return null;
  }
}

/** Whether reloading could help: this address was not reloaded for a stale chunk within the last minute. */
export function mayReloadForStaleChunk(): boolean {
  const last = lastReload();
  return !last || last.path !== window.location.pathname || Date.now() - last.at > quietMs;
}

/** Reloads the page once, so that it gets the new build's HTML and chunks; false when it already tried. */
export function reloadForStaleChunk(): boolean {
  if (!mayReloadForStaleChunk()) return false;
  try {
    sessionStorage.setItem(key, JSON.stringify({ path: window.location.pathname, at: Date.now() }));
  } catch {
    return false; // without storage a reload could not tell itself from the next one: no loop
  }
  window.location.reload();
  return true;
}
