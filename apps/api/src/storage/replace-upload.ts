import type { Storage } from './storage';

/** Where a file that could not be removed is reported: the request's logger (pino's `warn`). */
export type RemovalLog = { warn: (details: Record<string, unknown>, message: string) => void };

/**
 * Runs a database change that points a record at a newly stored file, keeping the folder in step
 * with the database: the new file is removed when the change fails, the replaced one once it is
 * committed. A removal that fails leaves an orphan file, never a broken record, and is logged with
 * the request, so that an operator can find it; it does not fail the request.
 */
export async function withStoredFile<T>(
  storage: Storage,
  log: RemovalLog,
  newKey: string | undefined,
  change: () => Promise<{ result: T; replacedKey?: string | null | undefined }>,
): Promise<T> {
  const remove = (key: string) =>
    storage.remove(key).catch((error: unknown) => log.warn({ err: error, file: key }, 'stored file could not be removed after a database change'));
  let outcome: { result: T; replacedKey?: string | null | undefined };
  try {
    outcome = await change();
  } catch (error) {
    if (newKey) await remove(newKey);
    throw error;
  }
  if (outcome.replacedKey && outcome.replacedKey !== newKey) await remove(outcome.replacedKey);
  return outcome.result;
}
