import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/database';
import type { DatabaseHandle } from '../../src/db/connection';
import { createTestDatabase } from '../support/test-database';
import { users } from '../../src/db/schema/accounts';
import { appointments } from '../../src/db/schema/appointments';
import { countries, cities, states } from '../../src/db/schema/locations';
import { prescriptions } from '../../src/db/schema/prescriptions';
import { facilityUnits, medicines, pharmacyBranches, providerAttachments, providers } from '../../src/db/schema/providers';
import { changeRequests } from '../../src/db/schema/change-requests';
import { payments, subscriptionPlans } from '../../src/db/schema/subscriptions';
import { LocalStorage } from '../../src/storage/storage';
import { Clock } from '../../src/seed/clock';
import { demoFixtures, firstDoctorKnownAppointmentTimes } from '../../src/seed/demo-fixtures';
import { SEEDED_TABLES, seedDemoData, type SeedSummary } from '../../src/seed/seed-demo-data';

// A fixed "now" makes the expectations exact; 09:30 UTC is 11:30 in Cairo, the same day in both.
const NOW = new Date('2026-03-15T09:30:00.000Z');

type Seeded = { handle: DatabaseHandle; db: Database; storage: LocalStorage; dir: string; summary: SeedSummary };

async function seedFresh(): Promise<Seeded> {
  // PGlite, or a fresh PostgreSQL database under TEST_DB=postgres: the demo seed runs on both.
  const handle = await createTestDatabase();
  const dir = await mkdtemp(join(tmpdir(), 'sehha-seed-'));
  const storage = new LocalStorage(dir);
  // As bootstrap does: the admin exists before the demo data.
  await handle.db.insert(users).values({ name: 'Admin', email: 'admin@example.com', password_hash: 'x', role: 'admin' });
  const summary = await seedDemoData(handle.db, storage, { now: NOW });
  return { handle, db: handle.db, storage, dir, summary };
}

async function firstBytes(storage: LocalStorage, key: string, length: number): Promise<Buffer> {
  const path = storage.resolveKey(key);
  if (!path) throw new Error(`Unsafe key ${key}`);
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    await file.read(buffer, 0, length, 0);
    return buffer;
  } finally {
    await file.close();
  }
}

/** A visit's Cairo wall-clock time, as the admin API answers it. */
const cairoTime = sql<string>`to_char(${appointments.starts_at} at time zone 'Africa/Cairo', 'YYYY-MM-DD HH24:MI:SS')`;
describe('seedDemoData', () => {
  let a: Seeded;
  let b: Seeded;

  beforeAll(async () => {
    a = await seedFresh();
    console.log(`demo seed: ${a.summary.durationMs} ms, ${a.summary.files} files`, a.summary.rows);
    b = await seedFresh();
  }, 120_000);

  afterAll(async () => {
    for (const s of [a, b]) {
      if (!s) continue;
      await s.handle.close();
      await rm(s.dir, { recursive: true, force: true });
    }
  });

  it('fills every table in a few seconds', () => {
    for (const table of Object.keys(SEEDED_TABLES)) expect(a.summary.rows[table as keyof typeof SEEDED_TABLES], table).toBeGreaterThan(0);
    expect(a.summary.rows.users).toBeGreaterThan(400);
    expect(a.summary.rows.appointments).toBeGreaterThanOrEqual(1800);
    expect(a.summary.rows.providers).toBeGreaterThan(110);
    expect(a.summary.durationMs).toBeLessThan(20_000);
  });

  it('is deterministic', async () => {
    const providerRows = (db: Database) =>
      db
        .select({ name_en: providers.name_en, name_ar: providers.name_ar, status: providers.status, address: providers.address })
        .from(providers)
        .orderBy(asc(providers.id));
    const appointmentRows = (db: Database) =>
      db
        .select({
          time: cairoTime,
          user: appointments.user_id,
          provider: appointments.provider_id,
          created: appointments.created_at,
        })
        .from(appointments)
        .orderBy(asc(appointments.id));
    const userRows = (db: Database) =>
      db
        .select({ name: users.name, email: users.email, phone: users.phone, created: users.created_at })
        .from(users)
        .where(sql`${users.role} <> 'admin'`)
        .orderBy(asc(users.id));
    const files = (db: Database) =>
      db.select({ path: providerAttachments.path }).from(providerAttachments).orderBy(asc(providerAttachments.id));
    expect(await providerRows(b.db)).toEqual(await providerRows(a.db));
    expect(await appointmentRows(b.db)).toEqual(await appointmentRows(a.db));
    expect(await userRows(b.db)).toEqual(await userRows(a.db));
    expect(await files(b.db)).toEqual(await files(a.db));
    expect(b.summary.rows).toEqual(a.summary.rows);
  });

  it('has the first doctor with his known appointments as the latest ones', async () => {
    const [doctor] = await a.db.select().from(providers).where(eq(providers.name_en, demoFixtures.firstDoctor.name_en));
    expect(doctor).toMatchObject({ name_ar: demoFixtures.firstDoctor.name_ar, kind: 'doctor', status: 'approved', is_special: true });
    const [{ n } = { n: 0 }] = await a.db.select({ n: count() }).from(appointments).where(eq(appointments.provider_id, doctor!.id));
    expect(n).toBeGreaterThanOrEqual(demoFixtures.firstDoctor.minAppointments);
    const [busiest] = await queryRows<{ provider_id: number }>(
      a.db,
      sql`select provider_id from appointments group by provider_id order by count(*) desc limit 1`,
    );
    expect(Number(busiest?.provider_id)).toBe(doctor!.id);

    const latest = await a.db
      .select({ time: cairoTime, type: appointments.type, patient: users.name })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.user_id))
      .where(eq(appointments.provider_id, doctor!.id))
      .orderBy(desc(appointments.starts_at))
      .limit(3);
    const times = firstDoctorKnownAppointmentTimes(NOW);
    expect(times).toEqual(['2026-03-29 10:00:00', '2026-03-29 12:30:00', '2026-03-29 17:00:00']);
    expect(latest.map((r) => r.time).sort()).toEqual(times);
    expect(latest.map((r) => r.patient).sort()).toEqual(demoFixtures.firstDoctor.knownAppointments.map((k) => k.patient).sort());
    const [account] = await a.db.select().from(users).where(eq(users.id, doctor!.user_id));
    expect(account).toMatchObject({ role: 'doctor', email: demoFixtures.firstDoctor.email });
  });

  it('has the other fixture providers', async () => {
    const byName = async (name: string) => {
      const [row] = await a.db.select().from(providers).where(eq(providers.name_en, name));
      if (!row) throw new Error(`missing ${name}`);
      return row;
    };
    expect((await byName(demoFixtures.pendingDoctor.name_en)).status).toBe('pending');
    expect((await byName(demoFixtures.onHoldDoctor.name_en)).status).toBe('onHold');
    expect((await byName(demoFixtures.rejectedDoctor.name_en)).status).toBe('rejected');

    const pharmacy = await byName(demoFixtures.pharmacy.name_en);
    expect(pharmacy.name_ar).toBe(demoFixtures.pharmacy.name_ar);
    const branches = await a.db
      .select({ name: pharmacyBranches.name_en })
      .from(pharmacyBranches)
      .where(eq(pharmacyBranches.pharmacy_id, pharmacy.id));
    expect(branches.map((r) => r.name).sort()).toEqual([...demoFixtures.pharmacy.branches].sort());
    const [{ n: medicineCount } = { n: 0 }] = await a.db
      .select({ n: count() })
      .from(medicines)
      .where(eq(medicines.pharmacy_id, pharmacy.id));
    expect(medicineCount).toBe(demoFixtures.pharmacy.medicines);
    const pharmacyFiles = await a.db.select().from(providerAttachments).where(eq(providerAttachments.provider_id, pharmacy.id));
    expect(pharmacyFiles.some((f) => f.mime_type === 'application/pdf' && f.original_name === demoFixtures.pharmacy.pdfAttachment)).toBe(
      true,
    );

    const hospital = await byName(demoFixtures.hospital.name_en);
    const departments = await a.db
      .select({ name: facilityUnits.name_en })
      .from(facilityUnits)
      .where(eq(facilityUnits.facility_id, hospital.id));
    expect(departments.map((r) => r.name).sort()).toEqual([...demoFixtures.hospital.departments].sort());
    const hospitalFiles = await a.db.select().from(providerAttachments).where(eq(providerAttachments.provider_id, hospital.id));
    const names = hospitalFiles.map((f) => f.original_name);
    expect(names).toEqual(expect.arrayContaining(Object.values(demoFixtures.hospital.attachments)));
    expect(hospitalFiles.map((f) => f.mime_type)).toEqual(
      expect.arrayContaining(['image/png', 'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']),
    );
    const [{ n: hospitalAppointments } = { n: 0 }] = await a.db
      .select({ n: count() })
      .from(appointments)
      .where(sql`${appointments.provider_id} = ${hospital.id} or ${appointments.facility_id} = ${hospital.id}`);
    expect(hospitalAppointments).toBeGreaterThan(0);

    const center = await byName(demoFixtures.medicalCenter.name_en);
    const clinics = await a.db.select({ name: facilityUnits.name_en }).from(facilityUnits).where(eq(facilityUnits.facility_id, center.id));
    expect(clinics.map((r) => r.name).sort()).toEqual([...demoFixtures.medicalCenter.clinics].sort());

    expect((await byName(demoFixtures.companyWithoutCountry.name_en)).country_id).toBeNull();
    expect((await byName(demoFixtures.company.name_en)).country_id).not.toBeNull();
  });

  it('shows every status for every kind of provider', async () => {
    const rows = await queryRows<{ kind: string; statuses: number }>(
      a.db,
      sql`select kind, count(distinct status)::int as statuses from providers group by kind order by kind`,
    );
    expect(rows.map((r) => [r.kind, Number(r.statuses)])).toEqual([
      ['company', 4],
      ['doctor', 4],
      ['hospital', 4],
      ['medical_center', 4],
      ['pharmacy', 4],
    ]);
    const [special] = await a.db.select({ n: count() }).from(providers).where(eq(providers.is_special, true));
    expect(special!.n).toBeGreaterThan(3);
    const [noCountry] = await a.db
      .select({ n: count() })
      .from(providers)
      .where(and(eq(providers.kind, 'company'), isNull(providers.country_id)));
    expect(noCountry!.n).toBeGreaterThanOrEqual(2);
  });

  it('has the waiting change request, the newest prescription and the plan without date', async () => {
    const [request] = await a.db
      .select({ status: changeRequests.status, changes: changeRequests.changes, email: users.email, name: users.name, role: users.role })
      .from(changeRequests)
      .innerJoin(users, eq(users.id, changeRequests.user_id))
      .orderBy(desc(changeRequests.created_at))
      .limit(1);
    const fixture = demoFixtures.waitingChangeRequest;
    expect(request).toEqual({ status: 0, changes: fixture.changes, email: fixture.email, name: fixture.userName, role: fixture.role });
    const [undecided] = await a.db
      .select({ n: count() })
      .from(changeRequests)
      .where(sql`(${changeRequests.status} = 0) <> (${changeRequests.decided_by} is null or ${changeRequests.decided_at} is null)`);
    expect(undecided!.n).toBe(0);
    const statuses = await queryRows<{ status: number }>(a.db, sql`select distinct status from change_requests order by status`);
    expect(statuses.map((r) => Number(r.status))).toEqual([0, 1, 2]);

    const [prescription] = await a.db
      .select({ pharmacy: providers.name_en, user: users.name, image: sql<string>`${prescriptions.images}[1]` })
      .from(prescriptions)
      .innerJoin(providers, eq(providers.id, prescriptions.pharmacy_id))
      .innerJoin(users, eq(users.id, prescriptions.user_id))
      .orderBy(desc(prescriptions.created_at))
      .limit(1);
    expect(prescription).toMatchObject({ pharmacy: demoFixtures.prescription.pharmacy_en, user: demoFixtures.prescription.userName });
    expect(prescription!.image).toMatch(/^prescriptions\/[A-Za-z0-9]{40}\.png$/);

    const [family] = await a.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name_en, demoFixtures.plans.withoutDateAndDescription));
    expect(family).toMatchObject({ available_from: null, description_en: null, description_ar: null });
    const units = await a.db.selectDistinct({ unit: subscriptionPlans.period_unit }).from(subscriptionPlans);
    expect(units.map((u) => u.unit).sort()).toEqual(['months', 'week']);
  });

  it('has locations with flags and one inactive country, city and state', async () => {
    const [inactiveCountry] = await a.db.select({ n: count() }).from(countries).where(eq(countries.is_active, false));
    const [inactiveCity] = await a.db.select({ n: count() }).from(cities).where(eq(cities.is_active, false));
    const [inactiveState] = await a.db.select({ n: count() }).from(states).where(eq(states.is_active, false));
    expect([inactiveCountry!.n, inactiveCity!.n, inactiveState!.n]).toEqual([1, 1, 1]);
    const [egypt] = await a.db.select().from(countries).where(eq(countries.name_en, 'Egypt'));
    expect(egypt).toMatchObject({ name_ar: 'مصر', mobile_prefix: '+20' });
    expect((await firstBytes(a.storage, egypt!.flag!, 8)).subarray(0, 4).toString('latin1')).toBe('\x89PNG');
  });

  it('stores real files: PNG images, PDF documents and unsupported ones', async () => {
    const files = await a.db
      .select({ path: providerAttachments.path, mime: providerAttachments.mime_type, size: providerAttachments.size })
      .from(providerAttachments);
    const magic: Record<string, string> = { 'image/png': '\x89PNG', 'application/pdf': '%PDF-', 'application/zip': 'PK\x03\x04' };
    magic['application/vnd.openxmlformats-officedocument.wordprocessingml.document'] = 'PK\x03\x04';
    for (const file of files) {
      const expected = magic[file.mime];
      if (!expected) continue;
      expect((await firstBytes(a.storage, file.path, expected.length)).toString('latin1'), file.path).toBe(expected);
    }
    expect(new Set(files.map((f) => f.mime)).size).toBeGreaterThanOrEqual(4);
    expect(files.every((f) => /^attachments\/[A-Za-z0-9]{40}\.(png|pdf|docx|zip|txt)$/.test(f.path) && f.size > 0)).toBe(true);
    const images = await queryRows<{ image: string }>(
      a.db,
      sql`select image from provider_ads union all select image from home_ads union all select unnest(images) from prescriptions`,
    );
    for (const { image } of images) expect((await firstBytes(a.storage, image, 4)).toString('latin1')).toBe('\x89PNG');
    // Horizontal banners: width (bytes 16–19 of a PNG) greater than height (20–23).
    const [ad] = images;
    const header = await firstBytes(a.storage, ad!.image, 24);
    expect(header.readUInt32BE(16)).toBeGreaterThan(header.readUInt32BE(20));
  });

  it('finds Arabic names with folded search while rows keep their hamza', async () => {
    const folded = await queryRows<{ n: number }>(
      a.db,
      sql`select count(*)::int as n from users where search like '%' || sehha_fold('احمد') || '%'`,
    );
    expect(Number(folded[0]?.n)).toBeGreaterThan(0);
    const [withHamza] = await a.db
      .select({ n: count() })
      .from(users)
      .where(sql`${users.name} like '%أحمد%'`);
    const [withoutHamza] = await a.db
      .select({ n: count() })
      .from(users)
      .where(sql`${users.name} like '%احمد%'`);
    expect(withHamza!.n).toBeGreaterThan(0);
    expect(withoutHamza!.n).toBe(0);
    const taMarbuta = await queryRows<{ name: string }>(
      a.db,
      sql`select name from users where search like '%' || sehha_fold(${demoFixtures.users.taMarbuta.foldedQuery}) || '%'`,
    );
    expect(taMarbuta.map((r) => r.name)).toContain(demoFixtures.users.taMarbuta.name);
    const [english] = await a.db
      .select({ n: count() })
      .from(users)
      .where(sql`${users.name} ~ '^[A-Za-z]'`);
    const [arabic] = await a.db
      .select({ n: count() })
      .from(users)
      .where(sql`${users.name} ~ '^[ء-ي]' and ${users.role} = 'user'`);
    expect(english!.n).toBeGreaterThan(100);
    expect(arabic!.n).toBeGreaterThan(100);
  });

  it('gives the home page trends: users and payments today and yesterday, deactivated users', async () => {
    const clock = new Clock(NOW);
    const on = (daysAgo: number) => clock.day(daysAgo);
    const between = (column: typeof users.created_at | typeof payments.paid_at, daysAgo: number) =>
      sql`${column} >= ${new Date(on(daysAgo).start).toISOString()} and ${column} < ${new Date(on(daysAgo).end + 1).toISOString()}`;
    const [today] = await a.db.select({ n: count() }).from(users).where(between(users.created_at, 0));
    const [yesterday] = await a.db.select({ n: count() }).from(users).where(between(users.created_at, 1));
    expect([today!.n, yesterday!.n]).toEqual([demoFixtures.users.joinedToday, demoFixtures.users.joinedYesterday]);
    const [paidToday] = await a.db.select({ n: count() }).from(payments).where(between(payments.paid_at, 0));
    const [paidYesterday] = await a.db.select({ n: count() }).from(payments).where(between(payments.paid_at, 1));
    expect(paidToday!.n).toBeGreaterThan(paidYesterday!.n);
    expect(paidYesterday!.n).toBeGreaterThan(0);
    const months = await queryRows<{ n: number }>(a.db, sql`select count(distinct date_trunc('month', paid_at))::int as n from payments`);
    expect(Number(months[0]?.n)).toBeGreaterThanOrEqual(13);
    const [deactivated] = await a.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.is_active, false), eq(users.role, 'user')));
    expect(deactivated!.n).toBe(demoFixtures.users.deactivated);
    const [inconsistent] = await a.db
      .select({ n: count() })
      .from(users)
      .where(sql`${users.is_active} = (${users.deactivated_at} is not null)`);
    expect(inconsistent!.n).toBe(0);
  });

  it('books appointments on whole and half hours, around today', async () => {
    const rows = await queryRows<{ bad: number; first: string; last: string; future: number; facility: number; direct: number }>(
      a.db,
      sql`
      select count(*) filter (where to_char(local, 'MI:SS') not in ('00:00', '30:00'))::int as bad,
             min(local)::text as first, max(local)::text as last,
             count(*) filter (where local > '2026-03-15 12:00')::int as future,
             count(*) filter (where facility_id is not null)::int as facility,
             count(*) filter (where provider_id in (select id from providers where kind in ('hospital', 'medical_center')))::int as direct
      from (select *, starts_at at time zone 'Africa/Cairo' as local from appointments) as appointments`,
    );
    const stats = rows[0]!;
    expect(Number(stats.bad)).toBe(0);
    expect(stats.first >= '2026-02-01').toBe(true);
    expect(stats.last).toBe('2026-03-29 17:00:00');
    expect(Number(stats.future)).toBeGreaterThan(200);
    expect(Number(stats.facility)).toBeGreaterThan(50);
    expect(Number(stats.direct)).toBeGreaterThan(100);
    const types = await a.db.selectDistinct({ type: appointments.type }).from(appointments);
    expect(types.map((t) => t.type).sort()).toEqual(['cash', 'website']);
  });

  it('refuses a database that already has data', async () => {
    await expect(seedDemoData(a.db, a.storage, { now: NOW })).rejects.toThrow(/empty database/);
  });
});

describe('Clock', () => {
  it('takes "today" as the part of the day that is today in both UTC and Cairo', () => {
    // 22:30 UTC on 15 March is 00:30 on 16 March in Cairo (UTC+2): today is 22:00–22:30 UTC.
    const clock = new Clock(new Date('2026-03-15T22:30:00Z'));
    expect(new Date(clock.day(0).start).toISOString()).toBe('2026-03-15T22:00:00.000Z');
    expect(new Date(clock.day(0).end).toISOString()).toBe('2026-03-15T22:30:00.000Z');
    expect(clock.wallClock(0, 9, 30)).toBe('2026-03-16 09:30:00');
  });
});
