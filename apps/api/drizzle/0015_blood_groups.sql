CREATE TABLE "blood_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (sehha_fold(coalesce(name_ar, '') || ' ' || coalesce(name_en, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blood_groups_name_ar_unique" ON "blood_groups" USING btree ("name_ar");--> statement-breakpoint
CREATE UNIQUE INDEX "blood_groups_name_en_unique" ON "blood_groups" USING btree (lower("name_en"));--> statement-breakpoint
CREATE INDEX "blood_groups_search_trgm_idx" ON "blood_groups" USING gin ("search" gin_trgm_ops);