/**
 * The directory's facility page statement as the repository builds it, with its parameters written in, for
 * EXPLAIN ANALYZE on the national bench database:
 *   npx tsx bench/directory-sql.ts pharmacy pharmacy [page] | psql -h 127.0.0.1 -U postgres sehha_perf_bench_national
 * or a hospital's or medical center's profile: `npx tsx bench/directory-sql.ts hospital profile <id>`.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { directoryFacilitiesRepository, type FacilityKind } from '../src/modules/directory/facilities-repository';

const [kind = 'pharmacy', search = 'pharmacy', page = '1'] = process.argv.slice(2);
const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);
let statement = '';
const db = drizzle(new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/sehha_perf_bench_national' }), {
  logger: { logQuery: (query, params) => (statement = query.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]))) },
});
const day = new Date().toISOString().slice(0, 10);
if (search === 'profile') await directoryFacilitiesRepository.findWithUnits(db, kind as 'hospital' | 'medical_center', day, Number(page));
else await directoryFacilitiesRepository.page(db, kind as FacilityKind, day, { search, page: Number(page), perPage: 20 });
console.log(`explain (analyze, buffers) ${statement};`);
process.exit(0);
