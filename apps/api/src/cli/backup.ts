import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup, installationOf } from '../backup/backup-archive';
import { loadConfig } from '../config';
import { exitOnFailure, exitWithUsage, megabytes } from './exit-on-failure';

const usage = 'Usage: npm run backup -- --out FILE.tar.gz  (backs up the DATA_DIR or DATABASE_URL database and STORAGE_DIR of npm start)';

/** npm run backup -- --out sehha-backup.tar.gz */
async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) exitWithUsage(undefined, usage);
  const out = resolve(values.out);
  const config = loadConfig();
  const manifest = await createBackup(installationOf(config), out);
  // The archive holds the local storage folder; a bucket is backed up by the object store's own tools.
  if (config.STORAGE_DRIVER === 's3') {
    process.stdout.write(
      `STORAGE_DRIVER=s3: files live in the bucket "${config.S3_BUCKET}", not in this archive; back the bucket up with its own tools (versioning, replication, or mc mirror)\n`,
    );
  }
  const database = manifest.driver === 'pglite' ? 'embedded PGlite database' : 'PostgreSQL database';
  process.stdout.write(
    `Backed up the ${database} and ${manifest.storage.files} stored files (${megabytes(manifest.storage.bytes)}) to ${out} (${megabytes((await stat(out)).size)})\n`,
  );
}

main().catch((error) => exitOnFailure(error, usage));
