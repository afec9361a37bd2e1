// Migration drift check (`npm run check:migrations`): fails when the Drizzle schema (src/db/schema) and the
// committed migrations (drizzle/) differ, i.e. when a schema change was made without `npm run db:generate`,
// or a generated migration was not committed. No database is needed: drizzle-kit compares the schema with
// the last snapshot in drizzle/meta.
//
// How: `drizzle-kit check` validates the snapshots, then `drizzle-kit generate` runs against a throwaway copy
// of drizzle/. In sync, it writes nothing; any file it adds or changes in the copy is drift, and is printed.
// Then every table the migrations build must have its version trigger (version-triggers.mjs), which
// drizzle-kit does not generate: without it the page cache would answer that table's lists unchanged.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tablesWithoutVersionTrigger, versionTrigger } from './version-triggers.mjs';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const migrationsDir = join(apiDir, 'drizzle');
const drizzleKit = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
// A rename or a drop makes drizzle-kit ask a question; with no terminal to answer it, do not wait forever.
const timeoutMs = 120_000;

function drizzleKitRun(args) {
  const run = spawnSync(process.execPath, [drizzleKit, ...args], {
    cwd: apiDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: timeoutMs,
  });
  return { ok: run.status === 0, output: `${run.stdout ?? ''}${run.stderr ?? ''}`, timedOut: run.error?.code === 'ETIMEDOUT' };
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => statSync(join(dir, file)).isFile())
    .sort();
}

function fail(message, details = '') {
  console.error(`check:migrations: ${message}`);
  if (details) console.error(details.trimEnd());
  process.exitCode = 1;
}

const check = drizzleKitRun(['check', '--config', 'drizzle.config.ts']);
if (!check.ok) {
  fail('drizzle-kit check found inconsistent migration snapshots.', check.output);
} else {
  const work = mkdtempSync(join(tmpdir(), 'sehha-migration-drift-'));
  try {
    const copy = join(work, 'drizzle');
    cpSync(migrationsDir, copy, { recursive: true });
    // The project's config with `out` moved to the copy; drizzle-kit reads `out` relative to its working directory.
    const config = join(work, 'drizzle.config.ts');
    writeFileSync(
      config,
      `export default ${JSON.stringify({ dialect: 'postgresql', schema: './src/db/schema/*.ts', out: relative(apiDir, copy) })};\n`,
    );
    const generate = drizzleKitRun(['generate', '--config', config, '--name', 'drift']);
    if (generate.timedOut) {
      fail(
        'drizzle-kit generate waited for an answer (a rename or a drop in the schema): run `npm run db:generate -w apps/api`.',
        generate.output,
      );
    } else if (!generate.ok || /^Error\b/m.test(generate.output)) {
      // drizzle-kit exits 0 after some errors (a question it cannot ask without a terminal), so its output is read too.
      fail(
        'drizzle-kit generate failed (a rename or a drop in the schema needs `npm run db:generate -w apps/api` in a terminal).',
        generate.output,
      );
    } else {
      const before = filesUnder(migrationsDir);
      const after = filesUnder(copy);
      const added = after.filter((file) => !before.includes(file));
      const changed = before.filter(
        (file) => existsSync(join(copy, file)) && !readFileSync(join(copy, file)).equals(readFileSync(join(migrationsDir, file))),
      );
      if (added.length > 0 || changed.length > 0) {
        const sql = added.filter((file) => file.endsWith('.sql')).map((file) => `--- ${file}\n${readFileSync(join(copy, file), 'utf8')}`);
        fail(
          'the Drizzle schema and the migrations in apps/api/drizzle differ. Run `npm run db:generate -w apps/api` and commit the migration.',
          [`new: ${added.join(', ') || 'none'}`, `changed: ${changed.join(', ') || 'none'}`, ...sql].join('\n'),
        );
      } else if (!generate.output.includes('No schema changes')) {
        fail('drizzle-kit generate wrote nothing but did not report the schema unchanged.', generate.output);
      } else {
        console.log('check:migrations: the schema and the migrations agree.');
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const unversioned = await tablesWithoutVersionTrigger(migrationsDir);
if (unversioned.length > 0) {
  fail(
    `tables without a version trigger: ${unversioned.join(', ')}. The page cache would keep their lists after a change. ` +
      'Add a custom migration (`npm run db:generate -w apps/api -- --custom --name <table>_version`) with:',
    unversioned.map(versionTrigger).join('\n'),
  );
} else {
  console.log('check:migrations: every table has its version trigger.');
}
