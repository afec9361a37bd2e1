CREATE TABLE "access_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" bigint,
	"kind" text NOT NULL,
	"purpose" text NOT NULL,
	"route" text NOT NULL,
	"entity" text,
	"record_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject_user_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"details" jsonb,
	"address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_logs_actor_kind_check" CHECK ("access_logs"."actor_kind" in ('admin', 'account', 'system')),
	CONSTRAINT "access_logs_kind_check" CHECK ("access_logs"."kind" in ('prescription_list', 'prescription_image', 'appointment_list', 'provider_document', 'export', 'data_archive', 'access_log')),
	CONSTRAINT "access_logs_purpose_check" CHECK ("access_logs"."purpose" in ('platform_oversight', 'provider_review', 'prescription_fulfilment', 'care_delivery', 'reporting', 'data_subject_request', 'privacy_audit'))
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"document" text NOT NULL,
	"version" integer NOT NULL,
	"given" boolean NOT NULL,
	"channel" text DEFAULT 'app' NOT NULL,
	"recorded_by" bigint,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_purpose_check" CHECK ("consents"."purpose" in ('health_data', 'terms', 'marketing')),
	CONSTRAINT "consents_document_check" CHECK ("consents"."document" in ('privacy', 'terms')),
	CONSTRAINT "consents_channel_check" CHECK ("consents"."channel" in ('app', 'email', 'phone', 'in_person', 'letter'))
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"channel" text DEFAULT 'app' NOT NULL,
	"note" text,
	"due_at" timestamp with time zone NOT NULL,
	"handled_by" bigint,
	"completed_at" timestamp with time zone,
	"archive_key" text,
	"archive_expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_requests_kind_check" CHECK ("data_requests"."kind" in ('access', 'erasure', 'correction')),
	CONSTRAINT "data_requests_status_check" CHECK ("data_requests"."status" in ('received', 'in_progress', 'completed', 'rejected')),
	CONSTRAINT "data_requests_channel_check" CHECK ("data_requests"."channel" in ('app', 'email', 'phone', 'in_person', 'letter'))
);
--> statement-breakpoint
ALTER TABLE "prescriptions" DROP CONSTRAINT "prescriptions_images_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "privacy_version" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marketing_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "user_id" bigint;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "body_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "images_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_logs" ADD CONSTRAINT "access_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_logs_created_idx" ON "access_logs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "access_logs_actor_created_idx" ON "access_logs" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "access_logs_kind_created_idx" ON "access_logs" USING btree ("kind","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "access_logs_subjects_idx" ON "access_logs" USING gin ("subject_user_ids");--> statement-breakpoint
CREATE INDEX "consents_user_purpose_created_idx" ON "consents" USING btree ("user_id","purpose","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "data_requests_open_unique" ON "data_requests" USING btree ("user_id","kind") WHERE "data_requests"."status" in ('received', 'in_progress');--> statement-breakpoint
CREATE INDEX "data_requests_status_due_idx" ON "data_requests" USING btree ("status","due_at","id");--> statement-breakpoint
CREATE INDEX "data_requests_created_idx" ON "data_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "data_requests_user_idx" ON "data_requests" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_user_idx" ON "outbox" USING btree ("user_id") WHERE "outbox"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_sent_unpurged_idx" ON "outbox" USING btree ("sent_at") WHERE "outbox"."body_purged_at" is null and "outbox"."status" <> 'pending';--> statement-breakpoint
CREATE INDEX "prescriptions_replied_unpurged_idx" ON "prescriptions" USING btree ("replied_at") WHERE "prescriptions"."images_purged_at" is null and "prescriptions"."replied_at" is not null;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_images_check" CHECK (cardinality("prescriptions"."images") between 1 and 5 or "prescriptions"."images_purged_at" is not null);--> statement-breakpoint
CREATE TRIGGER "consents_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "consents" FOR EACH STATEMENT EXECUTE FUNCTION sehha_bump_table_version();--> statement-breakpoint
CREATE TRIGGER "data_requests_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "data_requests" FOR EACH STATEMENT EXECUTE FUNCTION sehha_bump_table_version();--> statement-breakpoint
-- The access log is append-only like the audit log: no UPDATE or TRUNCATE ever, and DELETE only inside the
-- retention job's transaction, which says so with `set local sehha.retention = 'on'`.
CREATE OR REPLACE FUNCTION sehha_access_logs_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('sehha.retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'access_logs is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "access_logs_append_only" BEFORE UPDATE OR DELETE ON "access_logs" FOR EACH ROW EXECUTE FUNCTION sehha_access_logs_append_only();--> statement-breakpoint
CREATE TRIGGER "access_logs_no_truncate" BEFORE TRUNCATE ON "access_logs" FOR EACH STATEMENT EXECUTE FUNCTION sehha_access_logs_append_only();--> statement-breakpoint
-- An erasure may pseudonymise what the audit log quotes of a person (before/after), and nothing else: the
-- erasure's transaction says so with `set local sehha.erasure = 'on'`; every other UPDATE, DELETE and TRUNCATE
-- is refused as before.
CREATE OR REPLACE FUNCTION sehha_audit_logs_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('sehha.erasure', true) = 'on'
     AND NEW.id = OLD.id AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id AND NEW.action = OLD.action
     AND NEW.entity = OLD.entity AND NEW.entity_id IS NOT DISTINCT FROM OLD.entity_id AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
