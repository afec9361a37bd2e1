import { randomBytes } from 'node:crypto';
import { asc, count, eq, getTableName, ne, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/database';
import { users } from '../db/schema/accounts';
import { appointments } from '../db/schema/appointments';
import { auditLogs } from '../db/schema/audit';
import { homeAds, institutionTypes, pharmacyCategories, specialities } from '../db/schema/catalogs';
import { cities, countries, states } from '../db/schema/locations';
import { prescriptions } from '../db/schema/prescriptions';
import {
  facilityUnitDoctors,
  facilityUnits,
  licenses,
  medicines,
  pharmacyBranches,
  providerAds,
  providerAttachments,
  providerReviews,
  providers,
} from '../db/schema/providers';
import { changeRequests } from '../db/schema/change-requests';
import { payments, planFeatures, subscriptionPlans, userSubscriptions } from '../db/schema/subscriptions';
import { consents } from '../db/schema/privacy';
import type { Storage } from '../storage/storage';
import { seedUsers } from './accounts';
import { EmailBook } from './email-book';
import { seedAppointments } from './appointments';
import { seedAvailability } from './availability';
import { availabilityHours, providerSchedules } from '../db/schema/availability';
import { seedAuditHistory } from './audit-history';
import { seedCatalogs } from './catalogs';
import { Clock } from './clock';
import { seedNotifications } from './notifications';
import type { SeedContext } from './context';
import { seedFacilities } from './facilities';
import { Uploads } from './files/uploads';
import { seedLocations } from './locations';
import { seedPharmacies } from './pharmacies';
import { seedPrescriptions } from './prescriptions';
import { seedProviderAds } from './provider-ads';
import { seedProviderDocuments } from './provider-documents';
import { seedProviderReviews } from './provider-reviews';
import { seedProviders } from './providers';
import { seedChangeRequests } from './change-requests';
import { seedSubscriptions } from './subscriptions';

/** The tables the demo fills (access tokens are only made by logging in; audit logs need an admin to credit). */
export const SEEDED_TABLES = {
  users,
  countries,
  cities,
  states,
  specialities,
  pharmacy_categories: pharmacyCategories,
  institution_types: institutionTypes,
  home_ads: homeAds,
  providers,
  provider_reviews: providerReviews,
  provider_attachments: providerAttachments,
  licenses,
  provider_ads: providerAds,
  pharmacy_branches: pharmacyBranches,
  medicines,
  facility_units: facilityUnits,
  facility_unit_doctors: facilityUnitDoctors,
  provider_schedules: providerSchedules,
  availability_hours: availabilityHours,
  subscription_plans: subscriptionPlans,
  plan_features: planFeatures,
  user_subscriptions: userSubscriptions,
  payments,
  appointments,
  prescriptions,
  change_requests: changeRequests,
  audit_logs: auditLogs,
  consents,
} satisfies Record<string, PgTable>;

export type SeededTable = keyof typeof SEEDED_TABLES;

export type SeedSummary = {
  /** Rows per table after seeding (users includes any admin created beforehand). */
  rows: Record<SeededTable, number>;
  /** Files written to storage (flags, ads, attachments, prescriptions). */
  files: number;
  durationMs: number;
};

/**
 * Fills an empty database (an admin account may already exist) with a deterministic, bilingual
 * demo: the same `now` always gives the same rows and files, except the password hash, which is
 * that of a random password nobody knows, so demo accounts cannot log in.
 */
export async function seedDemoData(db: Database, storage: Storage, options: { now?: Date | undefined } = {}): Promise<SeedSummary> {
  const started = performance.now();
  await assertEmpty(db);
  const admins = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id));
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const uploads = new Uploads(storage);

  await db.transaction(async (tx) => {
    const emails = new EmailBook();
    emails.reserve(admins.map((a) => a.email));
    const ctx: SeedContext = {
      db: tx,
      clock: new Clock(options.now ?? new Date()),
      uploads,
      emails,
      adminId: admins[0]?.id ?? null,
      passwordHash,
    };
    const locations = await seedLocations(ctx);
    const catalogs = await seedCatalogs(ctx);
    const patients = await seedUsers(ctx, locations);
    const seeded = await seedProviders(ctx, locations, catalogs);
    await seedProviderReviews(ctx, seeded);
    await seedProviderDocuments(ctx, seeded);
    await seedProviderAds(ctx, seeded);
    await seedPharmacies(ctx, locations, seeded, catalogs);
    const units = await seedFacilities(ctx, seeded, catalogs);
    await seedSubscriptions(ctx, [...patients, ...seeded.all.map((p) => p.account)]);
    await seedAvailability(ctx, seeded, units);
    await seedAppointments(ctx, patients, seeded, units);
    await seedPrescriptions(ctx, patients, seeded);
    const decided = await seedChangeRequests(ctx, patients, seeded, catalogs);
    await seedNotifications(ctx, patients);
    await seedAuditHistory(ctx, seeded, [...patients, ...seeded.all.map((p) => p.account)], decided);
    // Inside the transaction, so that a storage failure leaves no rows pointing at missing files.
    await uploads.flush();
  });

  return { rows: await countRows(db), files: uploads.count, durationMs: Math.round(performance.now() - started) };
}

async function assertEmpty(db: Database): Promise<void> {
  const checks: [PgTable, SQL | undefined][] = [
    [countries, undefined],
    [specialities, undefined],
    [providers, undefined],
    [users, ne(users.role, 'admin')],
  ];
  for (const [table, where] of checks) {
    const [row] = await db.select({ n: count() }).from(table).where(where);
    if ((row?.n ?? 0) > 0) throw new Error(`The demo data needs an empty database, but ${getTableName(table)} has rows`);
  }
}

async function countRows(db: Database): Promise<Record<SeededTable, number>> {
  const entries = await Promise.all(
    Object.entries(SEEDED_TABLES).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table as PgTable);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<SeededTable, number>;
}
