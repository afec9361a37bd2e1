import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { c as createTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { upsertAdmin } from '../../src/auth/admin-accounts';
import { installationOf, restoreBackup } from '../../src/backup/backup-archive';
import { pgliteFolder } from '../../src/backup/database-dump';
import { backupFormat, backupFormatVersion, type BackupManifest } from '../../src/backup/manifest';
import { fromPglite, openDatabase, pgliteExtensions, type DatabaseHandle } from '../../src/db/connection';
import { serverDatabase } from '../support/test-database';
import { users } from '../../src/db/schema/accounts';
import { seedDemoData } from '../../src/seed/seed-demo-data';
import { LocalStorage } from '../../src/storage/storage';
import { createUrlSigner } from '../../src/storage/signed-urls';
import { adminCredentials } from '../support/test-app';
import { runCli } from '../support/server-process';

const onPostgres = process.env.TEST_DB === 'postgres';

// Seeded at a fixed time, and both apps sign storage URLs with the same key at the same instant,
// so that every answer, signed links included, can be compared byte for byte.
const NOW = new Date('2026-03-15T09:30:00.000Z');
const signer = createUrlSigner('backup-test-secret-backup-test-secret-00', () => NOW.getTime());

type Env = { DATA_DIR: string; STORAGE_DIR: string; DATABASE_URL: string };

/** An empty installation: a new data folder, or a new (empty) PostgreSQL database; and a new storage folder. */
async function emptyInstallation(root: string, name: string): Promise<Env & { drop: () => Promise<void> }> {
  const env = { DATA_DIR: join(root, `${name}-data`), STORAGE_DIR: join(root, `${name}-storage`), DATABASE_URL: '' };
  if (!onPostgres) return { ...env, drop: async () => {} };
  const database = serverDatabase(`sehha_backup_${name}`);
  await database.create();
  return { ...env, DATABASE_URL: database.url, drop: database.drop };
}

/** `npm run backup` / `npm run restore` as an operator runs them, with this installation's environment. */
const runTool = (name: 'backup' | 'restore', args: string[], env: Env & { PATH?: string | undefined }) =>
  // The test runner's own settings of these (if any) are not this installation's.
  runCli(name, args, env, (key) => ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'APP_KEY'].includes(key));

const openInstallation = (env: Env) => openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });

type Running = { app: App; handle: DatabaseHandle; token: string; get: (url: string) => Promise<{ status: number; body: Buffer }> };

/** An API on the installation, as server.ts builds it (answers through inject: no port in the links). */
async function startApi(env: Env): Promise<Running> {
  const handle = await openInstallation(env);
  const app = await buildApp({
    db: handle.db,
    storage: new LocalStorage(env.STORAGE_DIR),
    signer,
    config: { timeZone: 'Africa/Cairo' },
    logger: false,
  });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: adminCredentials });
  expect(login.statusCode).toBe(200);
  const token = (login.json() as { data: { token: string } }).data.token;
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'ar' } });
    return { status: response.statusCode, body: response.rawPayload };
  };
  return { app, handle, token, get };
}

const listsToCompare = [
  '/api/admin/users?per_page=100',
  '/api/admin/users?page=2&per_page=7&search=a',
  '/api/admin/users/deactivated',
  '/api/admin/providers/doctors?per_page=100',
  '/api/admin/providers/pharmacies',
  '/api/admin/providers/hospitals',
  '/api/admin/countries',
  '/api/admin/cities',
  '/api/admin/specialities',
  '/api/admin/categories',
  '/api/admin/hospitalies/types',
  '/api/admin/plans',
  '/api/admin/user-subscriptions',
  '/api/admin/prescription/index',
  '/api/admin/home-ads',
  '/api/admin/change-requests',
  '/api/admin/licenses',
];

/** Rows in a list answer (Laravel paginator or plain array), to be sure a comparison is not of two empty lists. */
function rowsOf(body: Buffer): number {
  const data = (JSON.parse(body.toString('utf8')) as { data: unknown }).data;
  if (Array.isArray(data)) return data.length;
  return ((data as { data?: unknown[] | undefined }).data ?? []).length;
}

describe('backup and restore', () => {
  let root: string;
  let source: Awaited<ReturnType<typeof emptyInstallation>>;
  let target: Awaited<ReturnType<typeof emptyInstallation>>;
  let archive: string;
  let storedFiles = 0;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sehha-backup-'));
    source = await emptyInstallation(root, 'source');
    target = await emptyInstallation(root, 'target');
    archive = join(root, 'backups', 'sehha.tar.gz');
    await mkdir(join(root, 'backups'));

    // The source installation: an admin and the demo data, with their files, as a first start leaves them.
    // PGlite: made in memory and then written to DATA_DIR, which is seconds faster than initdb on disk.
    const memory = onPostgres ? undefined : await PGlite.create({ extensions: pgliteExtensions });
    const handle = memory ? fromPglite(memory) : await openInstallation(source);
    try {
      await handle.migrate();
      await upsertAdmin(handle.db, adminCredentials.email, adminCredentials.password, 'Test Admin');
      storedFiles = (await seedDemoData(handle.db, new LocalStorage(source.STORAGE_DIR), { now: NOW })).files;
      if (memory) {
        await mkdir(source.DATA_DIR);
        const onDisk = await PGlite.create(pgliteFolder(source.DATA_DIR), {
          extensions: pgliteExtensions,
          loadDataDir: await memory.dumpDataDir('none'),
        });
        await onDisk.close();
      }
    } finally {
      await handle.close();
    }
  }, 90_000);

  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('backs up into one archive, and restores it into an empty installation', async () => {
    const backup = await runTool('backup', ['--out', archive], source);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(new RegExp(`^Backed up the .+ database and ${storedFiles} stored files .* to ${archive} \\(`));

    const restore = await runTool('restore', ['--in', archive], target);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(new RegExp(`^Restored the .+ database and ${storedFiles} stored files from ${archive}`));
    // No work folder is left behind, in the storage folder nor beside the archive.
    expect((await readdir(target.STORAGE_DIR)).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(await readdir(join(root, 'backups'))).toEqual(['sehha.tar.gz']);
  }, 60_000);

  it('the restored installation gives the same answers as the original, byte for byte', async () => {
    const original = await startApi(source);
    const restored = await startApi(target);
    try {
      for (const url of listsToCompare) {
        const [before, after] = [await original.get(url), await restored.get(url)];
        expect(before.status, url).toBe(200);
        expect(rowsOf(before.body), `${url} has rows`).toBeGreaterThan(0);
        expect(after.status, url).toBe(200);
        expect(after.body.toString('utf8'), url).toBe(before.body.toString('utf8'));
      }
      // Stored files: a public one (a home ad's image) and a private one (a prescription, by its signed URL).
      const ad = (JSON.parse((await original.get('/api/admin/home-ads')).body.toString()) as { data: { data: Array<{ image: string }> } })
        .data.data[0]!;
      const prescription = (
        JSON.parse((await original.get('/api/admin/prescription/index')).body.toString()) as { data: { data: Array<{ image: string }> } }
      ).data.data[0]!;
      for (const file of [ad.image, prescription.image]) {
        const url = `/storage/${file.replace(/^.*\/storage\//, '')}`;
        const [before, after] = [await original.get(url), await restored.get(url)];
        expect(before.status, url).toBe(200);
        expect(before.body.length, url).toBeGreaterThan(100);
        expect(after.status, url).toBe(200);
        expect(after.body.equals(before.body), url).toBe(true);
      }
    } finally {
      for (const api of [original, restored]) {
        await api.app.close();
        await api.handle.close();
      }
    }
  }, 60_000);

  it('refuses a backup of the other database driver', async () => {
    const other: BackupManifest = {
      format: backupFormat,
      format_version: backupFormatVersion,
      driver: onPostgres ? 'pglite' : 'postgres',
      created_at: NOW.toISOString(),
      app_version: '1.0.0',
      database: { file: onPostgres ? 'database/pglite.tar' : 'database/postgres.dump', bytes: 0, server_version: '' },
      storage: { files: 0, bytes: 0 },
    };
    const folder = await mkdtemp(join(root, 'other-'));
    await writeFile(join(folder, 'manifest.json'), JSON.stringify(other));
    const otherArchive = join(root, 'other.tar.gz');
    await createTar({ file: otherArchive, cwd: folder, gzip: true }, ['manifest.json']);
    const empty = await emptyInstallation(root, 'empty');
    try {
      await expect(restoreBackup(installationOf(empty), otherArchive)).rejects.toThrow(
        onPostgres
          ? /it is a backup of the embedded PGlite database \(DATA_DIR\) and this installation uses a PostgreSQL database \(DATABASE_URL\); restore it without DATABASE_URL/
          : /it is a backup of a PostgreSQL database \(DATABASE_URL\) and this installation uses the embedded PGlite database \(DATA_DIR\); restore it with DATABASE_URL set/,
      );
    } finally {
      await empty.drop();
    }
  });

  it('refuses to restore over an installation that is not empty, in one line, unless --force', async () => {
    const refused = await runTool('restore', ['--in', archive], target);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /^Refusing to restore over an installation that is not empty: its database has \d+ accounts\. Add --force to replace it\.\n$/,
    );

    // Over files only (an empty database), too.
    const filesOnly = await emptyInstallation(root, 'files');
    try {
      await mkdir(join(filesOnly.STORAGE_DIR, 'flags'), { recursive: true });
      await writeFile(join(filesOnly.STORAGE_DIR, 'flags', 'left-over.png'), 'x');
      await expect(restoreBackup(installationOf(filesOnly), archive)).rejects.toThrow(/its storage folder .* has 1 file\. Add --force/);
    } finally {
      await filesOnly.drop();
    }

    // --force replaces the database and the application's files (a stray file goes), not what cannot be a storage key.
    await writeFile(join(target.STORAGE_DIR, 'flags', 'stray.png'), 'x');
    await mkdir(join(target.STORAGE_DIR, 'lost+found'));
    const handle = await openInstallation(target);
    await upsertAdmin(handle.db, 'another-admin@sehha.test', adminCredentials.password);
    await handle.close();
    await restoreBackup(installationOf(target), archive, { force: true });
    expect(await readdir(join(target.STORAGE_DIR, 'flags'))).not.toContain('stray.png');
    expect(await readdir(target.STORAGE_DIR)).toContain('lost+found');
    const restored = await openInstallation(target);
    try {
      expect(await restored.db.select({ id: users.id }).from(users).where(eq(users.email, 'another-admin@sehha.test'))).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('fails in one line on a file that is not a backup', async () => {
    const notArchive = join(root, 'not-a-backup.tar.gz');
    await writeFile(notArchive, 'hello');
    const result = await runTool('restore', ['--in', notArchive], target);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`Cannot restore ${notArchive}: it is not a Sehha backup (no valid manifest.json)\n`);
  });

  it.runIf(onPostgres)('names the missing PostgreSQL client in one line', async () => {
    const result = await runTool('backup', ['--out', join(root, 'never.tar.gz')], { ...source, PATH: '/nonexistent' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^pg_dump was not found: install the PostgreSQL client tools .*\n$/);
  });
});
