-- The admin's appointment counts (a doctor's, a facility's) and lists are of real bookings: every appointment but
-- an online booking's hold released unpaid (cancelled by the system, with its hold's expiry), which never was one;
-- visits the system cancelled for overlapping (migration 0017) were real and still count. A hold counts while it
-- holds the slot; released, it leaves the counts. Same counters as migration 0006, with that filter.
CREATE OR REPLACE FUNCTION sehha_appointments_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text := sehha_changes(TG_OP, 'provider_id, facility_id, status, cancelled_by, hold_expires_at');
BEGIN
  EXECUTE format($q$
    insert into appointment_counts as a (provider_id, own, at_facility)
    select id, sum(own), sum(at_facility) from (
      select provider_id as id, d as own, 0 as at_facility from (%1$s) r
      where status <> 'cancelled' or cancelled_by is distinct from 'system' or hold_expires_at is null
      union all
      select facility_id, 0, d from (%1$s) r where facility_id is not null and facility_id <> provider_id
        and (status <> 'cancelled' or cancelled_by is distinct from 'system' or hold_expires_at is null)
    ) x
    where exists (select 1 from providers p where p.id = x.id)
    group by id having sum(own) <> 0 or sum(at_facility) <> 0 order by id
    on conflict (provider_id) do update set own = a.own + excluded.own, at_facility = a.at_facility + excluded.at_facility $q$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
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
  INSERT INTO hourly_activity (hour, new_users, subscriptions, revenue)
    SELECT hour, sum(new_users), sum(subscriptions), sum(revenue) FROM (
      SELECT date_trunc('hour', created_at, 'UTC') AS hour, count(*) AS new_users, 0 AS subscriptions, 0 AS revenue FROM users WHERE role = 'user' GROUP BY 1
      UNION ALL SELECT date_trunc('hour', created_at, 'UTC'), 0, count(*), 0 FROM user_subscriptions GROUP BY 1
      UNION ALL SELECT date_trunc('hour', paid_at, 'UTC'), 0, 0, sum(amount) FROM payments WHERE status = 'paid' GROUP BY 1
    ) x GROUP BY hour;
END $$;
--> statement-breakpoint
SELECT sehha_refresh_counters();
