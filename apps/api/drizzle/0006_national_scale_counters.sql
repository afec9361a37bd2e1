CREATE TABLE "active_user_days" (
	"day" timestamp with time zone PRIMARY KEY NOT NULL,
	"users" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_counts" (
	"provider_id" bigint PRIMARY KEY NOT NULL,
	"own" bigint DEFAULT 0 NOT NULL,
	"at_facility" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hourly_activity" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"new_users" bigint DEFAULT 0 NOT NULL,
	"subscriptions" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(14, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_counts" (
	"status" text NOT NULL,
	"expires_on" date NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "license_counts_status_expires_on_pk" PRIMARY KEY("status","expires_on")
);
--> statement-breakpoint
CREATE TABLE "list_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" numeric DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "account_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
DROP INDEX "users_active_deactivated_idx";--> statement-breakpoint
CREATE INDEX "users_active_deactivated_last_idx" ON "users" USING btree ("is_active","deactivated_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_provider_search_trgm_idx" ON "users" USING gin ("search" gin_trgm_ops) WHERE "users"."role" <> 'user' and "users"."role" <> 'admin';--> statement-breakpoint
-- Counters kept in the transaction of each change, by statement-level triggers over transition tables:
-- a bulk change (deactivate all, a restore's INSERT) updates each counter once, by the net change.
-- sehha_changes() gives the changed rows of a table as (columns…, d), d = +1 new and -1 old.
CREATE OR REPLACE FUNCTION sehha_changes(op text, cols text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN format('select %s, 1 as d from new_rows', cols)
    WHEN 'DELETE' THEN format('select %s, -1 as d from old_rows', cols)
    ELSE format('select %1$s, 1 as d from new_rows union all select %1$s, -1 as d from old_rows', cols)
  END
$$;
--> statement-breakpoint
-- Accounts per role and activity; ordinary users' sign-ups per hour; active ones per day of joining
-- (the users list's seek); providers' copy of is_active.
-- Rows are upserted in name order so that concurrent transactions lock counters in the same order.
CREATE OR REPLACE FUNCTION sehha_users_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text := sehha_changes(TG_OP, 'role, is_active, created_at');
BEGIN
  EXECUTE format($q$
    insert into list_counters as c (name, value)
    select 'users:' || role || ':' || case when is_active then 'active' else 'inactive' end, sum(d)
    from (%s) r group by 1 having sum(d) <> 0 order by 1
    on conflict (name) do update set value = c.value + excluded.value $q$, changed);
  EXECUTE format($q$
    insert into hourly_activity as h (hour, new_users)
    select date_trunc('hour', created_at, 'UTC'), sum(d) from (%s) r where role = 'user'
    group by 1 having sum(d) <> 0 order by 1
    on conflict (hour) do update set new_users = h.new_users + excluded.new_users $q$, changed);
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
CREATE TRIGGER users_counted_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_users_counted();
--> statement-breakpoint
CREATE TRIGGER users_counted_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_users_counted();
--> statement-breakpoint
CREATE TRIGGER users_counted_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_users_counted();
--> statement-breakpoint
-- A new provider (or one moved to another account) takes its account's activity.
CREATE OR REPLACE FUNCTION sehha_provider_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.account_active := coalesce((SELECT is_active FROM users WHERE id = NEW.user_id), true);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER providers_account_active BEFORE INSERT OR UPDATE OF user_id ON providers FOR EACH ROW EXECUTE FUNCTION sehha_provider_account();
--> statement-breakpoint
-- Listed providers (account active) per kind and review status.
CREATE OR REPLACE FUNCTION sehha_providers_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    insert into list_counters as c (name, value)
    select 'providers:' || kind || ':' || status, sum(d) from (%s) r where account_active
    group by 1 having sum(d) <> 0 order by 1
    on conflict (name) do update set value = c.value + excluded.value $q$, sehha_changes(TG_OP, 'kind, status, account_active'));
  IF TG_OP = 'DELETE' THEN
    DELETE FROM appointment_counts WHERE provider_id IN (SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER providers_counted_insert AFTER INSERT ON providers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_providers_counted();
--> statement-breakpoint
CREATE TRIGGER providers_counted_update AFTER UPDATE ON providers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_providers_counted();
--> statement-breakpoint
CREATE TRIGGER providers_counted_delete AFTER DELETE ON providers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_providers_counted();
--> statement-breakpoint
-- Appointments per provider (own) and per facility (booked with another provider there). Rows of a
-- provider being deleted (cascades) are left out: its counts row goes with it.
CREATE OR REPLACE FUNCTION sehha_appointments_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text := sehha_changes(TG_OP, 'provider_id, facility_id');
BEGIN
  EXECUTE format($q$
    insert into appointment_counts as a (provider_id, own, at_facility)
    select id, sum(own), sum(at_facility) from (
      select provider_id as id, d as own, 0 as at_facility from (%1$s) r
      union all
      select facility_id, 0, d from (%1$s) r where facility_id is not null and facility_id <> provider_id
    ) x
    where exists (select 1 from providers p where p.id = x.id)
    group by id having sum(own) <> 0 or sum(at_facility) <> 0 order by id
    on conflict (provider_id) do update set own = a.own + excluded.own, at_facility = a.at_facility + excluded.at_facility $q$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_counted_insert AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_appointments_counted();
--> statement-breakpoint
CREATE TRIGGER appointments_counted_update AFTER UPDATE ON appointments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_appointments_counted();
--> statement-breakpoint
CREATE TRIGGER appointments_counted_delete AFTER DELETE ON appointments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_appointments_counted();
--> statement-breakpoint
-- One plain count per table (prescriptions, user_subscriptions); subscriptions also per hour taken.
CREATE OR REPLACE FUNCTION sehha_rows_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text := sehha_changes(TG_OP, 'created_at');
BEGIN
  EXECUTE format($q$
    insert into list_counters as c (name, value)
    select %L, sum(d) from (%s) r having count(*) > 0 and sum(d) <> 0
    on conflict (name) do update set value = c.value + excluded.value $q$, TG_TABLE_NAME, changed);
  IF TG_TABLE_NAME = 'user_subscriptions' THEN
    EXECUTE format($q$
      insert into hourly_activity as h (hour, subscriptions)
      select date_trunc('hour', created_at, 'UTC'), sum(d) from (%s) r
      group by 1 having sum(d) <> 0 order by 1
      on conflict (hour) do update set subscriptions = h.subscriptions + excluded.subscriptions $q$, changed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prescriptions_counted_insert AFTER INSERT ON prescriptions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_rows_counted();
--> statement-breakpoint
CREATE TRIGGER prescriptions_counted_delete AFTER DELETE ON prescriptions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_rows_counted();
--> statement-breakpoint
CREATE TRIGGER user_subscriptions_counted_insert AFTER INSERT ON user_subscriptions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_rows_counted();
--> statement-breakpoint
CREATE TRIGGER user_subscriptions_counted_update AFTER UPDATE ON user_subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_rows_counted();
--> statement-breakpoint
CREATE TRIGGER user_subscriptions_counted_delete AFTER DELETE ON user_subscriptions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_rows_counted();
--> statement-breakpoint
-- Paid revenue: the total and per hour of payment.
CREATE OR REPLACE FUNCTION sehha_payments_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text := sehha_changes(TG_OP, 'status, amount, paid_at');
BEGIN
  EXECUTE format($q$
    insert into list_counters as c (name, value)
    select 'payments:paid', sum(d * amount) from (%s) r where status = 'paid' having count(*) > 0 and sum(d * amount) <> 0
    on conflict (name) do update set value = c.value + excluded.value $q$, changed);
  EXECUTE format($q$
    insert into hourly_activity as h (hour, revenue)
    select date_trunc('hour', paid_at, 'UTC'), sum(d * amount) from (%s) r where status = 'paid'
    group by 1 having sum(d * amount) <> 0 order by 1
    on conflict (hour) do update set revenue = h.revenue + excluded.revenue $q$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_counted_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_payments_counted();
--> statement-breakpoint
CREATE TRIGGER payments_counted_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_payments_counted();
--> statement-breakpoint
CREATE TRIGGER payments_counted_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_payments_counted();
--> statement-breakpoint
-- Licences per review status and expiry date.
CREATE OR REPLACE FUNCTION sehha_licenses_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    insert into license_counts as l (status, expires_on, total)
    select status, expires_on, sum(d) from (%s) r
    group by 1, 2 having sum(d) <> 0 order by 1, 2
    on conflict (status, expires_on) do update set total = l.total + excluded.total $q$, sehha_changes(TG_OP, 'status, expires_on'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER licenses_counted_insert AFTER INSERT ON licenses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_licenses_counted();
--> statement-breakpoint
CREATE TRIGGER licenses_counted_update AFTER UPDATE ON licenses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_licenses_counted();
--> statement-breakpoint
CREATE TRIGGER licenses_counted_delete AFTER DELETE ON licenses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_licenses_counted();
--> statement-breakpoint
-- Rebuilds every counter from the tables: after this migration, and after a bulk load that ran with
-- triggers off (the national bench data). Writers wait meanwhile, so the counts are of one moment.
CREATE OR REPLACE FUNCTION sehha_refresh_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE users, providers, appointments, prescriptions, user_subscriptions, payments, licenses IN SHARE ROW EXCLUSIVE MODE;
  UPDATE providers p SET account_active = u.is_active FROM users u WHERE u.id = p.user_id AND p.account_active <> u.is_active;
  DELETE FROM list_counters;
  INSERT INTO list_counters (name, value)
    SELECT 'users:' || role || ':' || CASE WHEN is_active THEN 'active' ELSE 'inactive' END, count(*) FROM users GROUP BY 1
    UNION ALL SELECT 'providers:' || kind || ':' || status, count(*) FROM providers WHERE account_active GROUP BY 1
    UNION ALL SELECT 'prescriptions', count(*) FROM prescriptions
    UNION ALL SELECT 'user_subscriptions', count(*) FROM user_subscriptions
    UNION ALL SELECT 'payments:paid', coalesce(sum(amount), 0) FROM payments WHERE status = 'paid';
  DELETE FROM appointment_counts;
  INSERT INTO appointment_counts (provider_id, own, at_facility)
    SELECT id, sum(own), sum(at_facility) FROM (
      SELECT provider_id AS id, count(*) AS own, 0 AS at_facility FROM appointments GROUP BY 1
      UNION ALL
      SELECT facility_id, 0, count(*) FROM appointments WHERE facility_id IS NOT NULL AND facility_id <> provider_id GROUP BY 1
    ) x GROUP BY id;
  DELETE FROM license_counts;
  INSERT INTO license_counts (status, expires_on, total) SELECT status, expires_on, count(*) FROM licenses GROUP BY 1, 2;
  DELETE FROM active_user_days;
  INSERT INTO active_user_days (day, users)
    SELECT date_trunc('day', created_at, 'UTC'), count(*) FROM users WHERE role = 'user' AND is_active GROUP BY 1;
  DELETE FROM hourly_activity;
  INSERT INTO hourly_activity (hour, new_users, subscriptions, revenue)
    SELECT hour, sum(new_users), sum(subscriptions), sum(revenue) FROM (
      SELECT date_trunc('hour', created_at, 'UTC') AS hour, count(*) AS new_users, 0 AS subscriptions, 0 AS revenue FROM users WHERE role = 'user' GROUP BY 1
      UNION ALL SELECT date_trunc('hour', created_at, 'UTC'), 0, count(*), 0 FROM user_subscriptions GROUP BY 1
      UNION ALL SELECT date_trunc('hour', paid_at, 'UTC'), 0, 0, sum(amount) FROM payments WHERE status = 'paid' GROUP BY 1
    ) x GROUP BY hour;
END $$;
--> statement-breakpoint
SELECT sehha_refresh_counters();
