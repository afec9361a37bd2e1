/**
 * `npm run bench:access-log` (issue 28): what the access log costs the reads it records. Two server processes over
 * the same generated database, one with the access log on and one with it off (`accessLog: { enabled: false }`, an
 * AppOptions switch only this bench uses), load the admin prescriptions list and a signed prescription image fetch
 * with autocannon, alternately (off, on, off, on …) so that a neighbour's load falls on both alike. Besides req/s, it
 * reports the CPU each request cost: the server process's and its PostgreSQL backends' (/proc, Linux), a figure a
 * shared machine's neighbours disturb much less than throughput.
 *
 *   BENCH_DATABASE_URL     PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_SCALE            small (100k users, 20k prescriptions; default) or national (as http-bench.ts)
 *   BENCH_DATABASE_PREFIX  the database's name before _<scale> (default sehha_perf_bench_access)
 *   BENCH_REUSE=1          use that database if present (else it is generated, ~1–3 min for small)
 *   BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_ROUNDS   10 s, 2 s, 16, 3 (alternations)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateNationalData, plannedCounts } from './generate-national-data';

const env = process.env;
const admin = { email: 'bench-admin@sehha.test', password: 'bench-password-bench-password-1' };
const appKey = 'bench-app-key-bench-app-key-bench-app-key';
const print = (line = '') => process.stdout.write(`${line}\n`);

/** A child: the app over DATABASE_URL with the access log on or off, listening on PORT; prints `ready`. */
async function serve(logged: boolean) {
  const { buildApp } = await import('../src/app');
  const { openDatabase } = await import('../src/db/connection');
  const { upsertAdmin } = await import('../src/auth/admin-accounts');
  const { LocalStorage } = await import('../src/storage/storage');
  const { createUrlSigner } = await import('../src/storage/signed-urls');
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL!, poolMax: 10 });
  await upsertAdmin(handle.db, admin.email, admin.password, 'Bench Admin');
  const app = await buildApp({
    db: handle.db,
    storage: new LocalStorage(env.STORAGE_DIR!),
    signer: createUrlSigner(appKey),
    config: { timeZone: 'Africa/Cairo' },
    logger: false,
    accessLog: { enabled: logged },
  });
  await app.listen({ host: '127.0.0.1', port: Number(env.PORT) });
  print('ready');
  process.on('SIGTERM', () => void app.close().then(() => handle.close().then(() => process.exit(0))));
}

async function main() {
  const serverUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scale = env.BENCH_SCALE ?? 'small';
  const factor = ({ small: 0.1, national: 1 } as Record<string, number>)[scale];
  if (!factor) throw new Error(`BENCH_SCALE: small or national, not ${scale}`);
  const name = `${env.BENCH_DATABASE_PREFIX ?? 'sehha_perf_bench_access'}_${scale}`;
  const duration = Number(env.BENCH_DURATION ?? 10);
  const warmup = Number(env.BENCH_WARMUP ?? 2);
  const connections = Number(env.BENCH_CONNECTIONS ?? 16);
  const rounds = Number(env.BENCH_ROUNDS ?? 3);
  const urlOf = (database: string, application?: string) => {
    const url = Object.assign(new URL(serverUrl), { pathname: `/${database}` });
    if (application) url.searchParams.set('application_name', application);
    return url.toString();
  };
  const query = async (statement: string, database = 'postgres') => {
    const client = new pg.Client({ connectionString: urlOf(database) });
    await client.connect();
    try {
      return (await client.query(statement)).rows as Array<Record<string, unknown>>;
    } finally {
      await client.end();
    }
  };

  const exists = (await query(`select 1 from pg_database where datname = '${name}'`)).length > 0;
  if (!(env.BENCH_REUSE === '1' && exists)) {
    await query(`drop database if exists ${name} with (force)`);
    await query(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`);
    const { openDatabase } = await import('../src/db/connection');
    const handle = await openDatabase({ databaseUrl: urlOf(name) });
    await handle.migrate();
    await handle.close();
    print(`Generating ${name}: ${JSON.stringify(plannedCounts(factor))}`);
    await generateNationalData(urlOf(name), factor, print);
  } else print(`Reusing ${name}`);

  const storageDir = mkdtempSync(join(tmpdir(), 'sehha-access-bench-'));
  const servers = {
    off: await start('off', urlOf(name, 'sehha-access-bench-off'), storageDir),
    on: await start('on', urlOf(name, 'sehha-access-bench-on'), storageDir),
  };
  /** CPU seconds so far of a server process and of its database backends (by application_name). */
  const cpuOf = async (mode: 'on' | 'off') => {
    const backends = await query(`select pid from pg_stat_activity where application_name = 'sehha-access-bench-${mode}'`);
    return {
      node: processCpu(servers[mode].pid),
      backends: new Map(backends.map((row) => [Number(row.pid), processCpu(Number(row.pid))])),
    };
  };
  const cpuSpent = (before: Awaited<ReturnType<typeof cpuOf>>, after: Awaited<ReturnType<typeof cpuOf>>) => {
    let database = 0;
    for (const [pid, seconds] of after.backends) database += seconds - (before.backends.get(pid) ?? 0);
    return { node: after.node - before.node, database };
  };
  try {
    const token = await signIn(servers.off.base);
    // A real prescription's image link as the list hands it out, and its file in the shared storage folder.
    const list = (await (await fetch(`${servers.off.base}/api/admin/prescription/index`, { headers: bearer(token) })).json()) as {
      data: { data: Array<{ image: string }> };
    };
    const image = list.data.data[0]!.image;
    const key = decodeURI(image.split('?')[0]!);
    mkdirSync(dirname(join(storageDir, key)), { recursive: true });
    writeFileSync(join(storageDir, key), Buffer.alloc(20_000, 7));
    const routes = [
      { name: 'GET /api/admin/prescription/index', path: '/api/admin/prescription/index', token },
      { name: 'GET /storage/prescriptions/… (signed)', path: `/storage/${image}`, token: null },
    ];
    const results = new Map<string, { off: Measure[]; on: Measure[] }>(routes.map((route) => [route.name, { off: [], on: [] }]));
    for (let round = 1; round <= rounds; round++) {
      for (const route of routes) {
        for (const mode of ['off', 'on'] as const) {
          const measure = await load(
            servers[mode].base,
            route.token,
            route.path,
            { connections, warmup, duration },
            () => cpuOf(mode),
            cpuSpent,
          );
          results.get(route.name)![mode].push(measure);
          print(
            `round ${round} ${route.name} log ${mode}: ${measure.reqPerSec.toFixed(0)} req/s, p50 ${measure.p50} ms, p99 ${measure.p99} ms, ` +
              `CPU/request ${measure.nodeMs.toFixed(3)} ms node + ${measure.databaseMs.toFixed(3)} ms database, errors ${measure.errors}`,
          );
        }
      }
    }
    const rows = Number((await query('select count(*) as n from access_logs', name))[0]!.n);
    print();
    print(
      `${name}, ${connections} connections, ${rounds} × ${duration} s per route and mode (median of the rounds); access rows written: ${rows}`,
    );
    print(
      '| Route | req/s log off | req/s log on | on ÷ off | p50 off / on (ms) | p99 off / on (ms) | CPU ms/request off | CPU ms/request on | off ÷ on |',
    );
    print('|---|---|---|---|---|---|---|---|---|');
    for (const route of routes) {
      const { off, on } = results.get(route.name)!;
      const m = (measures: Measure[], field: keyof Measure) => median(measures.map((x) => x[field]));
      const ratio = m(on, 'reqPerSec') / m(off, 'reqPerSec');
      const cpu = (measures: Measure[]) => median(measures.map((x) => x.nodeMs + x.databaseMs));
      const cpuText = (measures: Measure[]) =>
        `${cpu(measures).toFixed(3)} (${m(measures, 'nodeMs').toFixed(3)} + ${m(measures, 'databaseMs').toFixed(3)})`;
      print(
        `| ${route.name} | ${m(off, 'reqPerSec').toFixed(0)} | ${m(on, 'reqPerSec').toFixed(0)} | ${ratio.toFixed(2)} | ${m(off, 'p50')} / ${m(on, 'p50')} | ${m(off, 'p99')} / ${m(on, 'p99')} | ${cpuText(off)} | ${cpuText(on)} | ${(cpu(off) / cpu(on)).toFixed(2)} |`,
      );
    }
  } finally {
    await servers.off.stop();
    await servers.on.stop();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

type Measure = { reqPerSec: number; p50: number; p99: number; errors: number; nodeMs: number; databaseMs: number };

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; 0 once it is gone. */
function processCpu(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after "pid (comm) ", in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const bearer = (token: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

async function load<C>(
  base: string,
  token: string | null,
  path: string,
  o: { connections: number; warmup: number; duration: number },
  cpu: () => Promise<C>,
  spent: (before: C, after: C) => { node: number; database: number },
): Promise<Measure> {
  const options = { url: `${base}${path}`, connections: o.connections, headers: { 'accept-language': 'en', ...bearer(token) } };
  if (o.warmup > 0) await autocannon({ ...options, duration: o.warmup });
  const before = await cpu();
  const result = await autocannon({ ...options, duration: o.duration });
  // The writer's last batch (at most 200 ms later) is the run's too.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const { node, database } = spent(before, await cpu());
  const requests = Math.max(1, result.requests.total);
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    nodeMs: (node * 1000) / requests,
    databaseMs: (database * 1000) / requests,
  };
}

async function signIn(base: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`Login failed (${login.status}): ${await login.text()}`);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function start(mode: 'on' | 'off', databaseUrl: string, storageDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'serve', mode], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...env, NODE_ENV: 'production', PORT: String(port), DATABASE_URL: databaseUrl, STORAGE_DIR: storageDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve();
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', () => reject(new Error(`The ${mode} server exited:\n${output}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// Last, once every helper above is defined.
if (process.argv[2] === 'serve') await serve(process.argv[3] === 'on');
else await main();
