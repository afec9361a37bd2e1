-- The all-appointments and payments lists (issue 29): newest first, a day as one range, a day's cancellations from a partial index.

CREATE INDEX "appointments_created_idx" ON "appointments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appointments_cancelled_updated_idx" ON "appointments" USING btree ("updated_at") WHERE "appointments"."status" = 'cancelled' and "appointments"."cancelled_by" in ('patient', 'provider');--> statement-breakpoint
CREATE INDEX "payment_intents_updated_idx" ON "payment_intents" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);