ALTER TABLE "prescriptions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_idempotency_idx" ON "prescriptions" USING btree ("user_id","idempotency_key") WHERE "prescriptions"."idempotency_key" is not null;