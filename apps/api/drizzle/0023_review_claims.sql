CREATE TABLE "review_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" bigint NOT NULL,
	"admin_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_claims_kind_check" CHECK ("review_claims"."kind" in ('provider', 'license', 'change_request'))
);
--> statement-breakpoint
ALTER TABLE "review_claims" ADD CONSTRAINT "review_claims_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_claims_record_unique" ON "review_claims" USING btree ("kind","record_id");--> statement-breakpoint
CREATE INDEX "review_claims_admin_idx" ON "review_claims" USING btree ("admin_id");