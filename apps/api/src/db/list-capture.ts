import { AsyncLocalStorage } from 'node:async_hooks';
import type { PgSelect } from 'drizzle-orm/pg-core';

/** A list's rows without paging: its filtered, ordered select and how the list presents a row. */
export type ListSource = { select: PgSelect; present: (row: never) => unknown };

const capture = new AsyncLocalStorage<{ source?: ListSource | undefined }>();

/**
 * Runs a list's own service call in "capture" mode: the list's page helper (selectPage) hands over its
 * select and presenter instead of reading a page. The export then streams exactly the rows the list
 * shows (the same search, filters and order), because it is the list's own query, not a copy of it.
 * Undefined when the call never reached selectPage (such a list declares its source itself).
 */
export async function captureListSource(run: () => Promise<unknown>): Promise<ListSource | undefined> {
  const store: { source?: ListSource | undefined } = {};
  await capture.run(store, run);
  return store.source;
}

/** True while a list's call runs in capture mode (its page helper must hand over its select, not read a page). */
export const capturingListSource = () => capture.getStore() !== undefined;

/** Called by selectPage: true when the list is being captured (the page must then not be read). */
export function offerListSource(source: ListSource): boolean {
  const store = capture.getStore();
  if (!store) return false;
  store.source = source;
  return true;
}
