import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import { LocalStorage } from '../src/storage/storage';
import { createUrlSigner } from '../src/storage/signed-urls';

/**
 * The ids a run's routes need: providers with appointments, the deepest users page to ask for, and the
 * first provider of each kind the public directory lists (its profiles).
 */
export type RouteIds = {
  doctor: number;
  hospital: number;
  medicalCenter: number;
  usersDeepPage: number;
  listed?: { doctor: number; pharmacy: number; hospital: number; medicalCenter: number } | undefined;
  /** PostgreSQL runs: bookings are prepared in the database (bench/booking-load.ts), so only they carry these routes. */
  booking?: { from: string; to: string } | undefined;
};

/**
 * `latency`: also measured one request at a time, for a goal stated as the answer's time (the ⌘K search).
 * `public`: an app route read without a token (the directory; an admin token is refused there).
 */
export type ListRoute = { name: string; path: string; latency?: boolean; public?: boolean; booking?: 'cash' | 'online' };

/** Issue 27's goal for booking: bookings a second, whatever /auth/me's rate (p99 still ≤ 4× /auth/me's). */
export const bookingGoalPerSecond = 300;

const term = (text: string) => encodeURIComponent(text);

/**
 * The app's public directory (issue 26): every list with the common terms people type (a fifth of the generated
 * doctors are Ahmed, "clinic" names no doctor), the fee order, a city, the profiles and the catalogs. Searches are
 * distinct terms in life, so the goal is measured with the page cache off (PAGE_CACHE_ENTRIES=0).
 */
export function directoryRoutes(ids: RouteIds): ListRoute[] {
  // City 10 and speciality 10 hold approved doctors in the generated data (a provider's status, city and speciality
  // all follow its id: city 7's doctors are all rejected).
  const v1 = '/api/v1/directory';
  const routes: ListRoute[] = [
    { name: 'directory doctors', path: `${v1}/doctors` },
    { name: 'directory doctors sort=fee', path: `${v1}/doctors?sort=fee` },
    { name: 'directory doctors city', path: `${v1}/doctors?city_id=10` },
    { name: 'directory doctors speciality', path: `${v1}/doctors?speciality_id=10` },
    { name: 'directory doctors "احمد"', path: `${v1}/doctors?search=${term('احمد')}` },
    { name: 'directory doctors "محمد"', path: `${v1}/doctors?search=${term('محمد')}` },
    { name: 'directory doctors "ahmed"', path: `${v1}/doctors?search=ahmed` },
    { name: 'directory doctors "mona"', path: `${v1}/doctors?search=mona` },
    { name: 'directory doctors "clinic"', path: `${v1}/doctors?search=clinic` },
    { name: 'directory pharmacies', path: `${v1}/pharmacies` },
    { name: 'directory pharmacies "احمد"', path: `${v1}/pharmacies?search=${term('احمد')}` },
    { name: 'directory pharmacies "pharmacy"', path: `${v1}/pharmacies?search=pharmacy` },
    { name: 'directory hospitals', path: `${v1}/hospitals` },
    { name: 'directory hospitals "محمد"', path: `${v1}/hospitals?search=${term('محمد')}` },
    { name: 'directory hospitals "hospital"', path: `${v1}/hospitals?search=hospital` },
    { name: 'directory medical-centers', path: `${v1}/medical-centers` },
    { name: 'directory medical-centers "clinic"', path: `${v1}/medical-centers?search=clinic` },
    { name: 'directory medical-centers "احمد"', path: `${v1}/medical-centers?search=${term('احمد')}` },
    { name: 'directory specialities', path: `${v1}/specialities` },
    { name: 'directory pharmacy categories', path: `${v1}/pharmacy-categories` },
    { name: 'directory countries', path: `${v1}/countries` },
    { name: 'directory cities', path: `${v1}/countries/1/cities` },
    { name: 'directory home ads', path: `${v1}/home-ads` },
  ];
  if (ids.listed)
    routes.push(
      { name: 'directory doctor profile', path: `${v1}/doctors/${ids.listed.doctor}` },
      { name: 'directory pharmacy profile', path: `${v1}/pharmacies/${ids.listed.pharmacy}` },
      { name: 'directory hospital profile', path: `${v1}/hospitals/${ids.listed.hospital}` },
      { name: 'directory medical-center profile', path: `${v1}/medical-centers/${ids.listed.medicalCenter}` },
    );
  return routes.map((route) => ({ ...route, public: true }));
}

const providerSearch: Record<string, string> = {
  doctors: 'احمد 77',
  pharmacies: 'الشفاء',
  hospitals: 'nile',
  'medical-centers': 'islam',
  companies: 'provider 11',
};

/**
 * Every admin list and search route the performance goals name, with the query a dashboard sends.
 * The baseline (/api/auth/me) is not among them.
 */
export function listRoutes(ids: RouteIds): ListRoute[] {
  const routes: ListRoute[] = [
    { name: 'users page 1', path: '/api/admin/users' },
    { name: 'users search "احمد"', path: `/api/admin/users?search=${encodeURIComponent('احمد')}` },
    { name: `users page ${ids.usersDeepPage}`, path: `/api/admin/users?page=${ids.usersDeepPage}` },
    { name: 'users sorted by name', path: '/api/admin/users?sort=name&direction=asc' },
    { name: 'deactivated users', path: '/api/admin/users/deactivated' },
    { name: 'deactivated users search', path: `/api/admin/users/deactivated?search=${encodeURIComponent('محمد')}` },
  ];
  for (const slug of ['doctors', 'pharmacies', 'hospitals', 'medical-centers', 'companies']) {
    routes.push(
      { name: `${slug}`, path: `/api/admin/providers/${slug}` },
      { name: `${slug} status=pending`, path: `/api/admin/providers/${slug}?status=pending` },
      { name: `${slug} search`, path: `/api/admin/providers/${slug}?search=${encodeURIComponent(providerSearch[slug]!)}` },
    );
  }
  // The "today" lists read a day two days back: the generator creates every appointment at generation time, so the
  // day of generation holds the whole table (and the planner rightly scans it), not a day's share as on a real platform.
  const today = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  routes.push(
    { name: 'licenses', path: '/api/admin/licenses' },
    { name: 'licenses pending, expired', path: '/api/admin/licenses?status=pending&expired=1' },
    { name: 'prescriptions', path: '/api/admin/prescription/index' },
    { name: 'prescriptions pharmacy_name', path: `/api/admin/prescription/index?pharmacy_name=${encodeURIComponent('الشفاء')}` },
    { name: 'user subscriptions', path: '/api/admin/user-subscriptions' },
    { name: 'user subscriptions search', path: `/api/admin/user-subscriptions?search=${encodeURIComponent('mona')}` },
    { name: 'doctor appointments', path: `/api/admin/appointments/doctor/${ids.doctor}?per_page=8` },
    { name: 'hospital appointments', path: `/api/admin/appointments/hospital/${ids.hospital}?per_page=8` },
    { name: 'medical center appointments', path: `/api/admin/appointments/medical-center/${ids.medicalCenter}?per_page=8` },
    // Issue 29: every appointment and every checkout, and the home cards' days (index 0025).
    { name: 'appointments', path: '/api/admin/appointments' },
    { name: 'appointments booked today', path: `/api/admin/appointments?date=${today}&date_of=booked` },
    { name: 'appointments cancelled today', path: `/api/admin/appointments?date=${today}&date_of=cancelled` },
    { name: 'appointments search', path: `/api/admin/appointments?search=${encodeURIComponent('mona')}` },
    { name: 'payments', path: '/api/admin/payments' },
    { name: 'payments failed today', path: `/api/admin/payments?status=failed&date=${today}` },
    { name: 'home stats', path: '/api/admin/home/stats' },
    { name: 'home revenue monthly', path: '/api/admin/home/revenue?period=monthly' },
    { name: 'home revenue daily', path: '/api/admin/home/revenue?period=daily' },
    { name: 'home operations', path: '/api/admin/home/operations' },
    // The ⌘K palette: two common terms (a tenth of the accounts; no account at all) and a rare one.
    { name: 'global search "احمد"', path: `/api/admin/search?q=${encodeURIComponent('احمد')}`, latency: true },
    { name: 'global search "mohamed"', path: '/api/admin/search?q=mohamed', latency: true },
    { name: 'global search rare', path: '/api/admin/search?q=user12345%40', latency: true },
    ...directoryRoutes(ids),
    ...bookingRoutes(ids),
  );
  return routes;
}

/**
 * Issue 27: bookings (POST /api/v1/appointments, each a distinct doctor's slot, patient and Idempotency-Key: see
 * bench/booking-load.ts), cash and online, and the free slots of the listed doctor's next week (public).
 */
export function bookingRoutes(ids: RouteIds): ListRoute[] {
  if (!ids.booking) return [];
  const routes: ListRoute[] = [
    { name: 'booking cash', path: '/api/v1/appointments', booking: 'cash' },
    { name: 'booking online', path: '/api/v1/appointments', booking: 'online' },
  ];
  if (ids.listed)
    routes.push({
      name: "booking: a doctor's week of slots",
      path: `/api/v1/directory/doctors/${ids.listed.doctor}/slots?from=${ids.booking.from}&to=${ids.booking.to}`,
      public: true,
    });
  return routes;
}

export type CapturedQuery = { sql: string; params: unknown[] };
export type PlannedQuery = CapturedQuery & { plan: string };
export type RoutePlans = { route: ListRoute; status: number; queries: PlannedQuery[] };

/** Runs EXPLAIN (ANALYZE, BUFFERS) of one captured query on the driver's own client. */
type Explain = (query: CapturedQuery) => Promise<string>;

/** A database whose every query is recorded, for EXPLAIN afterwards. */
function recordingDatabase(driver: { pglite: PGlite } | { pool: pg.Pool }, sink: CapturedQuery[]) {
  const logger = { logQuery: (sql: string, params: unknown[]) => sink.push({ sql, params }) };
  const db = ('pglite' in driver ? drizzlePglite(driver.pglite, { logger }) : drizzlePg(driver.pool, { logger })) as unknown as Database;
  const explain: Explain =
    'pglite' in driver
      ? async (query) =>
          (await driver.pglite.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, query.params as never[])).rows
            .map((row) => row['QUERY PLAN'])
            .join('\n')
      : async (query) =>
          (await driver.pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, query.params as never[])).rows
            .map((row) => row['QUERY PLAN'])
            .join('\n');
  return { db, explain };
}

/** The queries of the route's own work: not the bearer token's lookup, which every admin route shares. */
const isAuthQuery = (sql: string) => /access_tokens/.test(sql);

/**
 * Calls each route in-process (app.inject, the real routes and services) over a recording database,
 * then EXPLAINs (ANALYZE, BUFFERS) every query the route ran: the plans the bench prints and the
 * in-suite plan test checks. `login` gives the admin's credentials.
 */
export async function explainRoutes(
  driver: { pglite: PGlite } | { pool: pg.Pool },
  routes: ListRoute[],
  admin: { email: string; password: string },
): Promise<RoutePlans[]> {
  const sink: CapturedQuery[] = [];
  const { db, explain } = recordingDatabase(driver, sink);
  const storageDir = mkdtempSync(join(tmpdir(), 'sehha-explain-'));
  const app = await buildApp({
    db,
    storage: new LocalStorage(storageDir),
    signer: createUrlSigner('explain-secret-explain-secret-explain'),
    config: { timeZone: 'Africa/Cairo' },
    logger: false,
  });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: admin });
    const token = (login.json() as { data: { token: string } }).data.token;
    const results: RoutePlans[] = [];
    for (const route of routes) {
      if (route.booking) continue;
      sink.length = 0;
      const response = await app.inject({
        method: 'GET',
        url: route.path,
        headers: route.public ? {} : { authorization: `Bearer ${token}` },
      });
      const captured = sink.filter((query) => !isAuthQuery(query.sql));
      const queries: PlannedQuery[] = [];
      for (const query of captured) queries.push({ ...query, plan: await explain(query) });
      results.push({ route, status: response.statusCode, queries });
    }
    return results;
  } finally {
    await app.close();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

/**
 * Sequential scans in a plan over a table holding more than `rows` rows (by the planner's count),
 * the shape that makes a list's cost grow with its table.
 */
export function largeSequentialScans(plan: string, tableRows: Map<string, number>, rows: number): string[] {
  return [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1]!).filter((table) => (tableRows.get(table) ?? 0) > rows);
}
