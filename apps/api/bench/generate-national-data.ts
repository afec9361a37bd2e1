import pg from 'pg';
import { currentLegalVersion, legalLibrary } from '@sehha/contract/legal';

/** Row counts of a generated data set; `scale` 1 is national (1M users, 5M appointments). */
export function plannedCounts(scale: number) {
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  return {
    users: n(1_000_000),
    doctors: n(100_000),
    facilities: n(20_000),
    appointments: n(5_000_000),
    payments: n(300_000),
    prescriptions: n(200_000),
  };
}

/**
 * Fills an empty, migrated PostgreSQL database with generated rows in a few set-based INSERTs, the
 * way a restore loads a dump: indexes and triggers off while loading, then the indexes built once
 * (compact, as in a real database: built row by row they were ~25% larger and changed the plans),
 * the counters rebuilt by sehha_refresh_counters(), and VACUUM ANALYZE for the visibility map and
 * statistics that autovacuum would have set. Its own connection: the session settings must hold.
 */
export async function generateNationalData(databaseUrl: string, scale: number, log: (line: string) => void = () => {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await generateRows((statement) => client.query(statement).then((result) => result.rows), scale, { bulkLoad: true, log });
  } finally {
    await client.end();
  }
}

type Execute = (statement: string) => Promise<Array<Record<string, unknown>>>;

/**
 * The rows themselves, through any driver (the in-suite plan test runs it on PGlite at 10k rows).
 * bulkLoad: indexes dropped and rebuilt, triggers off and counters rebuilt (needs a superuser);
 * without it, rows go in with the indexes and triggers of a live database.
 */
export async function generateRows(execute: Execute, scale: number, options: { bulkLoad: boolean; log?: (line: string) => void }) {
  const counts = plannedCounts(scale);
  const { users, doctors, facilities, appointments, payments, prescriptions } = counts;
  // Four upcoming visits per approved doctor (a quarter of the doctors): at most eight fit the morning's slots.
  const upcoming = doctors;
  const timings: Record<string, number> = {};
  const step = async (name: string, statements: string[]) => {
    const started = performance.now();
    for (const statement of statements) await execute(statement);
    timings[name] = Math.round(performance.now() - started);
    options.log?.(`  ${name}: ${(timings[name] / 1000).toFixed(1)} s`);
  };
  let indexes: Array<{ name: string; definition: string }> = [];
  if (options.bulkLoad) {
    // Every index that does not back a constraint (primary keys stay: foreign keys need them).
    indexes = (await execute(`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`)) as typeof indexes;
    await step(
      'drop indexes',
      indexes.map((index) => `drop index ${index.name}`),
    );
    // Triggers (counters) and foreign-key checks off for this session, as pg_restore's data section.
    await execute(`set session_replication_role = replica`);
    await execute(`set maintenance_work_mem = '256MB'`);
  }
  {
    await step('countries, cities and catalogs', [
      `insert into countries (name_ar, name_en, mobile_prefix) values ('مصر','Egypt','+20'),('السعودية','Saudi Arabia','+966'),('الأردن','Jordan','+962')`,
      `insert into cities (country_id, name_ar, name_en) select 1 + (g % 3), 'مدينة ' || g, 'City ' || g from generate_series(1, 300) g`,
      `insert into specialities (name_ar, name_en) select 'تخصص ' || g, 'Speciality ' || g from generate_series(1, 40) g`,
      // Three states per city: a provider's state (u.id % 300 + 300 * (1 + u.id % 2)) lies in its city (1 + u.id % 300).
      `insert into states (city_id, name_ar, name_en) select 1 + g % 300, 'حي ' || g, 'State ' || g from generate_series(1, 900) g`,
      `insert into institution_types (name_ar, name_en) select 'نوع ' || g, 'Type ' || g from generate_series(1, 10) g`,
    ]);
    await step('users', [
      // Patients accepted the texts in force (booking needs it); the consent register is left empty here.
      `insert into users (name, email, phone, password_hash, role, country_id, is_active, deactivated_at, created_at, privacy_version, terms_version)
       select (array['أحمد','محمد','فاطمة','إسلام','آية','مصطفى','Omar','Mona','Youssef','Nour'])[1 + g % 10] || ' ' ||
              (array['السيد','Hassan','الشافعي','Ali','منصور','Fahmy','النجار','Salem'])[1 + (g / 10) % 8] || ' ' || g,
              'user' || g || '@example.com', '+2010' || lpad(g::text, 8, '0'), 'x', 'user', 1 + g % 3, g % 50 <> 0,
              case when g % 50 = 0 then now() - (g % 300) * interval '1 hour' end,
              now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second',
              ${currentLegalVersion(legalLibrary, 'privacy').version}, ${currentLegalVersion(legalLibrary, 'terms').version}
       from generate_series(1, ${users}) g`,
    ]);
    await step('provider accounts and profiles', [
      `insert into users (name, email, password_hash, role, country_id, created_at)
       select 'Provider ' || g, 'provider' || g || '@example.com', 'x',
              case when g <= ${doctors} then 'doctor' when g % 4 = 0 then 'pharmacy' when g % 4 = 1 then 'hospital' when g % 4 = 2 then 'medical_center' else 'company' end,
              1 + g % 3, now() - (g % 900) * interval '1 day'
       from generate_series(1, ${doctors + facilities}) g`,
      // Names by kind, so that the directory's common terms (احمد, محمد, "ahmed", "clinic") match as in life: a
      // fifth of the doctors are Ahmed, pharmacies and centres carry owners' names. Facilities' review statuses
      // spread by id / 4 (id % 4 is their kind, which gave every pharmacy one status).
      `insert into providers (kind, user_id, name_ar, name_en, address, status, is_special, country_id, city_id, state_id, speciality_id, consultation_fee, created_at)
       select u.role, u.id,
              case u.role when 'doctor' then (array['د. أحمد','د. محمد','د. فاطمة','د. إسلام','د. منى'])[1 + u.id % 5]
                when 'pharmacy' then (array['صيدلية الشفاء','صيدلية أحمد','صيدلية النور','صيدلية محمد'])[1 + (u.id / 4) % 4]
                when 'hospital' then (array['مستشفى النيل','مستشفى السلام','مستشفى أحمد ماهر','مستشفى الشفاء'])[1 + (u.id / 4) % 4]
                when 'medical_center' then (array['مركز النور الطبي','عيادات الشفاء','مركز د. إسلام الطبي','عيادات محمد للعيون'])[1 + (u.id / 4) % 4]
                else 'شركة النيل' end || ' ' || u.id,
              case u.role when 'doctor' then (array['Dr. Ahmed','Dr. Mohamed','Dr. Fatma','Dr. Islam','Dr. Mona'])[1 + u.id % 5]
                when 'pharmacy' then (array['Al Shifa Pharmacy','Ahmed Pharmacy','Al Nour Pharmacy','Mohamed Pharmacy'])[1 + (u.id / 4) % 4]
                when 'hospital' then (array['Nile Hospital','Al Salam Hospital','Ahmed Maher Hospital','Al Shifa Hospital'])[1 + (u.id / 4) % 4]
                when 'medical_center' then (array['Al Nour Medical Center','Al Shifa Clinics','Dr. Islam Medical Center','Mohamed Eye Clinic'])[1 + (u.id / 4) % 4]
                else 'Nile Company' end || ' ' || u.id,
              (u.id % 300 + 1) || ' شارع التحرير',
              (array['pending','approved','rejected','onHold'])[1 + case when u.role = 'doctor' then u.id else u.id / 4 end % 4], u.id % 10 = 0, u.country_id,
              1 + u.id % 300, u.id % 300 + 300 * (1 + u.id % 2),
              case when u.role = 'doctor' then 1 + u.id % 40 end,
              case when u.role = 'doctor' and u.id % 13 <> 0 then 150 + (u.id % 10) * 50 end, u.created_at
       from users u where u.role <> 'user' and u.role <> 'admin'`,
      // Four departments or clinics per hospital and medical center, five doctors each; three branches per pharmacy (one closed).
      `insert into facility_units (facility_id, name_ar, name_en, speciality_id)
       select p.id, 'قسم ' || k || ' ' || p.id, 'Unit ' || k || ' ' || p.id, 1 + (p.id + k) % 40
       from providers p, generate_series(1, 4) k where p.kind in ('hospital', 'medical_center')`,
      `with doctors as (select array_agg(id order by id) ids from providers where kind = 'doctor')
       insert into facility_unit_doctors (unit_id, doctor_id)
       select u.id, doctors.ids[1 + (u.id * 7 + k * 7919) % array_length(doctors.ids, 1)]
       from facility_units u, generate_series(1, 5) k, doctors`,
      `insert into pharmacy_branches (pharmacy_id, name_ar, name_en, address, phone, city_id, is_active)
       select p.id, 'فرع ' || k || ' ' || p.id, 'Branch ' || k || ' ' || p.id, k || ' شارع الجمهورية', '+2022' || lpad((p.id * 3 + k)::text, 7, '0'), 1 + (p.id + k) % 300, k < 3
       from providers p, generate_series(1, 3) k where p.kind = 'pharmacy'`,
    ]);
    // Issue 27: approved doctors keep weekly hours (Saturday to Thursday, 09:00–13:00 and 17:00–21:00 Cairo time,
    // 30-minute slots), the evening at their first unit when they work in one, so that slots exist to list and book.
    await step('availability', [
      `insert into provider_schedules (provider_id, time_zone, slot_minutes, horizon_days, min_notice_minutes)
       select id, 'Africa/Cairo', 30, 30, 60 from providers where kind = 'doctor' and status = 'approved'`,
      `insert into availability_hours (provider_id, unit_id, weekday, start_time, end_time)
       select p.id, case when r.evening then u.unit_id end, d, r.starts, r.ends
       from providers p
       left join (select doctor_id, min(unit_id) as unit_id from facility_unit_doctors group by doctor_id) u on u.doctor_id = p.id,
       generate_series(0, 6) d, (values ('09:00'::time, '13:00'::time, false), ('17:00', '21:00', true)) r(starts, ends, evening)
       where p.kind = 'doctor' and p.status = 'approved' and d <> 5`,
    ]);
    await step('appointments', [
      `with doctors as (select array_agg(id order by id) ids from providers where kind = 'doctor'),
            places as (select array_agg(id order by id) ids from providers where kind in ('hospital','medical_center'))
       insert into appointments (user_id, provider_id, facility_id, starts_at, ends_at, type, status)
       select 1 + (g * 7919) % ${users},
              doctors.ids[1 + ((g * 31) % (1 + (g % ${doctors})))],
              case when g % 3 = 0 then places.ids[1 + g % array_length(places.ids, 1)] end,
              date_trunc('hour', now()) - (g % 2000) * interval '1 hour',
              date_trunc('hour', now()) - (g % 2000) * interval '1 hour' + interval '30 minutes',
              case when g % 2 = 0 then 'website' else 'cash' end,
              -- All in the past, so none is active: the exclusion constraints hold however the formula repeats a time.
              (array['completed','no_show','completed','cancelled'])[1 + g % 4]
       from generate_series(1::bigint, ${appointments}) g, doctors, places`,
    ]);
    // Upcoming visits, as a live system holds (about four per approved doctor): booked in their morning hours from the
    // day after tomorrow, the k-th visit of a doctor at 09:00 + k × 30 min (no overlap), one per patient. Without them
    // the statistics saw no active row, and the planner scanned the whole exclusion index for a doctor's busy time.
    await step('upcoming appointments', [
      `with doctors as (select array_agg(s.provider_id order by s.provider_id) ids from provider_schedules s),
            days as (select array_agg(d::date order by d) ds from generate_series(current_date + 2, current_date + 27, interval '1 day') d where extract(dow from d) <> 5)
       insert into appointments (user_id, provider_id, starts_at, ends_at, type, status, price)
       select 1 + (g * 7919) % ${users}, v.doctor, v.starts, v.starts + interval '30 minutes',
              case when g % 2 = 0 then 'website' else 'cash' end, 'booked', p.consultation_fee
       from generate_series(1::bigint, ${Math.round(upcoming)}) g, doctors, days,
       lateral (select doctors.ids[1 + g % array_length(doctors.ids, 1)] as doctor,
                       (days.ds[1 + g % array_length(days.ds, 1)] + time '09:00' + (g / array_length(doctors.ids, 1)) * interval '30 minutes') at time zone 'Africa/Cairo' as starts) v
       join providers p on p.id = v.doctor`,
    ]);
    await step('plans, subscriptions and payments', [
      `insert into subscription_plans (name_ar, name_en, price, period_unit, period_length) values ('أساسية','Basic',100,'months',1),('أسبوعية','Weekly',30,'week',1)`,
      `insert into user_subscriptions (user_id, plan_id, price_paid, starts_at, ends_at, created_at)
       select 1 + (g * 13) % ${users}, 1 + g % 2, 100, now() - (g % 400) * interval '1 day', now() + interval '30 days', now() - (g % 400) * interval '1 day' - (g % 1440) * interval '1 minute'
       from generate_series(1::bigint, ${payments}) g`,
      // Triggers are off while loading: the subscriber's search key, as the migration 0012 trigger would set it.
      `update user_subscriptions s set search = u.search from users u where u.id = s.user_id`,
      `insert into payments (subscription_id, user_id, amount, method, paid_at) select id, user_id, price_paid, 'card', created_at from user_subscriptions`,
    ]);
    await step('licenses and prescriptions', [
      `insert into licenses (provider_id, number, path, original_name, mime_type, expires_on, status, created_at)
       select id, 'L-' || id, 'licenses/' || id || '.pdf', 'license.pdf', 'application/pdf', (now() + ((id % 1000) - 300) * interval '1 day')::date,
              -- An admin approves a provider after reading its license: nine in ten approved providers hold an
              -- approved one (a third of them expired, as every license); the others' licenses are any status.
              case when status = 'approved' and id % 10 <> 0 then 'approved' else (array['pending','approved','rejected'])[1 + id % 3] end, created_at
       from providers`,
      // Triggers are off while loading: each provider's latest approved expiry, as the migration 0016 trigger keeps it.
      `update providers p set licensed_until = l.until
       from (select provider_id, max(expires_on) as until from licenses where status = 'approved' group by provider_id) l
       where l.provider_id = p.id`,
      `with pharmacies as (select array_agg(id order by id) ids from providers where kind = 'pharmacy')
       insert into prescriptions (user_id, pharmacy_id, images, created_at)
       select 1 + (g * 104729) % ${users}, pharmacies.ids[1 + g % array_length(pharmacies.ids, 1)], array['prescriptions/' || g || '.jpg'], now() - (g % 500) * interval '1 hour'
       from generate_series(1::bigint, ${prescriptions}) g, pharmacies`,
    ]);
  }
  if (options.bulkLoad) {
    await execute(`set session_replication_role = origin`);
    await step(
      'build indexes',
      indexes.map((index) => index.definition),
    );
    await step('counters', [`select sehha_refresh_counters()`]);
  }
  await step('vacuum analyze', [`vacuum analyze`]);
  return { counts, timings };
}
