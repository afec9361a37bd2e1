CREATE TABLE "availability_exceptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" bigint NOT NULL,
	"unit_id" bigint,
	"on_date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	CONSTRAINT "availability_exceptions_range_check" CHECK (("availability_exceptions"."start_time" is null and "availability_exceptions"."end_time" is null) or ("availability_exceptions"."start_time" is not null and "availability_exceptions"."end_time" is not null and "availability_exceptions"."end_time" > "availability_exceptions"."start_time"))
);
--> statement-breakpoint
CREATE TABLE "availability_hours" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" bigint NOT NULL,
	"unit_id" bigint,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	CONSTRAINT "availability_hours_weekday_check" CHECK ("availability_hours"."weekday" between 0 and 6),
	CONSTRAINT "availability_hours_range_check" CHECK ("availability_hours"."end_time" > "availability_hours"."start_time")
);
--> statement-breakpoint
CREATE TABLE "provider_schedules" (
	"provider_id" bigint PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'Africa/Cairo' NOT NULL,
	"slot_minutes" integer DEFAULT 30 NOT NULL,
	"horizon_days" integer DEFAULT 30 NOT NULL,
	"min_notice_minutes" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_schedules_slot_check" CHECK ("provider_schedules"."slot_minutes" between 5 and 240),
	CONSTRAINT "provider_schedules_horizon_check" CHECK ("provider_schedules"."horizon_days" between 1 and 365),
	CONSTRAINT "provider_schedules_notice_check" CHECK ("provider_schedules"."min_notice_minutes" between 0 and 10080)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"driver" text NOT NULL,
	"event_id" text NOT NULL,
	"intent_id" bigint NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"appointment_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"driver" text NOT NULL,
	"reference" text NOT NULL,
	"gateway_reference" text,
	"amount" numeric(10, 2) NOT NULL,
	"currency" text DEFAULT 'EGP' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_intents_status_check" CHECK ("payment_intents"."status" in ('pending', 'paid', 'failed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_check";--> statement-breakpoint
DROP INDEX "appointments_provider_time_idx";--> statement-breakpoint
DROP INDEX "appointments_facility_time_idx";--> statement-breakpoint
DROP INDEX "appointments_user_idx";--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "appointment_time" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "status" SET DEFAULT 'booked';--> statement-breakpoint
ALTER TABLE "prescriptions" ALTER COLUMN "image" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminded_day_before_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminded_hours_before_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "images" text[];--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "reply_status" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "reply_price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "reply_note" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "appointment_id" bigint;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_unit_id_facility_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."facility_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_hours" ADD CONSTRAINT "availability_hours_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_hours" ADD CONSTRAINT "availability_hours_unit_id_facility_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."facility_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_schedules" ADD CONSTRAINT "provider_schedules_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_exceptions_provider_date_idx" ON "availability_exceptions" USING btree ("provider_id","on_date");--> statement-breakpoint
CREATE INDEX "availability_exceptions_unit_idx" ON "availability_exceptions" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "availability_hours_provider_idx" ON "availability_hours" USING btree ("provider_id","weekday");--> statement-breakpoint
CREATE INDEX "availability_hours_unit_idx" ON "availability_hours" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_event_idx" ON "payment_events" USING btree ("driver","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_intent_idx" ON "payment_events" USING btree ("intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_reference_idx" ON "payment_intents" USING btree ("driver","reference");--> statement-breakpoint
CREATE INDEX "payment_intents_appointment_idx" ON "payment_intents" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "payment_intents_user_idx" ON "payment_intents" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_idempotency_idx" ON "appointments" USING btree ("user_id","idempotency_key") WHERE "appointments"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "appointments_booked_starts_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "appointments_held_expiry_idx" ON "appointments" USING btree ("hold_expires_at") WHERE "appointments"."status" = 'held';--> statement-breakpoint
CREATE INDEX "payments_appointment_idx" ON "payments" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointments_provider_time_idx" ON "appointments" USING btree ("provider_id","starts_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appointments_facility_time_idx" ON "appointments" USING btree ("facility_id","starts_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appointments_user_idx" ON "appointments" USING btree ("user_id","starts_at");--> statement-breakpoint
-- Existing visits were Cairo wall-clock times (spec: appointment_time) of 30 minutes; pending and confirmed are booked.
UPDATE "appointments" SET
  "starts_at" = "appointment_time" AT TIME ZONE 'Africa/Cairo',
  "ends_at" = ("appointment_time" AT TIME ZONE 'Africa/Cairo') + interval '30 minutes',
  "status" = CASE WHEN "status" IN ('pending', 'confirmed') THEN 'booked' ELSE "status" END;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "starts_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
UPDATE "prescriptions" SET "images" = ARRAY["image"];--> statement-breakpoint
ALTER TABLE "prescriptions" ALTER COLUMN "images" SET NOT NULL;--> statement-breakpoint
-- Overlapping active visits the seed allowed are cancelled by the system (kept, not deleted), so that the
-- exclusion constraints below can hold: first a provider's, then a patient's.
UPDATE "appointments" a SET "status" = 'cancelled', "cancelled_by" = 'system', "cancel_reason" = 'overlap (migration 0017)'
WHERE a."status" IN ('held', 'booked') AND EXISTS (
  SELECT 1 FROM "appointments" b WHERE b."provider_id" = a."provider_id" AND b."id" < a."id" AND b."status" IN ('held', 'booked')
    AND b."starts_at" < a."ends_at" AND a."starts_at" < b."ends_at");--> statement-breakpoint
UPDATE "appointments" a SET "status" = 'cancelled', "cancelled_by" = 'system', "cancel_reason" = 'overlap (migration 0017)'
WHERE a."status" IN ('held', 'booked') AND EXISTS (
  SELECT 1 FROM "appointments" b WHERE b."user_id" = a."user_id" AND b."id" < a."id" AND b."status" IN ('held', 'booked')
    AND b."starts_at" < a."ends_at" AND a."starts_at" < b."ends_at");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- No double booking, by construction: active visits of one provider, and of one patient, never overlap (SQLSTATE 23P01).
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_provider_overlap" EXCLUDE USING gist
  ("provider_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" IN ('held', 'booked'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_overlap" EXCLUDE USING gist
  ("user_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" IN ('held', 'booked'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_check" CHECK ("appointments"."cancelled_by" in ('patient', 'provider', 'system'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_range_check" CHECK ("appointments"."ends_at" > "appointments"."starts_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('held', 'booked', 'completed', 'no_show', 'cancelled'));--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_reply_status_check" CHECK ("prescriptions"."reply_status" in ('available', 'partly_available', 'unavailable'));--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_images_check" CHECK (cardinality("prescriptions"."images") between 1 and 5);;--> statement-breakpoint
CREATE TRIGGER "provider_schedules_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "provider_schedules" FOR EACH STATEMENT EXECUTE FUNCTION sehha_bump_table_version();--> statement-breakpoint
CREATE TRIGGER "availability_hours_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "availability_hours" FOR EACH STATEMENT EXECUTE FUNCTION sehha_bump_table_version();--> statement-breakpoint
CREATE TRIGGER "availability_exceptions_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "availability_exceptions" FOR EACH STATEMENT EXECUTE FUNCTION sehha_bump_table_version();--> statement-breakpoint
CREATE TRIGGER "payment_intents_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_intents" FOR EACH STATEMENT EXECUTE FUNCTION sehha_bump_table_version();--> statement-breakpoint
CREATE TRIGGER "payment_events_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_events" FOR EACH STATEMENT EXECUTE FUNCTION sehha_bump_table_version();--> statement-breakpoint
ALTER TABLE "appointments" DROP COLUMN "appointment_time";--> statement-breakpoint
ALTER TABLE "prescriptions" DROP COLUMN "image";