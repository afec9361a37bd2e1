/**
 * Times the dashboard's list queries on a national-scale data set (1M users, 100k doctors,
 * 5M appointments at BENCH_SCALE=1) in a fresh PostgreSQL database, through the real repositories.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_SCALE=1 npm run bench
 *
 * BENCH_KEEP=1 keeps the generated database; BENCH_REUSE=1 times a kept one again (after applying
 * any new migration) without generating it anew.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../src/db/connection';
import { createHomeService } from '../src/modules/home/service';
import { providerRepository } from '../src/modules/providers/repository';
import { appointmentRepository } from '../src/modules/appointments/repository';
import { prescriptionRepository } from '../src/modules/prescriptions/repository';
import { userRepository } from '../src/modules/users/repository';
import { generateNationalData } from './generate-national-data';

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scale = Number(process.env.BENCH_SCALE ?? 1);
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const name = 'sehha_bench';
const reuse = process.env.BENCH_REUSE === '1';

async function withServer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

async function time(label: string, run: () => Promise<unknown>) {
  await run(); // warm the cache and the plan
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  const p95 = samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)]!;
  process.stdout.write(`${label.padEnd(58)} median ${median.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms\n`);
}

async function busiest(db: Database, kind: string) {
  const [row] = await queryRows<{ id: number }>(
    db,
    kind === 'doctor'
      ? sql`select provider_id as id from appointments group by provider_id order by count(*) desc limit 1`
      : sql`select facility_id as id from appointments join providers p on p.id = facility_id where p.kind = ${kind} group by facility_id order by count(*) desc limit 1`,
  );
  return Number(row!.id);
}

async function existingCounts(db: Database) {
  const [row] = await queryRows<{ users: string }>(db, sql`select count(*) as users from users where role = 'user'`);
  return { counts: { users: Number(row!.users) }, timings: {} };
}

async function main() {
  if (!reuse) {
    await withServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await withServer(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  const db = handle.db;
  try {
    await handle.migrate();
    const generated = reuse ? await existingCounts(db) : (process.stdout.write(`Generating data at scale ${scale}…\n`), await generateNationalData(db, scale));
    if (reuse) await db.execute(sql`vacuum analyze`);
    process.stdout.write(`${JSON.stringify(generated)}\n\nQuery (through the repositories)                            ${rounds} rounds\n`);

    const doctor = await busiest(db, 'doctor');
    const hospital = await busiest(db, 'hospital');
    const lastUsersPage = Math.floor(generated.counts.users / 15 / 2);

    await time('users: page 1', () => userRepository.activeUsers(db, { page: 1, perPage: 15 }));
    await time(`users: page ${lastUsersPage} (deep offset)`, () => userRepository.activeUsers(db, { page: lastUsersPage, perPage: 15 }));
    await time('users: search "احمد" (folded, finds أحمد)', () => userRepository.activeUsers(db, { page: 1, perPage: 15, search: 'احمد' }));
    await time('users: search "mona hassan"', () => userRepository.activeUsers(db, { page: 1, perPage: 15, search: 'mona hassan' }));
    await time('users: deactivated, page 1', () => userRepository.deactivated(db, { page: 1, perPage: 15 }));
    await time('doctors: page 1 with appointment counts', () => providerRepository.page(db, 'doctor', { page: 1, perPage: 10 }));
    await time('doctors: status pending, page 1', () => providerRepository.page(db, 'doctor', { page: 1, perPage: 10, status: 'pending' }));
    await time('doctors: search "د. احمد 77"', () => providerRepository.page(db, 'doctor', { page: 1, perPage: 10, search: 'د. احمد 77' }));
    await time('users: sorted by name, page 1', () => userRepository.activeUsers(db, { page: 1, perPage: 15, sort: 'name', direction: 'asc' }));
    await time('users: sorted by name descending, page 100', () => userRepository.activeUsers(db, { page: 100, perPage: 15, sort: 'name', direction: 'desc' }));
    await time('users: sorted by joined date ascending, page 1', () => userRepository.activeUsers(db, { page: 1, perPage: 15, sort: 'created_at', direction: 'asc' }));
    await time('users: deactivated by name, page 1', () => userRepository.deactivated(db, { page: 1, perPage: 15, sort: 'name', direction: 'asc' }));
    await time('doctors: sorted by Arabic name, page 1', () => providerRepository.page(db, 'doctor', { page: 1, perPage: 10, sort: 'name_ar', direction: 'asc' }));
    await time('doctors: status approved, English name descending', () => providerRepository.page(db, 'doctor', { page: 1, perPage: 10, status: 'approved', sort: 'name_en', direction: 'desc' }));
    await time('doctors: sorted by review status, page 1', () => providerRepository.page(db, 'doctor', { page: 1, perPage: 10, sort: 'status', direction: 'desc' }));
    await time('doctors: sorted by joined date ascending, page 1', () => providerRepository.page(db, 'doctor', { page: 1, perPage: 10, sort: 'created_at', direction: 'asc' }));
    await time('doctor appointments: busiest doctor, page 1 (per_page 8)', () => appointmentRepository.page(db, { kind: 'doctor', id: doctor }, { page: 1, perPage: 8 }));
    await time('doctor appointments: busiest doctor, page 50', () => appointmentRepository.page(db, { kind: 'doctor', id: doctor }, { page: 50, perPage: 8 }));
    await time('hospital appointments: busiest hospital, page 1', () => appointmentRepository.page(db, { kind: 'hospital', id: hospital }, { page: 1, perPage: 8 }));
    await time('prescriptions: page 1', () => prescriptionRepository.page(db, { page: 1, perPage: 10 }));
    await time('home: all four cards (one query)', () => createHomeService(db, 'Africa/Cairo').stats('Admin'));
    await time('home: revenue, 30 days', () => createHomeService(db, 'Africa/Cairo').revenue('daily'));
    await time('home: revenue, 12 months', () => createHomeService(db, 'Africa/Cairo').revenue('monthly'));
  } finally {
    await handle.close();
    if (!process.env.BENCH_KEEP && !reuse) await withServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
