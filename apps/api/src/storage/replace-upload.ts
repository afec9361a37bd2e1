import type { Storage } from './storage';

/**
 * Runs a database change that points a record at a newly stored file, keeping the folder in step
 * with the database: the new file is removed when the change fails, the replaced one once it is
 * committed. (A crash between commit and removal leaves an orphan file, never a broken record.)
 */
export async function withStoredFile<T>(
  storage: Storage,
  newKey: string | undefined,
  change: () => Promise<{ result: T; replacedKey?: string | null }>,
): Promise<T> {
  let outcome: { result: T; replacedKey?: string | null };
  try {
    outcome = await change();
  } catch (error) {
    if (newKey) await storage.remove(newKey).catch(() => undefined);
    throw error;
  }
  if (outcome.replacedKey && outcome.replacedKey !== newKey) await storage.remove(outcome.replacedKey).catch(() => undefined);
  return outcome.result;
}
