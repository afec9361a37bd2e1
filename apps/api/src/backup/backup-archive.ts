import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Parser, x as extract, c as create, type ReadEntry } from 'tar';
import type { Config } from '../config';
import { StartupError } from '../startup-error';
import { isSafeKey } from '../storage/storage';
import { countAccounts, dumpDatabase, restoreDatabase, type DatabaseLocation } from './database-dump';
import {
  appVersion,
  backupFormat,
  backupFormatVersion,
  databaseEntry,
  manifestEntry,
  manifestProblem,
  type BackupManifest,
  type DatabaseDriver,
} from './manifest';

/** What a backup reads and a restore replaces: the same DATA_DIR / DATABASE_URL / STORAGE_DIR as `npm start`. */
export type Installation = { database: DatabaseLocation; storageDir: string };

export function installationOf(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'STORAGE_DIR'>): Installation {
  if (!config.DATABASE_URL && config.DATA_DIR === ':memory:')
    throw new StartupError('DATA_DIR=:memory: keeps no database to back up or restore');
  return {
    database: config.DATABASE_URL
      ? { driver: 'postgres', databaseUrl: config.DATABASE_URL }
      : { driver: 'pglite', dataDir: resolve(config.DATA_DIR) },
    storageDir: resolve(config.STORAGE_DIR),
  };
}

const driverName: Record<DatabaseDriver, string> = {
  pglite: 'the embedded PGlite database (DATA_DIR)',
  postgres: 'a PostgreSQL database (DATABASE_URL)',
};

/** Files of the storage folder that the API can serve (safe keys), as keys; none when the folder does not exist. */
async function storedFiles(storageDir: string): Promise<Array<{ key: string; bytes: number }>> {
  if (!existsSync(storageDir)) return [];
  const entries = await readdir(storageDir, { recursive: true, withFileTypes: true });
  const files: Array<{ key: string; bytes: number }> = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = relative(storageDir, join(entry.parentPath, entry.name)).split(sep).join('/');
    // Anything else (a restore's work folder, an editor's dot-file) is not the application's data.
    if (isSafeKey(key)) files.push({ key, bytes: (await stat(join(storageDir, key))).size });
  }
  return files.sort((a, b) => a.key.localeCompare(b.key));
}

/** Writes or reads a file of the operator's; a failure is theirs to fix, in one line. */
async function operatorFile<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StartupError) throw error;
    throw new StartupError(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * Writes the database and every stored file into one .tar.gz at `outFile`. The archive appears
 * only once complete (it is written beside it and renamed); an existing file is replaced.
 */
export async function createBackup(installation: Installation, outFile: string, now = new Date()): Promise<BackupManifest> {
  const out = resolve(outFile);
  const driver = installation.database.driver;
  const staging = await operatorFile(`Cannot write beside ${out}`, () => mkdtemp(join(dirname(out), '.sehha-backup-')));
  const partial = `${staging}.tar.gz`;
  try {
    await mkdir(join(staging, 'database'));
    const databaseFile = databaseEntry[driver];
    const { serverVersion } = await dumpDatabase(installation.database, join(staging, databaseFile));
    const files = await storedFiles(installation.storageDir);
    // The files are packed from the storage folder itself, reached through a link named `storage`.
    if (files.length > 0) await symlink(installation.storageDir, join(staging, 'storage'), 'dir');
    const manifest: BackupManifest = {
      format: backupFormat,
      format_version: backupFormatVersion,
      driver,
      created_at: now.toISOString(),
      app_version: appVersion(),
      database: { file: databaseFile, bytes: (await stat(join(staging, databaseFile))).size, server_version: serverVersion },
      storage: { files: files.length, bytes: files.reduce((sum, file) => sum + file.bytes, 0) },
    };
    await writeFile(join(staging, manifestEntry), `${JSON.stringify(manifest, null, 2)}\n`);
    await operatorFile(`Cannot write ${out}`, async () => {
      await create({ file: partial, cwd: staging, gzip: true, portable: true }, [
        manifestEntry,
        databaseFile,
        ...files.map((file) => `storage/${file.key}`),
      ]);
      await rename(partial, out);
    });
    return manifest;
  } finally {
    // The link first, so that nothing could ever remove the storage folder through it.
    await unlink(join(staging, 'storage')).catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** The manifest, read from the archive's first entry without decompressing the rest. */
export async function readManifest(file: string): Promise<BackupManifest> {
  const source = createReadStream(file);
  const text = await new Promise<string | undefined>((resolvePromise, reject) => {
    let first = true;
    const parser = new Parser({
      onReadEntry: (entry: ReadEntry) => {
        if (!first) return entry.resume();
        first = false;
        if (entry.path !== manifestEntry) {
          entry.resume();
          resolvePromise(undefined);
          return;
        }
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => resolvePromise(Buffer.concat(chunks).toString('utf8')));
      },
    });
    parser.on('error', reject);
    parser.on('end', () => resolvePromise(undefined));
    source.on('error', reject);
    source.pipe(parser);
  }).finally(() => source.destroy());
  let parsed: unknown;
  try {
    parsed = text === undefined ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const problem = manifestProblem(parsed);
  if (problem) throw new StartupError(`Cannot restore ${file}: ${problem}`);
  return parsed as BackupManifest;
}

/** Why the installation is not empty (accounts in its database, files in its storage folder); undefined when it is. */
export async function notEmptyBecause(installation: Installation): Promise<string | undefined> {
  const accounts = await countAccounts(installation.database);
  if (accounts > 0) return `its database has ${accounts} account${accounts === 1 ? '' : 's'}`;
  const files = await storedFiles(installation.storageDir);
  if (files.length > 0) return `its storage folder ${installation.storageDir} has ${files.length} file${files.length === 1 ? '' : 's'}`;
  return undefined;
}

const archivedPath = /^(manifest\.json|database\/[a-z]+\.(tar|dump)|storage\/.+)$/;

/**
 * Replaces the database and the storage folder with those of the backup. Refuses an installation
 * that is not empty unless `force`, and a backup of the other database driver. The database is
 * replaced first, in one step; the stored files only after it succeeded.
 */
export async function restoreBackup(
  installation: Installation,
  inFile: string,
  options: { force?: boolean | undefined } = {},
): Promise<BackupManifest> {
  const file = resolve(inFile);
  if (!existsSync(file)) throw new StartupError(`Cannot restore ${file}: no such file`);
  const manifest = await operatorFile(`Cannot restore ${file}`, () => readManifest(file));
  const driver = installation.database.driver;
  if (manifest.driver !== driver) {
    throw new StartupError(
      `Cannot restore ${file}: it is a backup of ${driverName[manifest.driver]} and this installation uses ${driverName[driver]}; ` +
        `restore it ${manifest.driver === 'postgres' ? 'with DATABASE_URL set' : 'without DATABASE_URL'}.`,
    );
  }
  if (!options.force) {
    const reason = await notEmptyBecause(installation);
    if (reason) throw new StartupError(`Refusing to restore over an installation that is not empty: ${reason}. Add --force to replace it.`);
  }

  // Unpacked inside the storage folder (same file system, so its files move in by renaming); a
  // dot-folder is not a storage key, so the API never serves it.
  const storageDir = installation.storageDir;
  await operatorFile(`Cannot use STORAGE_DIR ${storageDir}`, () => mkdir(storageDir, { recursive: true }));
  const staging = await mkdtemp(join(storageDir, '.sehha-restore-'));
  try {
    await operatorFile(`Cannot restore ${file}`, () =>
      extract({
        file,
        cwd: staging,
        strict: true,
        filter: (path, entry) => archivedPath.test(path) && !('type' in entry && entry.type !== 'File' && entry.type !== 'OldFile'),
      }),
    );
    const databaseFile = join(staging, manifest.database.file);
    const databaseBytes = existsSync(databaseFile) ? (await stat(databaseFile)).size : -1;
    const files = await storedFiles(join(staging, 'storage'));
    if (databaseBytes !== manifest.database.bytes || files.length !== manifest.storage.files) {
      throw new StartupError(`Cannot restore ${file}: the archive is incomplete (its content does not match its manifest)`);
    }
    await restoreDatabase(installation.database, databaseFile);
    await replaceStoredFiles(storageDir, join(staging, 'storage'));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return manifest;
}

/**
 * Removes the application's folders and files from the storage folder and moves the restored ones in.
 * What cannot be a storage key (the restore's own dot-folder, a volume's lost+found) stays.
 */
async function replaceStoredFiles(storageDir: string, restored: string) {
  for (const name of await readdir(storageDir)) {
    if (isSafeKey(name)) await rm(join(storageDir, name), { recursive: true, force: true });
  }
  if (!existsSync(restored)) return;
  for (const name of await readdir(restored)) await rename(join(restored, name), join(storageDir, name));
}
