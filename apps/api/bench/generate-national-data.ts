import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../src/db/connection';

const dialect = new PgDialect();

function splitStatements(statement: SQL): SQL[] {
  const text = dialect.sqlToQuery(statement).sql;
  return text.split(/;\s*\n/).map((part) => part.trim().replace(/;$/, '')).filter(Boolean).map((part) => sql.raw(part));
}

/**
 * Fills an empty, migrated database with national-scale rows in a few set-based INSERTs:
 * at scale 1, 1M users, 100k doctors (+ 20k other providers), 5M appointments, 300k payments.
 */
export async function generateNationalData(db: Database, scale: number) {
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  const users = n(1_000_000);
  const doctors = n(100_000);
  const facilities = n(20_000);
  const appointments = n(5_000_000);
  const payments = n(300_000);
  const steps: Array<[string, SQL]> = [
    ['countries and cities', sql`
      insert into countries (name_ar, name_en, mobile_prefix) values ('مصر','Egypt','+20'),('السعودية','Saudi Arabia','+966'),('الأردن','Jordan','+962');
      insert into cities (country_id, name_ar, name_en) select 1 + (g % 3), 'مدينة ' || g, 'City ' || g from generate_series(1, 300) g;
      insert into specialities (name_ar, name_en) select 'تخصص ' || g, 'Speciality ' || g from generate_series(1, 40) g;
      insert into institution_types (name_ar, name_en) select 'نوع ' || g, 'Type ' || g from generate_series(1, 10) g;`],
    ['users', sql.raw(`
      insert into users (name, email, phone, password_hash, role, country_id, is_active, created_at)
      select (array['أحمد','محمد','فاطمة','إسلام','آية','مصطفى','Omar','Mona','Youssef','Nour'])[1 + g % 10] || ' ' ||
             (array['السيد','Hassan','الشافعي','Ali','منصور','Fahmy','النجار','Salem'])[1 + (g / 10) % 8] || ' ' || g,
             'user' || g || '@example.com', '+2010' || lpad(g::text, 8, '0'), 'x', 'user', 1 + g % 3, g % 50 <> 0,
             now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second'
      from generate_series(1, ${users}) g;`)],
    ['provider accounts and profiles', sql.raw(`
      insert into users (name, email, password_hash, role, country_id, created_at)
      select 'Provider ' || g, 'provider' || g || '@example.com', 'x',
             case when g <= ${doctors} then 'doctor' when g % 4 = 0 then 'pharmacy' when g % 4 = 1 then 'hospital' when g % 4 = 2 then 'medical_center' else 'company' end,
             1 + g % 3, now() - (g % 900) * interval '1 day'
      from generate_series(1, ${doctors + facilities}) g;
      insert into providers (kind, user_id, name_ar, name_en, status, is_special, country_id, speciality_id, created_at)
      select case u.role when 'medical_center' then 'medical_center' else u.role end, u.id,
             (array['د. أحمد','د. فاطمة','د. إسلام','صيدلية الشفاء','مستشفى النيل'])[1 + u.id % 5] || ' ' || u.id,
             (array['Dr. Ahmed','Dr. Fatma','Dr. Islam','Al Shifa','Nile Hospital'])[1 + u.id % 5] || ' ' || u.id,
             (array['pending','approved','rejected','onHold'])[1 + u.id % 4], u.id % 10 = 0, u.country_id,
             case when u.role = 'doctor' then 1 + u.id % 40 end, u.created_at
      from users u where u.role <> 'user' and u.role <> 'admin';`)],
    ['appointments', sql.raw(`
      with doctors as (select array_agg(id order by id) ids from providers where kind = 'doctor'),
           places as (select array_agg(id order by id) ids from providers where kind in ('hospital','medical_center'))
      insert into appointments (user_id, provider_id, facility_id, appointment_time, type, status)
      select 1 + (g * 7919) % ${users},
             doctors.ids[1 + ((g * 31) % (1 + (g % ${doctors})))],
             case when g % 3 = 0 then places.ids[1 + g % array_length(places.ids, 1)] end,
             date_trunc('hour', now()::timestamp) - (g % 2000) * interval '1 hour',
             case when g % 2 = 0 then 'website' else 'cash' end,
             (array['pending','confirmed','completed','cancelled'])[1 + g % 4]
      from generate_series(1::bigint, ${appointments}) g, doctors, places;`)],
    ['plans, subscriptions and payments', sql.raw(`
      insert into subscription_plans (name_ar, name_en, price, period_unit, period_length) values ('أساسية','Basic',100,'months',1),('أسبوعية','Weekly',30,'week',1);
      insert into user_subscriptions (user_id, plan_id, price_paid, starts_at, ends_at, created_at)
      select 1 + (g * 13) % ${users}, 1 + g % 2, 100, now() - (g % 400) * interval '1 day', now() + interval '30 days', now() - (g % 400) * interval '1 day'
      from generate_series(1::bigint, ${payments}) g;
      insert into payments (subscription_id, user_id, amount, method, paid_at)
      select id, user_id, price_paid, 'card', created_at from user_subscriptions;`)],
    // Steady state: autovacuum would have set the visibility map that index-only scans rely on.
    ['vacuum and statistics', sql`vacuum analyze`],
  ];
  const timings: Record<string, number> = {};
  for (const [name, statement] of steps) {
    const started = performance.now();
    // One statement per call: the extended query protocol takes no batches.
    for (const part of splitStatements(statement)) await db.execute(part);
    timings[name] = Math.round(performance.now() - started);
  }
  return { counts: { users, doctors, facilities, appointments, payments }, timings };
}
