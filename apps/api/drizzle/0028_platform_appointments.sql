-- Every appointment of the platform list (a booking, not a hold that lapsed unpaid), kept as counters: the list's
-- unfiltered total summed the per-provider counts (110,000 rows, 12 ms at national scale) on every page read, and
-- beside bookings every page read is one. The counters leave out holds (the list adds the holds of the moment, a
-- partial index's count): a hold and its release then never touch them, and the hold release job, which cancels
-- every lapsed hold in one statement, would otherwise lock them while every booking waits. Sixteen counters by
-- provider (`appointments:<provider_id % 16>`), summed by the list, in name order as every counter (0006).
CREATE OR REPLACE FUNCTION sehha_appointments_total() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text := sehha_changes(TG_OP, 'provider_id, status, cancelled_by, hold_expires_at');
BEGIN
  EXECUTE format($q$
    insert into list_counters as c (name, value)
    select 'appointments:' || (provider_id %% 16), sum(d) from (%s) r
    where status <> 'held' and (status <> 'cancelled' or cancelled_by is distinct from 'system' or hold_expires_at is null)
    group by 1 having sum(d) <> 0 order by 1
    on conflict (name) do update set value = c.value + excluded.value $q$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_total_insert AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_appointments_total();
--> statement-breakpoint
CREATE TRIGGER appointments_total_update AFTER UPDATE ON appointments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_appointments_total();
--> statement-breakpoint
CREATE TRIGGER appointments_total_delete AFTER DELETE ON appointments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_appointments_total();
--> statement-breakpoint
-- The rebuild counts it too.
CREATE OR REPLACE FUNCTION sehha_refresh_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE users, providers, appointments, prescriptions, user_subscriptions, payments, licenses, change_requests IN SHARE ROW EXCLUSIVE MODE;
  UPDATE providers p SET account_active = u.is_active FROM users u WHERE u.id = p.user_id AND p.account_active <> u.is_active;
  DELETE FROM list_counters;
  INSERT INTO list_counters (name, value)
    SELECT 'users:' || role || ':' || CASE WHEN is_active THEN 'active' ELSE 'inactive' END, count(*) FROM users GROUP BY 1
    UNION ALL SELECT 'providers:' || kind || ':' || status, count(*) FROM providers WHERE account_active GROUP BY 1
    UNION ALL SELECT 'prescriptions', count(*) FROM prescriptions
    UNION ALL SELECT 'user_subscriptions', count(*) FROM user_subscriptions
    UNION ALL SELECT 'payments:paid', coalesce(sum(amount), 0) FROM payments WHERE status = 'paid'
    UNION ALL SELECT 'change_requests:waiting', count(*) FROM change_requests WHERE status = 0
    UNION ALL SELECT 'appointments:' || (provider_id % 16), count(*) FROM appointments
      WHERE status <> 'held' AND (status <> 'cancelled' OR cancelled_by IS DISTINCT FROM 'system' OR hold_expires_at IS NULL) GROUP BY 1;
  DELETE FROM appointment_counts;
  INSERT INTO appointment_counts (provider_id, own, at_facility)
    SELECT id, sum(own), sum(at_facility) FROM (
      SELECT provider_id AS id, count(*) AS own, 0 AS at_facility FROM appointments
      WHERE status <> 'cancelled' OR cancelled_by IS DISTINCT FROM 'system' OR hold_expires_at IS NULL GROUP BY 1
      UNION ALL
      SELECT facility_id, 0, count(*) FROM appointments WHERE facility_id IS NOT NULL AND facility_id <> provider_id
        AND (status <> 'cancelled' OR cancelled_by IS DISTINCT FROM 'system' OR hold_expires_at IS NULL) GROUP BY 1
    ) x GROUP BY id;
  DELETE FROM license_counts;
  INSERT INTO license_counts (status, expires_on, total) SELECT status, expires_on, count(*) FROM licenses GROUP BY 1, 2;
  DELETE FROM active_user_days;
  INSERT INTO active_user_days (day, users)
    SELECT date_trunc('day', created_at, 'UTC'), count(*) FROM users WHERE role = 'user' AND is_active GROUP BY 1;
  DELETE FROM hourly_activity;
  INSERT INTO hourly_activity (hour, new_users, subscriptions, revenue, bookings, cancellations)
    SELECT hour, sum(new_users), sum(subscriptions), sum(revenue), sum(bookings), sum(cancellations) FROM (
      SELECT date_trunc('hour', created_at, 'UTC') AS hour, count(*) AS new_users, 0 AS subscriptions, 0 AS revenue, 0 AS bookings, 0 AS cancellations
        FROM users WHERE role = 'user' GROUP BY 1
      UNION ALL SELECT date_trunc('hour', created_at, 'UTC'), 0, count(*), 0, 0, 0 FROM user_subscriptions GROUP BY 1
      UNION ALL SELECT date_trunc('hour', paid_at, 'UTC'), 0, 0, sum(amount), 0, 0 FROM payments WHERE status = 'paid' GROUP BY 1
      UNION ALL SELECT date_trunc('hour', created_at, 'UTC'), 0, 0, 0, count(*), 0 FROM appointments
        WHERE status <> 'held' AND cancelled_by IS DISTINCT FROM 'system' GROUP BY 1
      UNION ALL SELECT date_trunc('hour', updated_at, 'UTC'), 0, 0, 0, 0, count(*) FROM appointments
        WHERE status = 'cancelled' AND cancelled_by IN ('patient', 'provider') GROUP BY 1
    ) x GROUP BY hour;
END $$;
--> statement-breakpoint
INSERT INTO list_counters (name, value) SELECT 'appointments:' || (provider_id % 16), count(*) FROM appointments
WHERE status <> 'held' AND (status <> 'cancelled' OR cancelled_by IS DISTINCT FROM 'system' OR hold_expires_at IS NULL) GROUP BY 1
ON CONFLICT (name) DO UPDATE SET value = excluded.value;
--> statement-breakpoint
-- A search of the platform list counts the named patients' appointments up to 10,001 (search.ts) by this index,
-- one patient after another: with the columns the count and the page's order read, from the index alone (a common
-- name's 2,000 patients read 10,000 scattered rows from the table before: 150 ms at national scale, 11 ms after).
-- Drizzle cannot declare INCLUDE: the schema names the index's keys (foreignIndex), this its stored columns.
DROP INDEX "appointments_user_idx";--> statement-breakpoint
CREATE INDEX "appointments_user_idx" ON "appointments" USING btree ("user_id","starts_at") INCLUDE ("id","created_at","status","cancelled_by","hold_expires_at");
