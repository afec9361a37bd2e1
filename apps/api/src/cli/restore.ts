import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { installationOf, restoreBackup } from '../backup/backup-archive';
import { loadConfig } from '../config';
import { exitOnFailure, exitWithUsage } from './exit-on-failure';

const usage =
  'Usage: npm run restore -- --in FILE.tar.gz [--force]  (restores into the DATA_DIR or DATABASE_URL database and STORAGE_DIR of npm start; ' +
  '--force replaces an installation that is not empty)';

/** npm run restore -- --in sehha-backup.tar.gz [--force] */
async function main() {
  const { values } = parseArgs({ options: { in: { type: 'string' }, force: { type: 'boolean', default: false } } });
  if (!values.in) exitWithUsage(undefined, usage);
  const manifest = await restoreBackup(installationOf(loadConfig()), values.in, { force: values.force });
  const database = manifest.driver === 'pglite' ? 'embedded PGlite database' : 'PostgreSQL database';
  process.stdout.write(
    `Restored the ${database} and ${manifest.storage.files} stored files from ${resolve(values.in)} (made ${manifest.created_at} by Sehha ${manifest.app_version})\n`,
  );
}

main().catch((error) => exitOnFailure(error, usage));
