ALTER TABLE "hourly_activity" DROP CONSTRAINT "hourly_activity_pkey";--> statement-breakpoint
ALTER TABLE "hourly_activity" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hourly_activity" ADD CONSTRAINT "hourly_activity_hour_shard_pk" PRIMARY KEY("hour","shard");--> statement-breakpoint
CREATE INDEX "hourly_activity_shards" ON "hourly_activity" USING btree ("hour") WHERE shard <> 0;--> statement-breakpoint
-- Every booking added to the same row (the current hour's), holding it until its commit: parallel bookings queued
-- there one commit after another. A write to the current or the last hour now adds to its backend's shard of it
-- (readers sum an hour's rows); a write to an older hour (a back-dated row, a restore) to shard 0, which the fold
-- below would otherwise have to rewrite.
CREATE OR REPLACE FUNCTION sehha_counter_shard(hour timestamptz) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN hour >= date_trunc('hour', now(), 'UTC') - interval '1 hour' THEN (pg_backend_pid() % 8)::smallint ELSE 0::smallint END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sehha_users_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text := sehha_changes(TG_OP, 'role, is_active, created_at');
BEGIN
  EXECUTE format($q$
    insert into list_counters as c (name, value)
    select 'users:' || role || ':' || case when is_active then 'active' else 'inactive' end, sum(d)
    from (%s) r group by 1 having sum(d) <> 0 order by 1
    on conflict (name) do update set value = c.value + excluded.value $q$, changed);
  EXECUTE format($q$
    insert into hourly_activity as h (hour, shard, new_users)
    select date_trunc('hour', created_at, 'UTC'), sehha_counter_shard(date_trunc('hour', created_at, 'UTC')), sum(d) from (%s) r where role = 'user'
    group by 1, 2 having sum(d) <> 0 order by 1, 2
    on conflict (hour, shard) do update set new_users = h.new_users + excluded.new_users $q$, changed);
  EXECUTE format($q$
    insert into active_user_days as a (day, users)
    select date_trunc('day', created_at, 'UTC'), sum(d) from (%s) r where role = 'user' and is_active
    group by 1 having sum(d) <> 0 order by 1
    on conflict (day) do update set users = a.users + excluded.users $q$, changed);
  IF TG_OP = 'UPDATE' THEN
    UPDATE providers p SET account_active = n.is_active
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE p.user_id = n.id AND n.is_active IS DISTINCT FROM o.is_active AND p.account_active IS DISTINCT FROM n.is_active;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sehha_rows_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text := sehha_changes(TG_OP, 'created_at');
BEGIN
  EXECUTE format($q$
    insert into list_counters as c (name, value)
    select %L, sum(d) from (%s) r having count(*) > 0 and sum(d) <> 0
    on conflict (name) do update set value = c.value + excluded.value $q$, TG_TABLE_NAME, changed);
  IF TG_TABLE_NAME = 'user_subscriptions' THEN
    EXECUTE format($q$
      insert into hourly_activity as h (hour, shard, subscriptions)
      select date_trunc('hour', created_at, 'UTC'), sehha_counter_shard(date_trunc('hour', created_at, 'UTC')), sum(d) from (%s) r
      group by 1, 2 having sum(d) <> 0 order by 1, 2
      on conflict (hour, shard) do update set subscriptions = h.subscriptions + excluded.subscriptions $q$, changed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sehha_payments_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text := sehha_changes(TG_OP, 'status, amount, paid_at');
BEGIN
  EXECUTE format($q$
    insert into list_counters as c (name, value)
    select 'payments:paid', sum(d * amount) from (%s) r where status = 'paid' having count(*) > 0 and sum(d * amount) <> 0
    on conflict (name) do update set value = c.value + excluded.value $q$, changed);
  EXECUTE format($q$
    insert into hourly_activity as h (hour, shard, revenue)
    select date_trunc('hour', paid_at, 'UTC'), sehha_counter_shard(date_trunc('hour', paid_at, 'UTC')), sum(d * amount) from (%s) r where status = 'paid'
    group by 1, 2 having sum(d * amount) <> 0 order by 1, 2
    on conflict (hour, shard) do update set revenue = h.revenue + excluded.revenue $q$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A booking's three other counting triggers as static SQL too, one statement per operation, as the appointment counts'
-- (0021): EXECUTE format(...) parsed and planned its statement on every booking; a static statement over the
-- transition tables is planned once per session. Same rows, same filters, same order of upserts.
CREATE OR REPLACE FUNCTION sehha_appointments_hourly() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    insert into hourly_activity as h (hour, shard, bookings)
    select date_trunc('hour', created_at, 'UTC'), sehha_counter_shard(date_trunc('hour', created_at, 'UTC')), count(*) from new_rows
    where status <> 'held' and cancelled_by is distinct from 'system'
    group by 1, 2 order by 1, 2
    on conflict (hour, shard) do update set bookings = h.bookings + excluded.bookings;
    insert into hourly_activity as h (hour, shard, cancellations)
    select date_trunc('hour', updated_at, 'UTC'), sehha_counter_shard(date_trunc('hour', updated_at, 'UTC')), count(*) from new_rows
    where status = 'cancelled' and cancelled_by in ('patient', 'provider')
    group by 1, 2 order by 1, 2
    on conflict (hour, shard) do update set cancellations = h.cancellations + excluded.cancellations;
  ELSE
    insert into hourly_activity as h (hour, shard, bookings)
    select date_trunc('hour', created_at, 'UTC'), sehha_counter_shard(date_trunc('hour', created_at, 'UTC')), sum(d) from (
      select status, cancelled_by, created_at, 1 as d from new_rows
      union all select status, cancelled_by, created_at, -1 as d from old_rows) r
    where status <> 'held' and cancelled_by is distinct from 'system'
    group by 1, 2 having sum(d) <> 0 order by 1, 2
    on conflict (hour, shard) do update set bookings = h.bookings + excluded.bookings;
    insert into hourly_activity as h (hour, shard, cancellations)
    select date_trunc('hour', updated_at, 'UTC'), sehha_counter_shard(date_trunc('hour', updated_at, 'UTC')), sum(d) from (
      select status, cancelled_by, updated_at, 1 as d from new_rows
      union all select status, cancelled_by, updated_at, -1 as d from old_rows) r
    where status = 'cancelled' and cancelled_by in ('patient', 'provider')
    group by 1, 2 having sum(d) <> 0 order by 1, 2
    on conflict (hour, shard) do update set cancellations = h.cancellations + excluded.cancellations;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sehha_appointments_total() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    insert into list_counters as c (name, value)
    select 'appointments:' || (provider_id % 16), count(*) from new_rows
    where status <> 'held' and (status <> 'cancelled' or cancelled_by is distinct from 'system' or hold_expires_at is null)
    group by 1 order by 1
    on conflict (name) do update set value = c.value + excluded.value;
  ELSIF TG_OP = 'DELETE' THEN
    insert into list_counters as c (name, value)
    select 'appointments:' || (provider_id % 16), -count(*) from old_rows
    where status <> 'held' and (status <> 'cancelled' or cancelled_by is distinct from 'system' or hold_expires_at is null)
    group by 1 order by 1
    on conflict (name) do update set value = c.value + excluded.value;
  ELSE
    insert into list_counters as c (name, value)
    select 'appointments:' || (provider_id % 16), sum(d) from (
      select provider_id, status, cancelled_by, hold_expires_at, 1 as d from new_rows
      union all select provider_id, status, cancelled_by, hold_expires_at, -1 as d from old_rows) r
    where status <> 'held' and (status <> 'cancelled' or cancelled_by is distinct from 'system' or hold_expires_at is null)
    group by 1 having sum(d) <> 0 order by 1
    on conflict (name) do update set value = c.value + excluded.value;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sehha_log_appointment_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO appointment_changes (every_row) VALUES (true);
  ELSIF TG_OP = 'INSERT' THEN
    insert into appointment_changes (user_id, provider_id, facility_id, inserted)
    select distinct user_id, provider_id, facility_id, true from new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    insert into appointment_changes (user_id, provider_id, facility_id, inserted)
    select distinct user_id, provider_id, facility_id, false from old_rows;
  ELSE
    insert into appointment_changes (user_id, provider_id, facility_id, inserted)
    select distinct user_id, provider_id, facility_id, false from (
      select user_id, provider_id, facility_id from new_rows union all select user_id, provider_id, facility_id from old_rows) r;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The shards of hours before the last two, folded into shard 0 (the sums do not change): a year's revenue chart reads
-- one row an hour again. One fold at a time (the advisory lock); a row being written right now waits for the next.
-- Nothing is written when there is nothing to fold: a write, even of no row, would make every kept page that
-- reads the counters stale.
CREATE OR REPLACE FUNCTION sehha_fold_hourly_activity() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM hourly_activity WHERE shard <> 0 AND hour < date_trunc('hour', now(), 'UTC') - interval '1 hour')
     OR NOT pg_try_advisory_xact_lock(hashtext('sehha_fold_hourly_activity')) THEN
    RETURN;
  END IF;
  WITH folded AS (
    DELETE FROM hourly_activity WHERE ctid IN (
      SELECT ctid FROM hourly_activity
      WHERE shard <> 0 AND hour < date_trunc('hour', now(), 'UTC') - interval '1 hour'
      FOR UPDATE SKIP LOCKED)
    RETURNING hour, new_users, subscriptions, revenue, bookings, cancellations
  )
  INSERT INTO hourly_activity AS h (hour, shard, new_users, subscriptions, revenue, bookings, cancellations)
  SELECT hour, 0, sum(new_users), sum(subscriptions), sum(revenue), sum(bookings), sum(cancellations)
  FROM folded GROUP BY hour ORDER BY hour
  ON CONFLICT (hour, shard) DO UPDATE SET new_users = h.new_users + excluded.new_users,
    subscriptions = h.subscriptions + excluded.subscriptions, revenue = h.revenue + excluded.revenue,
    bookings = h.bookings + excluded.bookings, cancellations = h.cancellations + excluded.cancellations;
END $$;
