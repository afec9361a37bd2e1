ALTER TABLE "hourly_activity" ADD COLUMN "bookings" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hourly_activity" ADD COLUMN "cancellations" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_failed_created_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "payment_intents_failed_updated_idx" ON "payment_intents" USING btree ("updated_at") WHERE "payment_intents"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "licenses_approved_expires_idx" ON "licenses" USING btree ("expires_on") WHERE "licenses"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "providers_pending_submitted_idx" ON "providers" USING btree ("kind","submitted_at") WHERE "providers"."status" = 'pending';--> statement-breakpoint
-- The operations home's bookings and cancellations per hour, kept like the sign-ups (0006): today against yesterday
-- at the same hour sums at most 48 rows, however many appointments a day brings. A booking counts at the hour it was
-- made (a hold paid later counts then too); a cancellation by a patient or a provider at the hour of its update.
CREATE OR REPLACE FUNCTION sehha_appointments_hourly() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text := sehha_changes(TG_OP, 'status, cancelled_by, created_at, updated_at');
BEGIN
  EXECUTE format($q$
    insert into hourly_activity as h (hour, bookings)
    select date_trunc('hour', created_at, 'UTC'), sum(d) from (%s) r
    where status <> 'held' and cancelled_by is distinct from 'system'
    group by 1 having sum(d) <> 0 order by 1
    on conflict (hour) do update set bookings = h.bookings + excluded.bookings $q$, changed);
  EXECUTE format($q$
    insert into hourly_activity as h (hour, cancellations)
    select date_trunc('hour', updated_at, 'UTC'), sum(d) from (%s) r
    where status = 'cancelled' and cancelled_by in ('patient', 'provider')
    group by 1 having sum(d) <> 0 order by 1
    on conflict (hour) do update set cancellations = h.cancellations + excluded.cancellations $q$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No DELETE trigger: an erased patient's appointments leave the day's activity as it happened.
CREATE TRIGGER appointments_hourly_insert AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_appointments_hourly();
--> statement-breakpoint
CREATE TRIGGER appointments_hourly_update AFTER UPDATE ON appointments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_appointments_hourly();
--> statement-breakpoint
INSERT INTO hourly_activity AS h (hour, bookings)
SELECT date_trunc('hour', created_at, 'UTC'), count(*) FROM appointments
WHERE status <> 'held' AND cancelled_by IS DISTINCT FROM 'system' GROUP BY 1 ORDER BY 1
ON CONFLICT (hour) DO UPDATE SET bookings = excluded.bookings;
--> statement-breakpoint
INSERT INTO hourly_activity AS h (hour, cancellations)
SELECT date_trunc('hour', updated_at, 'UTC'), count(*) FROM appointments
WHERE status = 'cancelled' AND cancelled_by IN ('patient', 'provider') GROUP BY 1 ORDER BY 1
ON CONFLICT (hour) DO UPDATE SET cancellations = excluded.cancellations;
