import { afterAll, describe, expect, it } from 'vitest';
import { facilityUnits } from '../../src/db/schema/providers';
import { pageCacheOf } from '../../src/db/page-cache';
import { createTestApp } from '../support/test-app';
import { makeProvider } from '../support/providers';
import { freshPhone, signInApp } from '../support/app-accounts';
import { appPrefix } from '@sehha/contract/app-paths';
import { cities, countries } from '../../src/db/schema/locations';

/**
 * The page cache answers a kept page by its shape (db/paging.ts Shape), without building the statement: a
 * query field missing from the shape would answer another filter's page. Driven from the OpenAPI document,
 * so a new list or a new field is covered the day it is added: for every list and every field of its query,
 * a request differing from the default only in that field must be kept under a shape of its own.
 */
type Schema = { type?: string; enum?: string[]; default?: unknown; format?: string; minimum?: number; maximum?: number };
type Parameter = { in: string; name: string; schema: Schema };

const t = await createTestApp();
afterAll(() => t.close());

const doctor = await makeProvider(t.db, 'doctor');
const pharmacy = await makeProvider(t.db, 'pharmacy');
const hospital = await makeProvider(t.db, 'hospital');
const medicalCenter = await makeProvider(t.db, 'medical_center');
const [unit] = await t.db.insert(facilityUnits).values({ facility_id: hospital.id, name_ar: 'قسم', name_en: 'Unit' }).returning();
const [country] = await t.db.insert(countries).values({ name_ar: 'دولة', name_en: 'Country', mobile_prefix: '+20' }).returning();
const [city] = await t.db.insert(cities).values({ country_id: country!.id, name_ar: 'مدينة', name_en: 'City' }).returning();

/** A list's path with real records for its parameters (a pharmacy's branches need a pharmacy). */
function concrete(path: string): string {
  return path
    .replace('/appointments/doctor/{id}', `/appointments/doctor/${doctor.id}`)
    .replace('/appointments/hospital/{id}', `/appointments/hospital/${hospital.id}`)
    .replace('/appointments/medical-center/{id}', `/appointments/medical-center/${medicalCenter.id}`)
    .replace(/\/(branches|medicines)\/\{id\}/, `/$1/${pharmacy.id}`)
    .replace('/units/{id}', `/units/${hospital.id}`)
    .replace('/units/{facilityId}/{unitId}', `/units/${hospital.id}/${unit!.id}`)
    .replace('/ads/{id}', `/ads/${doctor.id}`)
    .replace('/directory/countries/{id}/', `/directory/countries/${country!.id}/`)
    .replace('/directory/cities/{id}/', `/directory/cities/${city!.id}/`)
    .replace('/audit-logs/{entity}/{id}', `/audit-logs/provider/${doctor.id}`);
}

/** A valid value of the field other than its default. */
function otherValue(name: string, schema: Schema): string {
  if (schema.enum) return schema.enum.find((value) => value !== schema.default) ?? schema.enum[0]!;
  if (schema.type === 'integer' || schema.type === 'number') return String(name === 'per_page' ? 5 : 2);
  if (schema.format === 'date') return '2026-01-01';
  return 'a';
}

const document = (await (await t.call('/api/docs/json', { token: null })).json()) as {
  paths: Record<string, { get?: { parameters?: Parameter[] } }>;
};
const lists = Object.entries(document.paths).flatMap(([path, methods]) => {
  const query = (methods.get?.parameters ?? []).filter((parameter) => parameter.in === 'query');
  // A list answers pages; its export streams the same query without the cache.
  return query.some((parameter) => parameter.name === 'page') && !path.endsWith('/export') ? [{ path, query }] : [];
});

const cache = pageCacheOf(t.db)!;
/** A provider's own lists (/api/v1/provider/…) answer a provider: an approved doctor signed in to the app. */
const appDoctorPhone = freshPhone();
await makeProvider(t.db, 'doctor', { phone: appDoctorPhone, status: 'approved' });
const appDoctorToken = (await signInApp(t, appDoctorPhone)).token;
/** A pharmacy's own lists (/api/v1/pharmacy/…) answer a pharmacy; a patient's (prescriptions, appointments) any account. */
const appPharmacyPhone = freshPhone();
await makeProvider(t.db, 'pharmacy', { phone: appPharmacyPhone, status: 'approved' });
const appPharmacyToken = (await signInApp(t, appPharmacyPhone)).token;
const appPatientToken = (await signInApp(t)).token;
/** A list's request: the app API's other lists are public (an admin token is refused there). */
const tokenFor = (url: string) =>
  url.startsWith(`${appPrefix}/provider/`)
    ? { token: appDoctorToken }
    : url.startsWith(`${appPrefix}/pharmacy/`)
      ? { token: appPharmacyToken }
      : url.startsWith(`${appPrefix}/prescriptions`) || url.startsWith(`${appPrefix}/appointments`)
        ? { token: appPatientToken }
        : url.startsWith(`${appPrefix}/`)
          ? { token: null }
          : {};
const get = (url: string) => t.call(url, tokenFor(url));
/** The shapes the cache was asked for while `run` ran. */
async function shapesOf(run: () => Promise<unknown>): Promise<string[]> {
  const asked: string[] = [];
  const rows = cache.rows.bind(cache);
  cache.rows = (build, shape) => {
    if (shape !== undefined) asked.push(shape);
    return rows(build, shape);
  };
  try {
    await run();
  } finally {
    cache.rows = rows;
  }
  return asked;
}

describe('the page cache shape of every list', () => {
  it('finds the lists in the OpenAPI document', () => {
    expect(lists.length).toBeGreaterThanOrEqual(25);
  });

  it.each(lists)('$path: every query field is part of the shape', async ({ path, query }) => {
    const url = concrete(path);
    expect(url, 'a list path without a record for its parameters: add it to concrete()').not.toContain('{');
    const plain = await shapesOf(async () => expect((await get(url)).status, url).toBe(200));
    expect(plain.length, `${url} reads its page through the page cache`).toBeGreaterThan(0);
    for (const { name, schema } of query) {
      // A field whose only valid value is its default (the doctors' `sort=name`) has no other page to tell apart.
      if (schema.enum?.length === 1 && schema.enum[0] === schema.default) continue;
      const other = `${url}?${new URLSearchParams({ [name]: otherValue(name, schema) })}`;
      const shapes = await shapesOf(async () => expect((await get(other)).status, other).toBe(200));
      expect(
        shapes.filter((shape) => !plain.includes(shape)),
        `${other}: its page was kept under the same shape as ${url}'s`,
      ).not.toEqual([]);
    }
  });
});
