import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { copyStorage } from '../storage/copy-storage';
import { checkStorage, createStorage, storageDrivers, type StorageDriverName } from '../storage/create-storage';
import type { StorageDriver } from '../storage/storage';
import { exitOnFailure, exitWithUsage, megabytes } from './exit-on-failure';

const usage =
  'Usage: npm run storage:migrate -- --from local --to s3  (copies every file of STORAGE_DIR to the S3_* bucket; files already there with the same size are skipped)';

const driverName = (value: string | undefined, option: string): StorageDriverName => {
  if (!value) exitWithUsage(undefined, usage);
  if (!storageDrivers.includes(value as StorageDriverName))
    exitWithUsage(`--${option} must be ${storageDrivers.join(' or ')}, not ${value}`, usage);
  return value as StorageDriverName;
};

/** npm run storage:migrate -- --from local --to s3 (same STORAGE_DIR and S3_* as npm start). */
async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  const [fromName, toName] = [driverName(values.from, 'from'), driverName(values.to, 'to')];
  if (fromName === toName) exitWithUsage('--from and --to must differ', usage);
  const config = loadConfig();
  const opened: StorageDriver[] = [];
  try {
    const from = createStorage(fromName, config);
    opened.push(from);
    const to = createStorage(toName, config);
    opened.push(to);
    await checkStorage(to);
    process.stdout.write(`Copying the files of the ${from.location} to the ${to.location}\n`);
    const report = await copyStorage(from, to);
    for (const { key, reason } of report.failed) process.stderr.write(`Not copied: ${key}: ${reason}\n`);
    process.stdout.write(
      `Copied ${report.copied} of ${report.files} files (${megabytes(report.copiedBytes)}); skipped ${report.skipped} already there with the same size; ${report.failed.length} failed\n`,
    );
    if (report.failed.length > 0) {
      process.stderr.write('Run the command again to copy the files that failed.\n', () => process.exit(1));
    }
  } finally {
    for (const storage of opened) storage.close();
  }
}

main().catch((error) => exitOnFailure(error, usage));
