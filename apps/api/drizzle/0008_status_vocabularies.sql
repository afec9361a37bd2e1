-- Status vocabularies enforced by the database: each CHECK is built from a list in @sehha/contract/status-codes.
-- The spec reads any appointment type other than 'website' as cash; say so in the row before the type is checked.
UPDATE "appointments" SET "type" = 'cash' WHERE "type" <> 'website' AND "type" <> 'cash';
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'user', 'doctor', 'pharmacy', 'hospital', 'medical_center', 'company'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_type_check" CHECK ("appointments"."type" in ('website', 'cash'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('pending', 'confirmed', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "license_counts" ADD CONSTRAINT "license_counts_status_check" CHECK ("license_counts"."status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_status_check" CHECK ("licenses"."status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "provider_attachments" ADD CONSTRAINT "provider_attachments_kind_check" CHECK ("provider_attachments"."kind" in ('license', 'syndicate_card', 'commercial_register', 'tax_card', 'national_id', 'other'));--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_kind_check" CHECK ("providers"."kind" in ('doctor', 'pharmacy', 'hospital', 'medical_center', 'company'));--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_status_check" CHECK ("providers"."status" in ('pending', 'approved', 'rejected', 'onHold'));--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_status_check" CHECK ("change_requests"."status" in (0, 1, 2));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('card', 'wallet', 'cash'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('paid', 'refunded'));--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_period_unit_check" CHECK ("subscription_plans"."period_unit" in ('week', 'months'));--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_status_check" CHECK ("user_subscriptions"."status" in ('active', 'expired', 'cancelled'));