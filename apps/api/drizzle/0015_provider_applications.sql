CREATE TABLE "provider_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" bigint NOT NULL,
	"round" integer NOT NULL,
	"action" text NOT NULL,
	"reason_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"reason_note" text,
	"missing_documents" text[] DEFAULT '{}'::text[] NOT NULL,
	"actor_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_reviews_action_check" CHECK ("provider_reviews"."action" in ('submitted', 'approved', 'rejected', 'onHold')),
	CONSTRAINT "provider_reviews_reason_codes_check" CHECK ("provider_reviews"."reason_codes" <@ array['documents_unreadable', 'documents_missing', 'license_expired', 'license_number_invalid', 'name_mismatch', 'speciality_mismatch', 'other']::text[]),
	CONSTRAINT "provider_reviews_missing_documents_check" CHECK ("provider_reviews"."missing_documents" <@ array['license', 'syndicate_card', 'commercial_register', 'tax_card', 'national_id', 'other']::text[])
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "state_id" bigint;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "consultation_fee" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "photo" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "submitted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "provider_reviews" ADD CONSTRAINT "provider_reviews_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_reviews" ADD CONSTRAINT "provider_reviews_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_reviews_provider_idx" ON "provider_reviews" USING btree ("provider_id","id");--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "providers_state_idx" ON "providers" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "providers_listed_fee_idx" ON "providers" USING btree ("kind","consultation_fee","id") WHERE "providers"."status" = 'approved' and "providers"."account_active";--> statement-breakpoint
-- Existing providers: their first round began when they were created, and their history starts with it.
UPDATE "providers" SET "submitted_at" = "created_at";--> statement-breakpoint
INSERT INTO "provider_reviews" ("provider_id", "round", "action", "actor_id", "created_at")
SELECT "id", 1, 'submitted', "user_id", "created_at" FROM "providers";--> statement-breakpoint
CREATE TRIGGER "provider_reviews_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "provider_reviews" FOR EACH STATEMENT EXECUTE FUNCTION sehha_bump_table_version();
