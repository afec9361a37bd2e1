/**
 * Where a route's CPU goes, per process: the built server (dist/server.js) against BENCH_SPLIT_DATABASE_URL
 * (default: the national bench database), loaded by autocannon (16 connections) route after route; for each,
 * req/s and the CPU time per request of the server process and of the PostgreSQL backends of that database
 * together (other databases' backends, other sessions' tests on a shared machine, are left out), read from
 * /proc (Linux) before and after the run. The ratio to /api/auth/me says how much more a route costs;
 * this says on which side of the socket. `npm run build -w apps/api` first.
 *
 *   BENCH_SPLIT_ROUTES   comma-separated paths (default: /api/auth/me, users, doctors, licenses, /api/auth/me)
 *   BENCH_DURATION       seconds per route (default 8, after 2 s of warm-up)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const env = process.env;
const databaseUrl = env.BENCH_SPLIT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sehha_perf_bench_national';
const routes = (env.BENCH_SPLIT_ROUTES ?? '/api/auth/me,/api/admin/users,/api/admin/providers/doctors,/api/admin/licenses,/api/auth/me')
  .split(',')
  .map((route) => route.trim())
  .filter(Boolean);
const duration = Number(env.BENCH_DURATION ?? 8);
const admin = { email: 'split-admin@sehha.test', password: 'split-password-split-password-1' };
const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const port = 3391;
const base = `http://127.0.0.1:${port}`;
/** /proc's clock ticks (USER_HZ, 100 on Linux) in microseconds. */
const tickMicros = 10_000;

/** User + system CPU ticks of one process. */
function ticks(pid: number | string): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** The measured database's name, as its backends show it in their title (`postgres: 15/main: user database …`). */
const databaseName = new URL(databaseUrl).pathname.slice(1);

/** The same, summed over the PostgreSQL backends serving the measured database (a backend's whole life's ticks). */
function postgresTicks(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) continue;
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(' ').includes(databaseName)) total += ticks(pid);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

const scratch = mkdtempSync(join(tmpdir(), 'sehha-split-'));
const server = spawn(process.execPath, ['dist/server.js'], {
  cwd: apiRoot,
  env: {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    APP_KEY: 'split-app-key-split-app-key-split-app-key',
    DB_POOL_MAX: '10',
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(scratch, 'data'),
    STORAGE_DIR: join(scratch, 'storage'),
    WEB_DIST_DIR: join(scratch, 'no-dashboard'),
    SEED_DEMO: 'false',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (i > 100) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(admin),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const adminHeaders = { authorization: `Bearer ${token}` };
  process.stdout.write(`| Route | req/s | server CPU µs/request | PostgreSQL CPU µs/request |\n|---|---:|---:|---:|\n`);
  for (const path of routes) {
    // The app's directory is read without a token (it refuses an admin's).
    const headers = path.startsWith('/api/v1/directory') ? {} : adminHeaders;
    await autocannon({ url: base + path, connections: 16, duration: 2, headers });
    const before = { server: ticks(server.pid!), postgres: postgresTicks() };
    const result = await autocannon({ url: base + path, connections: 16, duration, headers });
    const perRequest = (from: number, to: number) => Math.round(((to - from) * tickMicros) / result.requests.total);
    if (result.non2xx > 0) throw new Error(`${path}: ${result.non2xx} answers were not 2xx`);
    process.stdout.write(
      `| ${path} | ${Math.round(result.requests.average)} | ${perRequest(before.server, ticks(server.pid!))} | ${perRequest(before.postgres, postgresTicks())} |\n`,
    );
  }
} finally {
  server.kill('SIGTERM');
  rmSync(scratch, { recursive: true, force: true });
}
