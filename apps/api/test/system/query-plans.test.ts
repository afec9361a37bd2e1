import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { fromPglite, openDatabase, pgliteExtensions, type DatabaseHandle } from '../../src/db/connection';
import { queryRows } from '../../src/db/database';
import { upsertAdmin } from '../../src/auth/admin-accounts';
import { generateRows } from '../../bench/generate-national-data';
import { explainRoutes, largeSequentialScans, listRoutes, type RoutePlans } from '../../bench/list-routes';
import { serverDatabase } from '../support/test-database';

/**
 * The bench in small (npm run bench is the real one): about 11k accounts and 55k appointments, the
 * bench's generator and route list, every query of every admin list route EXPLAINed through the real
 * routes. A sequential scan over a table of more than 10k rows is the shape whose cost grows with the
 * table, so it fails here long before it collapses a national database.
 */
const threshold = 10_000;
const admin = { email: 'plans-admin@sehha.test', password: 'plans-password-plans-password' };

describe('list routes query plans', () => {
  let handle: DatabaseHandle;
  let driver: { pglite: PGlite } | { pool: pg.Pool };
  let cleanUp: () => Promise<void>;
  let plans: RoutePlans[];
  let tableRows: Map<string, number>;

  beforeAll(async () => {
    if (process.env.TEST_DB === 'postgres') {
      const database = serverDatabase('sehha_test');
      await database.create();
      handle = await openDatabase({ databaseUrl: database.url });
      await handle.migrate();
      const pool = new pg.Pool({ connectionString: database.url, max: 2 });
      // Teardown drops the database WITH (FORCE): an idle client cut then is expected, not an error of the test.
      pool.on('error', () => undefined);
      driver = { pool };
      cleanUp = async () => {
        await pool.end();
        await handle.close();
        await database.drop();
      };
    } else {
      const client = await PGlite.create({ extensions: pgliteExtensions });
      handle = fromPglite(client);
      await handle.migrate();
      driver = { pglite: client };
      cleanUp = () => handle.close();
    }
    const db = handle.db;
    await generateRows((statement) => queryRows(db, sql.raw(statement)), 0.011, { bulkLoad: false });
    await upsertAdmin(db, admin.email, admin.password, 'Plans Admin');
    const busiest = async (kind: string) =>
      Number(
        (
          await queryRows<{ id: number }>(
            db,
            sql`select c.provider_id as id from appointment_counts c join providers p on p.id = c.provider_id where p.kind = ${kind} order by c.own + c.at_facility desc limit 1`,
          )
        )[0]!.id,
      );
    const [{ n: activeUsers } = { n: 0 }] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users where role = 'user' and is_active`,
    );
    const routes = listRoutes({
      doctor: await busiest('doctor'),
      hospital: await busiest('hospital'),
      medicalCenter: await busiest('medical_center'),
      usersDeepPage: Math.ceil(activeUsers / 10),
    });
    plans = await explainRoutes(driver, routes, admin);
    const counted = await queryRows<{ name: string; n: number }>(
      db,
      sql`select c.relname as name, c.reltuples::bigint as n from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = 'public' and c.relkind = 'r'`,
    );
    tableRows = new Map(counted.map((row) => [row.name, Number(row.n)]));
  }, 180_000);
  afterAll(() => cleanUp?.());

  it('has tables past the threshold, so that the check means something', () => {
    expect(tableRows.get('users')).toBeGreaterThan(threshold);
    expect(tableRows.get('appointments')).toBeGreaterThan(threshold);
  });

  it('answers every list route, each with at least one query', () => {
    for (const { route, status, queries } of plans) {
      expect(status, route.path).toBe(200);
      expect(queries.length, route.path).toBeGreaterThan(0);
    }
  });

  it(`scans no table of more than ${threshold} rows sequentially`, () => {
    const offenders = plans.flatMap(({ route, queries }) =>
      queries.flatMap((query) =>
        largeSequentialScans(query.plan, tableRows, threshold).map(
          (table) => `${route.name}: Seq Scan on ${table}\n${query.sql}\n${query.plan}`,
        ),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
