import { StartupError } from '../startup-error';
import { storageFailure } from './create-storage';
import type { StorageDriver } from './storage';

export type CopyReport = {
  /** Files found in the source. */
  files: number;
  copied: number;
  copiedBytes: number;
  /** Already in the target with the same size. */
  skipped: number;
  failed: Array<{ key: string; reason: string }>;
};

/**
 * Copies every file of one storage to another (storage:migrate), `concurrency` at a time. A file
 * already in the target with the same size is skipped, so running it again after an interruption
 * or a failure copies only what is missing: each put is whole or absent, never half a file.
 */
export async function copyStorage(from: StorageDriver, to: StorageDriver, options: { concurrency?: number | undefined } = {}): Promise<CopyReport> {
  const files: Array<{ key: string; size: number }> = [];
  try {
    for await (const file of from.list()) files.push(file);
  } catch (error) {
    throw new StartupError(`Cannot list the files of the ${from.location}: ${storageFailure(error)}`, { cause: error });
  }
  const report: CopyReport = { files: files.length, copied: 0, copiedBytes: 0, skipped: 0, failed: [] };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const { key, size } = files[next++]!;
      try {
        if ((await to.size(key)) === size) {
          report.skipped++;
          continue;
        }
        const source = await from.read(key);
        if (!source) throw new Error('no longer in the source');
        await to.put(key, source.stream, { size: source.size });
        report.copied++;
        report.copiedBytes += source.size;
      } catch (error) {
        report.failed.push({ key, reason: storageFailure(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  report.failed.sort((a, b) => a.key.localeCompare(b.key));
  return report;
}
