import { cairoVisit } from '../support/visits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { searchCountCap } from '@sehha/contract/envelope';
import { queryRows } from '../../src/db/database';
import { users } from '../../src/db/schema/accounts';
import { appointments } from '../../src/db/schema/appointments';
import { changeRequests } from '../../src/db/schema/change-requests';
import { licenses, providers } from '../../src/db/schema/providers';
import { prescriptions } from '../../src/db/schema/prescriptions';
import { payments, subscriptionPlans, userSubscriptions } from '../../src/db/schema/subscriptions';
import { makeProvider, type MadeProvider } from '../support/providers';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The lists' totals and the home cards come from counters kept by triggers (migration 0006). Whatever
 * changes the data (the admin routes, a bulk action, a cascade of deletes, a refund), every total the
 * API answers must equal an exact count of the same rows, and the counters must equal a rebuild.
 */
/** A real booking, written independently of the API's (an unpaid hold released by the system is none). */
const realBooking = sql.raw(`not (status = 'cancelled' and coalesce(cancelled_by, '') = 'system' and hold_expires_at is not null)`);

describe('maintained counts stay exact', () => {
  let t: TestApp;
  const doctors: MadeProvider[] = [];
  let hospital: MadeProvider;
  let pharmacy: MadeProvider;
  let hospitalDeleted = false;
  const userIds: number[] = [];
  const changeRequestIds: number[] = [];

  const total = async (path: string) => {
    const response = await t.call(path);
    expect(response.status, path).toBe(200);
    return ((await response.json()) as { data: { total: number; last_page: number; per_page: number; data: unknown[] } }).data;
  };
  const exact = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: string | number }>(t.db, sql`select count(*) as n from (${query}) as rows`))[0]!.n);

  /** Every list total the API answers against an exact count, and the counters against a rebuild. */
  async function expectExactTotals() {
    const checks: Array<[string, ReturnType<typeof sql>]> = [
      ['/api/admin/users', sql`select 1 from users where role = 'user' and is_active`],
      ['/api/admin/users/deactivated', sql`select 1 from users where role <> 'admin' and not is_active`],
      ['/api/admin/prescription/index', sql`select 1 from prescriptions`],
      ['/api/admin/user-subscriptions', sql`select 1 from user_subscriptions`],
      ['/api/admin/licenses', sql`select 1 from licenses`],
      ['/api/admin/licenses?status=pending', sql`select 1 from licenses where status = 'pending'`],
      ['/api/admin/licenses?expired=1', sql`select 1 from licenses where expires_on < (now() at time zone 'Africa/Cairo')::date`],
      [
        '/api/admin/licenses?expired=0&status=approved',
        sql`select 1 from licenses where status = 'approved' and expires_on >= (now() at time zone 'Africa/Cairo')::date`,
      ],
    ];
    for (const [slug, kind] of [
      ['doctors', 'doctor'],
      ['hospitals', 'hospital'],
      ['pharmacies', 'pharmacy'],
      ['companies', 'company'],
    ] as const) {
      const listed = sql`select 1 from providers p join users u on u.id = p.user_id where p.kind = ${kind} and u.is_active`;
      checks.push([`/api/admin/providers/${slug}`, listed]);
      for (const status of ['pending', 'approved', 'rejected', 'onHold'])
        checks.push([`/api/admin/providers/${slug}?status=${status}`, sql`${listed} and p.status = ${status}`]);
    }
    for (const doctor of doctors)
      checks.push([
        `/api/admin/appointments/doctor/${doctor.id}`,
        sql`select 1 from appointments where provider_id = ${doctor.id} and ${realBooking}`,
      ]);
    // Every appointment of the platform: its maintained counter (migration 0028).
    checks.push(['/api/admin/appointments', sql`select 1 from appointments where ${realBooking}`]);
    if (!hospitalDeleted)
      checks.push([
        `/api/admin/appointments/hospital/${hospital.id}`,
        sql`select 1 from appointments where (provider_id = ${hospital.id} or facility_id = ${hospital.id}) and ${realBooking}`,
      ]);
    for (const [path, query] of checks) {
      const expected = await exact(query);
      const page = await total(path);
      expect(page.total, path).toBe(expected);
      expect(page.last_page, path).toBe(Math.max(1, Math.ceil(expected / page.per_page)));
      // Past the end no row carries the total (it is selected with the rows): it is read on its own.
      const beyond = await total(`${path}${path.includes('?') ? '&' : '?'}page=${page.last_page + 1}`);
      expect({ rows: beyond.data.length, total: beyond.total }, `${path} past the end`).toEqual({ rows: 0, total: expected });
    }
    // The same for a capped search count.
    const searched = await total('/api/admin/users?search=mona');
    expect(searched.total).toBe(await exact(sql`select 1 from users where role = 'user' and is_active and name ilike '%mona%'`));
    expect((await total(`/api/admin/users?search=mona&page=${searched.last_page + 1}`)).total).toBe(searched.total);

    // The doctors list's appointment counts.
    const listed = (await (await t.call('/api/admin/providers/doctors?per_page=100')).json()) as {
      data: { data: Array<{ id: number; appointments_count: number }> };
    };
    for (const row of listed.data.data)
      expect(row.appointments_count).toBe(await exact(sql`select 1 from appointments where provider_id = ${row.id} and ${realBooking}`));

    // The home cards against the tables.
    const stats = ((await (await t.call('/api/admin/home/stats')).json()) as { data: Record<string, { value: number }> }).data;
    const [truth] = await queryRows<Record<string, string | number>>(
      t.db,
      sql`select
        (select count(*) from users where role = 'user') as users,
        (select count(*) from users where role = 'user' and created_at >= (date_trunc('day', now() at time zone 'Africa/Cairo') at time zone 'Africa/Cairo')) as today,
        (select coalesce(sum(amount), 0) from payments where status = 'paid') as revenue,
        (select count(*) from user_subscriptions) as subscriptions`,
    );
    expect(stats.total_users!.value).toBe(Number(truth!.users));
    expect(stats.new_users!.value).toBe(Number(truth!.today));
    expect(stats.total_revenue!.value).toBe(Number(truth!.revenue));
    expect(stats.subscriptions!.value).toBe(Number(truth!.subscriptions));
    const monthly = (
      (await (await t.call('/api/admin/home/revenue?period=monthly')).json()) as { data: { points: Array<{ amount: number }> } }
    ).data.points;
    const [recent] = await queryRows<{ amount: string }>(
      t.db,
      sql`select coalesce(sum(amount), 0) as amount from payments where status = 'paid' and paid_at >= (date_trunc('month', now() at time zone 'Africa/Cairo') - interval '11 months') at time zone 'Africa/Cairo'`,
    );
    expect(Math.round(monthly.reduce((sum, p) => sum + p.amount, 0) * 100) / 100).toBe(Number(recent!.amount));

    // Counters as the triggers left them, against a rebuild from the tables (zero rows aside).
    const snapshot = async () =>
      queryRows<{ row: string }>(
        t.db,
        sql`select row from (
          select 'c:' || name || '=' || value::numeric::text as row from list_counters where value <> 0
          union all select 'a:' || provider_id || '=' || own || '/' || at_facility from appointment_counts where own <> 0 or at_facility <> 0
          union all select 'd:' || day || '=' || users from active_user_days where users <> 0
          union all select 'l:' || status || expires_on || '=' || total from license_counts where total <> 0
          union all select 'h:' || hour || '=' || sum(new_users) || '/' || sum(subscriptions) || '/' || sum(revenue) from hourly_activity
            group by hour having sum(new_users) <> 0 or sum(subscriptions) <> 0 or sum(revenue) <> 0
        ) r order by row`,
      ).then((rows) => rows.map((r) => r.row));
    const kept = await snapshot();
    await t.db.execute(sql`select sehha_refresh_counters()`);
    expect(kept).toEqual(await snapshot());
  }

  beforeAll(async () => {
    t = await createTestApp();
    const made = await t.db
      .insert(users)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          name: i % 3 === 0 ? `Mona ${i}` : `Omar ${i}`,
          email: `user${i}@sehha.test`,
          password_hash: 'x',
          role: 'user' as const,
          is_active: i % 10 !== 0,
          created_at: sql`now() - ${i} * interval '7 hours'` as never,
        })),
      )
      .returning({ id: users.id });
    userIds.push(...made.map((row) => row.id));
    for (let i = 0; i < 4; i++)
      doctors.push(await makeProvider(t.db, 'doctor', { status: (['pending', 'approved', 'rejected', 'onHold'] as const)[i] }));
    hospital = await makeProvider(t.db, 'hospital');
    pharmacy = await makeProvider(t.db, 'pharmacy');
    await makeProvider(t.db, 'company', { is_active: false });
    await makeProvider(t.db, 'company');
    await t.db.insert(appointments).values(
      Array.from({ length: 30 }, (_, i) => ({
        user_id: userIds[i % userIds.length]!,
        provider_id: i % 5 === 4 ? hospital.id : doctors[i % 4]!.id,
        facility_id: i % 3 === 0 && i % 5 !== 4 ? hospital.id : null,
        // A visit an hour apart each: active visits of a provider or a patient never overlap.
        ...cairoVisit(`2026-01-${String(1 + Math.floor(i / 10)).padStart(2, '0')} ${String(10 + (i % 10)).padStart(2, '0')}:00:00`),
      })),
    );
    await t.db.insert(licenses).values(
      [...doctors, hospital, pharmacy].map((provider, i) => ({
        provider_id: provider.id,
        number: `L-${i}`,
        path: 'licenses/x.pdf',
        original_name: 'x.pdf',
        mime_type: 'application/pdf',
        expires_on: sql`(now() + ${i - 3} * interval '1 day')::date` as never,
      })),
    );
    // Change requests waiting, approved and rejected (the first patient's go with the account, below).
    changeRequestIds.push(
      ...(
        await t.db
          .insert(changeRequests)
          .values([0, 0, 0, 1, 2].map((status, i) => ({ user_id: userIds[i % 2]!, changes: { name: `New name ${i}` }, status })))
          .returning({ id: changeRequests.id })
      ).map((row) => row.id),
    );
    await t.db
      .insert(prescriptions)
      .values(userIds.slice(0, 5).map((userId) => ({ user_id: userId, pharmacy_id: pharmacy.id, images: ['prescriptions/x.jpg'] })));
    const [plan] = await t.db
      .insert(subscriptionPlans)
      .values({ name_ar: 'خطة', name_en: 'Plan', price: 100, period_unit: 'months' })
      .returning();
    const subscriptions = await t.db
      .insert(userSubscriptions)
      .values(
        userIds.slice(0, 6).map((userId, i) => ({
          user_id: userId,
          plan_id: plan!.id,
          price_paid: 100,
          starts_at: sql`now()` as never,
          ends_at: sql`now() + interval '30 days'` as never,
          created_at: sql`now() - ${i * 20} * interval '1 day'` as never,
        })),
      )
      .returning();
    await t.db.insert(payments).values(
      subscriptions.map((subscription, i) => ({
        subscription_id: subscription.id,
        user_id: subscription.user_id,
        amount: 100 + i / 4,
        method: 'card' as const,
        paid_at: subscription.created_at,
      })),
    );
  });
  afterAll(() => t.close());

  it('after the data is loaded', async () => {
    await expectExactTotals();
  });

  it('after single and bulk deactivations and reactivations of users', async () => {
    expect((await t.call(`/api/admin/users/deactivate/${userIds[1]}`, { method: 'POST' })).status).toBe(200);
    await expectExactTotals();
    expect((await t.call('/api/admin/users/deactivate-all', { method: 'POST', json: { all: true, search: 'mona' } })).status).toBe(200);
    await expectExactTotals();
    expect((await t.call('/api/admin/users/reactivate', { method: 'POST', json: { ids: [userIds[1], userIds[3]] } })).status).toBe(200);
    await expectExactTotals();
    expect((await t.call('/api/admin/users/reactivate-all', { method: 'POST', json: { all: true } })).status).toBe(200);
    await expectExactTotals();
  });

  it('after provider status changes and deactivations, single and of a whole kind', async () => {
    expect((await t.call(`/api/admin/providers/status/${doctors[0]!.id}`, { method: 'PATCH', json: { status: 'approved' } })).status).toBe(
      200,
    );
    await expectExactTotals();
    expect((await t.call(`/api/admin/providers/deactivate/${doctors[1]!.id}`, { method: 'POST' })).status).toBe(200);
    await expectExactTotals();
    expect((await t.call('/api/admin/providers/companies/deactivate-all', { method: 'POST', json: { all: true } })).status).toBe(200);
    await expectExactTotals();
    // A deactivated provider comes back with its account.
    expect((await t.call('/api/admin/users/reactivate', { method: 'POST', json: { ids: [doctors[1]!.userId] } })).status).toBe(200);
    await expectExactTotals();
  });

  it('after license decisions', async () => {
    const [license] = await t.db.select({ id: licenses.id }).from(licenses).limit(1);
    expect((await t.call(`/api/admin/licenses/status/${license!.id}`, { method: 'PATCH', json: { status: 'approved' } })).status).toBe(200);
    await expectExactTotals();
  });

  it('after change request decisions', async () => {
    expect((await t.call(`/api/admin/change-requests/${changeRequestIds[1]}`, { method: 'PATCH', json: { status: 2 } })).status).toBe(200);
    await expectExactTotals();
  });

  it('after online bookings: a hold counts while held, a released one not, a paid one stays and its payment is revenue', async () => {
    const doctor = doctors[1]!;
    const count = async () =>
      (
        (await (await t.call('/api/admin/providers/doctors?per_page=100')).json()) as {
          data: { data: Array<{ id: number; appointments_count: number }> };
        }
      ).data.data.find((row) => row.id === doctor.id)!.appointments_count;
    const revenue = async () =>
      ((await (await t.call('/api/admin/home/stats')).json()) as { data: { total_revenue: { value: number } } }).data.total_revenue.value;
    const [before, revenueBefore] = [await count(), await revenue()];
    const holds = await t.db
      .insert(appointments)
      .values(
        [0, 1].map((i) => ({
          user_id: userIds[10 + i]!,
          provider_id: doctor.id,
          facility_id: hospital.id,
          type: 'website',
          status: 'held' as const,
          price: 250,
          hold_expires_at: sql`now() + interval '15 minutes'` as never,
          ...cairoVisit(`2026-02-01 1${i}:00:00`),
        })),
      )
      .returning({ id: appointments.id });
    expect(await count()).toBe(before + 2);
    await expectExactTotals();
    // The first hold expires unpaid: released by the system, it is no booking and leaves the counts and the lists.
    await t.db.update(appointments).set({ status: 'cancelled', cancelled_by: 'system' }).where(eq(appointments.id, holds[0]!.id));
    expect(await count()).toBe(before + 1);
    const listed = (await (await t.call(`/api/admin/appointments/doctor/${doctor.id}?per_page=100`)).json()) as {
      data: { data: Array<{ id: number; status: string }> };
    };
    expect(listed.data.data.map((row) => row.id)).not.toContain(holds[0]!.id);
    expect(listed.data.data.find((row) => row.id === holds[1]!.id)).toMatchObject({ status: 'held' });
    await expectExactTotals();
    // The second is paid: booked, with the payments row the payment driver records, which the revenue counts.
    await t.db.transaction(async (tx) => {
      await tx.update(appointments).set({ status: 'booked' }).where(eq(appointments.id, holds[1]!.id));
      await tx.insert(payments).values({
        appointment_id: holds[1]!.id,
        user_id: userIds[11]!,
        amount: 250,
        method: 'card',
        status: 'paid',
        paid_at: sql`now()` as never,
      });
    });
    expect(await count()).toBe(before + 1);
    expect(await revenue()).toBe(revenueBefore + 250);
    await expectExactTotals();
  });

  it('after changes outside the routes: moves, refunds and cascading deletes', async () => {
    await t.db.update(appointments).set({ provider_id: doctors[2]!.id }).where(eq(appointments.provider_id, doctors[3]!.id));
    await t.db.update(payments).set({ status: 'refunded' }).where(eq(payments.user_id, userIds[0]!));
    await t.db.update(users).set({ role: 'doctor' }).where(eq(users.id, userIds[2]!));
    await expectExactTotals();
    // The hospital goes: its own appointments with it, its doctors' appointments there lose their facility.
    await t.db.delete(providers).where(eq(providers.id, hospital.id));
    await t.db.delete(users).where(eq(users.id, hospital.userId));
    hospitalDeleted = true;
    await expectExactTotals();
    // A patient goes with their appointments, prescriptions, subscriptions and payments.
    await t.db.delete(users).where(eq(users.id, userIds[0]!));
    await t.db.delete(users).where(eq(users.id, doctors[0]!.userId));
    doctors.shift();
    await expectExactTotals();
  });

  it('seeks deep pages of the users list to the same rows as an offset would', async () => {
    // 900 more users over 40 days, many joining at the same instant (ties broken by id), every 7th inactive.
    await t.db.execute(sql`
      insert into users (name, email, password_hash, role, is_active, created_at)
      select 'Seek ' || g, 'seek' || g || '@sehha.test', 'x', 'user', g % 7 <> 0, date_trunc('hour', now()) - (g % 40) * interval '1 day' - (g % 3) * interval '1 hour'
      from generate_series(1, 900) g`);
    await t.db.execute(sql`update users set is_active = false where email like 'seek1%'`);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where role = 'user' and is_active`,
    );
    for (const [page, perPage] of [
      [6, 100],
      [7, 100],
      [9, 100],
      [51, 15],
      [Math.ceil(n / 15), 15],
      [Math.ceil(n / 15) + 1, 15],
    ] as const) {
      const expected = await queryRows<{ id: number }>(
        t.db,
        sql`select id from users where role = 'user' and is_active order by created_at desc, id desc limit ${perPage} offset ${(page - 1) * perPage}`,
      );
      const response = await t.call(`/api/admin/users?page=${page}&per_page=${perPage}`);
      const answer = (await response.json()) as { data: { data: Array<{ id: number }>; total: number } };
      expect(response.status, JSON.stringify(answer)).toBe(200);
      expect(answer.data.total).toBe(n);
      expect(
        answer.data.data.map((row) => row.id),
        `page ${page}`,
      ).toEqual(expected.map((row) => Number(row.id)));
    }
    await expectExactTotals();
  });
  it('pages a search beyond the cap along the list order, and a narrow one from its matches, as an exact query would', async () => {
    // More "dense" accounts than the cap counts: the page walks the list's order; "dense 77" matches ~100 of them,
    // whose page is sorted from the matches themselves (db/search.ts searchMatches).
    await t.db.execute(sql`
      insert into users (name, email, password_hash, role, is_active, created_at)
      select 'Dense ' || g, 'dense' || g || '@sehha.test', 'x', 'user', true, date_trunc('hour', now()) - (g % 50) * interval '1 hour'
      from generate_series(1, ${searchCountCap + 20}) g`);
    const cases = [
      { term: 'dense', page: 1, order: sql`created_at desc, id desc`, query: '' },
      { term: 'dense', page: 600, order: sql`created_at desc, id desc`, query: '' },
      { term: 'dense 77', page: 1, order: sql`created_at desc, id desc`, query: '' },
      { term: 'dense 77', page: 2, order: sql`name asc, id asc`, query: '&sort=name&direction=asc' },
    ];
    for (const { term, page, order, query } of cases) {
      const matching = sql`from users where role = 'user' and is_active and search like '%' || sehha_fold(${term}) || '%'`;
      const expected = await queryRows<{ id: number }>(
        t.db,
        sql`select id ${matching} order by ${order} limit 15 offset ${(page - 1) * 15}`,
      );
      const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n ${matching}`);
      const response = await t.call(`/api/admin/users?search=${encodeURIComponent(term)}&page=${page}&per_page=15${query}`);
      const answer = (await response.json()) as { data: { data: Array<{ id: number }>; total: number } };
      expect(response.status, JSON.stringify(answer)).toBe(200);
      expect(answer.data.total, term).toBe(Math.min(n, searchCountCap + 1));
      expect(
        answer.data.data.map((row) => row.id),
        `${term} page ${page}${query}`,
      ).toEqual(expected.map((row) => Number(row.id)));
      expect(expected.length).toBeGreaterThan(0);
    }
  });

  it("pages the platform appointments' search beyond the cap along the list order, and a narrow one from its matches", async () => {
    // 2,100 "Crowd" patients with five appointments each: more than the cap counts, so a page walks the list's
    // order; "crowd 77" matches a few dozen of them. A doctor named like no patient finds its own appointments.
    await t.db.execute(sql`
      insert into users (name, email, password_hash, role, is_active)
      select 'Crowd ' || g, 'crowd' || g || '@sehha.test', 'x', 'user', true from generate_series(1, 2100) g`);
    await t.db.execute(sql`update providers set name_en = 'Dr. Quillon' where id = ${doctors[1]!.id}`);
    await t.db.execute(sql`
      insert into appointments (user_id, provider_id, type, status, price, starts_at, ends_at, created_at)
      select u.id, (array[${doctors[0]!.id}::int, ${doctors[1]!.id}::int])[1 + k % 2], 'cash', 'completed', 100,
        timestamptz '2025-01-01 00:00+00' + (u.id * 5 + k) * interval '1 hour',
        timestamptz '2025-01-01 00:30+00' + (u.id * 5 + k) * interval '1 hour',
        now() - ((u.id * 7 + k * 13) % 997) * interval '1 minute'
      from users u cross join generate_series(0, 4) k where u.email like 'crowd%@sehha.test'`);
    const named = (term: string) => sql`from appointments a join users u on u.id = a.user_id join providers p on p.id = a.provider_id
      where (a.status <> 'cancelled' or a.cancelled_by is distinct from 'system' or a.hold_expires_at is null)
        and (u.search like '%' || sehha_fold(${term}) || '%' or p.search like '%' || sehha_fold(${term}) || '%')`;
    for (const { term, page } of [
      { term: 'crowd', page: 1 },
      { term: 'crowd', page: 300 },
      { term: 'crowd 77', page: 1 },
      { term: 'crowd 77', page: 2 },
      { term: 'quillon', page: 2 },
    ]) {
      const expected = await queryRows<{ id: number }>(
        t.db,
        sql`select a.id ${named(term)} order by a.created_at desc, a.id desc limit 15 offset ${(page - 1) * 15}`,
      );
      const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n ${named(term)}`);
      const answer = await total(`/api/admin/appointments?search=${encodeURIComponent(term)}&page=${page}&per_page=15`);
      expect(answer.total, term).toBe(Math.min(n, searchCountCap + 1));
      expect(
        answer.data.map((row) => (row as { id: number }).id),
        `${term} page ${page}`,
      ).toEqual(expected.map((row) => Number(row.id)));
      expect(expected.length, `${term} page ${page}`).toBeGreaterThan(0);
    }
  });
});
