CREATE TABLE "appointment_changes" (
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"user_id" bigint,
	"provider_id" bigint,
	"facility_id" bigint,
	"inserted" boolean DEFAULT false NOT NULL,
	"every_row" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_log_horizons" (
	"log" text PRIMARY KEY NOT NULL,
	"pruned_below" "xid8" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "appointment_changes_xid_idx" ON "appointment_changes" USING btree ("xid");--> statement-breakpoint
-- Each write to appointments names the patients, providers and facilities of the rows it changed, in its own
-- transaction (db/change-log.ts reads them by transaction id), and whether it inserted them. A TRUNCATE names every row.
CREATE OR REPLACE FUNCTION sehha_log_appointment_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO appointment_changes (every_row) VALUES (true);
  ELSE
    EXECUTE format('insert into appointment_changes (user_id, provider_id, facility_id, inserted) select distinct user_id, provider_id, facility_id, %L::boolean from (%s) r',
      TG_OP = 'INSERT', sehha_changes(TG_OP, 'user_id, provider_id, facility_id'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_changes_insert AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_log_appointment_changes();
--> statement-breakpoint
CREATE TRIGGER appointments_changes_update AFTER UPDATE ON appointments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_log_appointment_changes();
--> statement-breakpoint
CREATE TRIGGER appointments_changes_delete AFTER DELETE ON appointments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sehha_log_appointment_changes();
--> statement-breakpoint
CREATE TRIGGER appointments_changes_truncate AFTER TRUNCATE ON appointments FOR EACH STATEMENT EXECUTE FUNCTION sehha_log_appointment_changes();
--> statement-breakpoint
-- Rows older than ten minutes go, of transactions that had all ended before this pruning's snapshot (below its xmin):
-- the horizon then says below which transaction rows may be missing, and a transaction running now (a long export)
-- keeps its rows and does not move the horizon past itself. One pruning at a time (the advisory lock).
CREATE OR REPLACE FUNCTION sehha_prune_change_logs() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  below xid8 := pg_snapshot_xmin(pg_current_snapshot());
  pruned bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('sehha_prune_change_logs')) THEN
    RETURN;
  END IF;
  DELETE FROM appointment_changes WHERE at < clock_timestamp() - interval '10 minutes' AND xid < below;
  GET DIAGNOSTICS pruned = ROW_COUNT;
  IF pruned > 0 THEN
    INSERT INTO change_log_horizons AS h (log, pruned_below) VALUES ('appointment_changes', below)
    ON CONFLICT (log) DO UPDATE SET pruned_below = greatest(h.pruned_below, excluded.pruned_below);
  END IF;
END $$;
