import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * A backup is one .tar.gz:
 *
 *   manifest.json            this file's schema (first entry, so that it is read without the rest)
 *   database/pglite.tar      embedded PGlite: its data folder as PGlite's dumpDataDir() writes it
 *   database/postgres.dump   PostgreSQL: pg_dump --format=custom
 *   storage/<key>            every file of the local storage folder, under its storage key
 */
export const backupFormat = 'sehha-backup';
export const backupFormatVersion = 1;
export const manifestEntry = 'manifest.json';

export type DatabaseDriver = 'pglite' | 'postgres';

export const databaseEntry: Record<DatabaseDriver, string> = {
  pglite: 'database/pglite.tar',
  postgres: 'database/postgres.dump',
};

export const manifestSchema = z.object({
  format: z.literal(backupFormat),
  format_version: z.literal(backupFormatVersion),
  driver: z.enum(['pglite', 'postgres']),
  created_at: z.string(),
  /** Version of @sehha/api that made the backup. */
  app_version: z.string(),
  database: z.object({
    file: z.enum([databaseEntry.pglite, databaseEntry.postgres]),
    bytes: z.number().int().min(0),
    /** `select version()` of the database that was dumped. */
    server_version: z.string(),
  }),
  storage: z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** Why a manifest cannot be restored by this build, in one line; undefined when it can. */
export function manifestProblem(value: unknown): string | undefined {
  const head = z.object({ format: z.literal(backupFormat), format_version: z.number() }).safeParse(value);
  if (!head.success) return 'it is not a Sehha backup (no valid manifest.json)';
  if (head.data.format_version > backupFormatVersion) {
    return `it was made by a newer Sehha (backup format ${head.data.format_version}; this one reads ${backupFormatVersion})`;
  }
  const full = manifestSchema.safeParse(value);
  if (!full.success) return `its manifest.json is invalid (${full.error.issues.map((issue) => issue.path.join('.')).join(', ')})`;
  return undefined;
}

/** The version of this package (apps/api/package.json), found from the sources and from the bundle alike. */
export function appVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string | undefined; version?: string | undefined };
      if (pkg.name === '@sehha/api') return pkg.version ?? 'unknown';
    }
    dir = resolve(dir, '..');
  }
  return 'unknown';
}
