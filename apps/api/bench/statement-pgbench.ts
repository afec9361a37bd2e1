/**
 * The directory's statements as the repositories build them, written out as pgbench scripts (parameters as
 * pgbench variables, so that `-M prepared` sends them as a named statement's parameters), to compare planning
 * each time (`-M extended`) with a named statement (`-M prepared`) on the national bench database:
 *   npx tsx bench/statement-pgbench.ts <dir>   then, for each <dir>/<name>.sql, the printed pgbench command.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { directoryDoctorsRepository } from '../src/modules/directory/doctors-repository';
import { directoryFacilitiesRepository } from '../src/modules/directory/facilities-repository';

const dir = process.argv[2] ?? '/tmp/directory-pgbench';
mkdirSync(dir, { recursive: true });
const databaseUrl = process.env.BENCH_SPLIT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sehha_perf_bench_national';
let captured: { sql: string; params: unknown[] } | undefined;
const pool = new pg.Pool({ connectionString: databaseUrl });
const db = drizzle(pool, { logger: { logQuery: (sql, params) => (captured ??= { sql, params }) } });
const day = new Date().toISOString().slice(0, 10);
const first = async (kind: string) =>
  Number(
    (
      await pool.query<{ id: string }>(
        `select min(id) as id from providers where kind = $1 and status = 'approved' and account_active and licensed_until >= $2::date`,
        [kind, day],
      )
    ).rows[0]!.id,
  );
const page = { page: 1, perPage: 20 };
const statements: Record<string, () => Promise<unknown>> = {
  doctors: () => directoryDoctorsRepository.page(db, day, page),
  doctors_ahmed_ar: () => directoryDoctorsRepository.page(db, day, { ...page, search: 'احمد' }),
  doctors_mona: () => directoryDoctorsRepository.page(db, day, { ...page, search: 'mona' }),
  doctors_clinic: () => directoryDoctorsRepository.page(db, day, { ...page, search: 'clinic' }),
  pharmacies: () => directoryFacilitiesRepository.page(db, 'pharmacy', day, page),
  pharmacies_pharmacy: () => directoryFacilitiesRepository.page(db, 'pharmacy', day, { ...page, search: 'pharmacy' }),
  pharmacies_ahmed_ar: () => directoryFacilitiesRepository.page(db, 'pharmacy', day, { ...page, search: 'احمد' }),
  pharmacies_rare: () => directoryFacilitiesRepository.page(db, 'pharmacy', day, { ...page, search: 'zzqx' }),
  doctor_profile: async () => directoryDoctorsRepository.find(db, day, await first('doctor')),
  pharmacy_profile: async () => directoryFacilitiesRepository.findWithBranches(db, day, await first('pharmacy')),
  hospital_profile: async () => directoryFacilitiesRepository.findWithUnits(db, 'hospital', day, await first('hospital')),
  center_profile: async () => directoryFacilitiesRepository.findWithUnits(db, 'medical_center', day, await first('medical_center')),
};
for (const [name, run] of Object.entries(statements)) {
  captured = undefined;
  await run();
  const { sql, params } = captured!;
  writeFileSync(join(dir, `${name}.sql`), `${sql.replace(/\$(\d+)/g, (_, n: string) => `:p${n}`)};\n`);
  const defines = params.map((value, i) => `-D 'p${i + 1}=${String(value).replace(/'/g, "'\\''")}'`).join(' ');
  writeFileSync(join(dir, `${name}.args`), defines);
  console.log(name);
}
await pool.end();
