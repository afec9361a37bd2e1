CREATE TABLE "access_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"whatsapp_phone" text,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"country_id" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (sehha_fold(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"provider_id" bigint NOT NULL,
	"facility_id" bigint,
	"appointment_time" timestamp NOT NULL,
	"type" text DEFAULT 'website' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"price" numeric(10, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" bigint,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_ads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"title" text,
	"link" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_types" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"medical_under_instituted" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (sehha_fold(coalesce(name_ar, '') || ' ' || coalesce(name_en, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy_categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (sehha_fold(coalesce(name_ar, '') || ' ' || coalesce(name_en, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specialities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (sehha_fold(coalesce(name_ar, '') || ' ' || coalesce(name_en, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country_id" bigint NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (sehha_fold(coalesce(name_ar, '') || ' ' || coalesce(name_en, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"mobile_prefix" text NOT NULL,
	"flag" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (sehha_fold(coalesce(name_ar, '') || ' ' || coalesce(name_en, '') || ' ' || coalesce(mobile_prefix, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"city_id" bigint NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (sehha_fold(coalesce(name_ar, '') || ' ' || coalesce(name_en, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"pharmacy_id" bigint NOT NULL,
	"image" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_unit_doctors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"unit_id" bigint NOT NULL,
	"doctor_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_units" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"facility_id" bigint NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"speciality_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (sehha_fold(coalesce(name_ar, '') || ' ' || coalesce(name_en, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" bigint NOT NULL,
	"number" text NOT NULL,
	"path" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"expires_on" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medicines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pharmacy_id" bigint NOT NULL,
	"category_id" bigint,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (sehha_fold(coalesce(name_ar, '') || ' ' || coalesce(name_en, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy_branches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pharmacy_id" bigint NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"address" text,
	"phone" text,
	"city_id" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (sehha_fold(coalesce(name_ar, '') || ' ' || coalesce(name_en, '') || ' ' || coalesce(address, '') || ' ' || coalesce(phone, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_ads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" bigint NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"image" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (sehha_fold(coalesce(title_ar, '') || ' ' || coalesce(title_en, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"address" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_special" boolean DEFAULT false NOT NULL,
	"country_id" bigint,
	"city_id" bigint,
	"speciality_id" bigint,
	"institution_type_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (sehha_fold(coalesce(name_ar, '') || ' ' || coalesce(name_en, '') || ' ' || coalesce(address, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"changes" jsonb NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" bigint,
	"user_id" bigint NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'EGP' NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_features" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"currency" text DEFAULT 'EGP' NOT NULL,
	"period_unit" text NOT NULL,
	"period_length" integer DEFAULT 1 NOT NULL,
	"description_ar" text,
	"description_en" text,
	"available_from" date,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"price_paid" numeric(10, 2) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_facility_id_providers_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_pharmacy_id_providers_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_unit_doctors" ADD CONSTRAINT "facility_unit_doctors_unit_id_facility_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."facility_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_unit_doctors" ADD CONSTRAINT "facility_unit_doctors_doctor_id_providers_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_units" ADD CONSTRAINT "facility_units_facility_id_providers_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_units" ADD CONSTRAINT "facility_units_speciality_id_specialities_id_fk" FOREIGN KEY ("speciality_id") REFERENCES "public"."specialities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicines" ADD CONSTRAINT "medicines_pharmacy_id_providers_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicines" ADD CONSTRAINT "medicines_category_id_pharmacy_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."pharmacy_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_branches" ADD CONSTRAINT "pharmacy_branches_pharmacy_id_providers_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_branches" ADD CONSTRAINT "pharmacy_branches_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_ads" ADD CONSTRAINT "provider_ads_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_attachments" ADD CONSTRAINT "provider_attachments_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_speciality_id_specialities_id_fk" FOREIGN KEY ("speciality_id") REFERENCES "public"."specialities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_institution_type_id_institution_types_id_fk" FOREIGN KEY ("institution_type_id") REFERENCES "public"."institution_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_features" ADD CONSTRAINT "plan_features_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_hash_unique" ON "access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_active_created_idx" ON "users" USING btree ("role","is_active","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_active_deactivated_idx" ON "users" USING btree ("is_active","deactivated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_country_idx" ON "users" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_provider_time_idx" ON "appointments" USING btree ("provider_id","appointment_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appointments_facility_time_idx" ON "appointments" USING btree ("facility_id","appointment_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appointments_user_idx" ON "appointments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_logs_entity_idx" ON "audit_logs" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "home_ads_sort_idx" ON "home_ads" USING btree ("sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "institution_types_name_ar_unique" ON "institution_types" USING btree ("name_ar");--> statement-breakpoint
CREATE UNIQUE INDEX "institution_types_name_en_unique" ON "institution_types" USING btree (lower("name_en"));--> statement-breakpoint
CREATE INDEX "institution_types_search_trgm_idx" ON "institution_types" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "pharmacy_categories_name_ar_unique" ON "pharmacy_categories" USING btree ("name_ar");--> statement-breakpoint
CREATE UNIQUE INDEX "pharmacy_categories_name_en_unique" ON "pharmacy_categories" USING btree (lower("name_en"));--> statement-breakpoint
CREATE INDEX "pharmacy_categories_search_trgm_idx" ON "pharmacy_categories" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "specialities_name_ar_unique" ON "specialities" USING btree ("name_ar");--> statement-breakpoint
CREATE UNIQUE INDEX "specialities_name_en_unique" ON "specialities" USING btree (lower("name_en"));--> statement-breakpoint
CREATE INDEX "specialities_search_trgm_idx" ON "specialities" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "cities_country_name_ar_unique" ON "cities" USING btree ("country_id","name_ar");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_country_name_en_unique" ON "cities" USING btree ("country_id",lower("name_en"));--> statement-breakpoint
CREATE INDEX "cities_country_idx" ON "cities" USING btree ("country_id","id");--> statement-breakpoint
CREATE INDEX "cities_search_trgm_idx" ON "cities" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "countries_name_ar_unique" ON "countries" USING btree ("name_ar");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_name_en_unique" ON "countries" USING btree (lower("name_en"));--> statement-breakpoint
CREATE INDEX "countries_search_trgm_idx" ON "countries" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "states_city_name_ar_unique" ON "states" USING btree ("city_id","name_ar");--> statement-breakpoint
CREATE UNIQUE INDEX "states_city_name_en_unique" ON "states" USING btree ("city_id",lower("name_en"));--> statement-breakpoint
CREATE INDEX "states_city_idx" ON "states" USING btree ("city_id","id");--> statement-breakpoint
CREATE INDEX "states_search_trgm_idx" ON "states" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prescriptions_created_idx" ON "prescriptions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prescriptions_pharmacy_idx" ON "prescriptions" USING btree ("pharmacy_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "facility_unit_doctors_unique" ON "facility_unit_doctors" USING btree ("unit_id","doctor_id");--> statement-breakpoint
CREATE INDEX "facility_unit_doctors_doctor_idx" ON "facility_unit_doctors" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "facility_units_facility_idx" ON "facility_units" USING btree ("facility_id","id");--> statement-breakpoint
CREATE INDEX "facility_units_search_trgm_idx" ON "facility_units" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "licenses_created_idx" ON "licenses" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "licenses_status_created_idx" ON "licenses" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "licenses_provider_idx" ON "licenses" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "licenses_expires_idx" ON "licenses" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "medicines_pharmacy_idx" ON "medicines" USING btree ("pharmacy_id","id");--> statement-breakpoint
CREATE INDEX "medicines_category_idx" ON "medicines" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "medicines_search_trgm_idx" ON "medicines" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pharmacy_branches_pharmacy_idx" ON "pharmacy_branches" USING btree ("pharmacy_id","id");--> statement-breakpoint
CREATE INDEX "pharmacy_branches_search_trgm_idx" ON "pharmacy_branches" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "provider_ads_provider_idx" ON "provider_ads" USING btree ("provider_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "provider_ads_search_trgm_idx" ON "provider_ads" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "provider_attachments_provider_idx" ON "provider_attachments" USING btree ("provider_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_user_unique" ON "providers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "providers_kind_created_idx" ON "providers" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "providers_kind_status_created_idx" ON "providers" USING btree ("kind","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "providers_country_idx" ON "providers" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "providers_speciality_idx" ON "providers" USING btree ("speciality_id");--> statement-breakpoint
CREATE INDEX "providers_institution_type_idx" ON "providers" USING btree ("institution_type_id");--> statement-breakpoint
CREATE INDEX "providers_search_trgm_idx" ON "providers" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "change_requests_status_created_idx" ON "change_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "change_requests_user_idx" ON "change_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_status_paid_idx" ON "payments" USING btree ("status","paid_at");--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "plan_features_plan_idx" ON "plan_features" USING btree ("plan_id","sort_order");--> statement-breakpoint
CREATE INDEX "subscription_plans_archived_idx" ON "subscription_plans" USING btree ("is_archived","id");--> statement-breakpoint
CREATE INDEX "user_subscriptions_created_idx" ON "user_subscriptions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_subscriptions_user_idx" ON "user_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_subscriptions_plan_idx" ON "user_subscriptions" USING btree ("plan_id");