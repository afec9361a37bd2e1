DROP INDEX "users_role_active_created_idx";--> statement-breakpoint
DROP INDEX "users_active_deactivated_idx";--> statement-breakpoint
DROP INDEX "appointments_provider_time_idx";--> statement-breakpoint
DROP INDEX "appointments_facility_time_idx";--> statement-breakpoint
DROP INDEX "audit_logs_created_idx";--> statement-breakpoint
DROP INDEX "prescriptions_created_idx";--> statement-breakpoint
DROP INDEX "prescriptions_pharmacy_idx";--> statement-breakpoint
DROP INDEX "licenses_created_idx";--> statement-breakpoint
DROP INDEX "licenses_status_created_idx";--> statement-breakpoint
DROP INDEX "provider_ads_provider_idx";--> statement-breakpoint
DROP INDEX "providers_kind_created_idx";--> statement-breakpoint
DROP INDEX "providers_kind_status_created_idx";--> statement-breakpoint
DROP INDEX "change_requests_status_created_idx";--> statement-breakpoint
DROP INDEX "user_subscriptions_created_idx";--> statement-breakpoint
CREATE INDEX "users_role_active_created_idx" ON "users" USING btree ("role","is_active","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_active_deactivated_idx" ON "users" USING btree ("is_active","deactivated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appointments_provider_time_idx" ON "appointments" USING btree ("provider_id","appointment_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appointments_facility_time_idx" ON "appointments" USING btree ("facility_id","appointment_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "prescriptions_created_idx" ON "prescriptions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "prescriptions_pharmacy_idx" ON "prescriptions" USING btree ("pharmacy_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "licenses_created_idx" ON "licenses" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "licenses_status_created_idx" ON "licenses" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "provider_ads_provider_idx" ON "provider_ads" USING btree ("provider_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "providers_kind_created_idx" ON "providers" USING btree ("kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "providers_kind_status_created_idx" ON "providers" USING btree ("kind","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "change_requests_status_created_idx" ON "change_requests" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_subscriptions_created_idx" ON "user_subscriptions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);