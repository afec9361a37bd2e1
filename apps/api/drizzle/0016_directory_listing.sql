ALTER TABLE "providers" ADD COLUMN "licensed_until" date;--> statement-breakpoint
CREATE INDEX "providers_listed_id_idx" ON "providers" USING btree ("kind","id") WHERE "providers"."status" = 'approved' and "providers"."account_active";--> statement-breakpoint
CREATE INDEX "providers_listed_doctor_search_idx" ON "providers" USING gin ("search" gin_trgm_ops) WHERE "providers"."kind" = 'doctor' and "providers"."status" = 'approved' and "providers"."account_active";--> statement-breakpoint
CREATE INDEX "providers_listed_pharmacy_search_idx" ON "providers" USING gin ("search" gin_trgm_ops) WHERE "providers"."kind" = 'pharmacy' and "providers"."status" = 'approved' and "providers"."account_active";--> statement-breakpoint
CREATE INDEX "providers_listed_hospital_search_idx" ON "providers" USING gin ("search" gin_trgm_ops) WHERE "providers"."kind" = 'hospital' and "providers"."status" = 'approved' and "providers"."account_active";--> statement-breakpoint
CREATE INDEX "providers_listed_medical_center_search_idx" ON "providers" USING gin ("search" gin_trgm_ops) WHERE "providers"."kind" = 'medical_center' and "providers"."status" = 'approved' and "providers"."account_active";--> statement-breakpoint
CREATE INDEX "providers_listed_speciality_name_idx" ON "providers" USING btree ("kind","speciality_id","name_en","id") WHERE "providers"."status" = 'approved' and "providers"."account_active";--> statement-breakpoint
CREATE INDEX "providers_listed_city_name_idx" ON "providers" USING btree ("kind","city_id","name_en","id") WHERE "providers"."status" = 'approved' and "providers"."account_active";--> statement-breakpoint
-- A provider's licensed_until follows its approved licenses: the latest expiry among them, null without one.
CREATE FUNCTION sehha_provider_licensed_until() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
  pid bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY[NEW.provider_id];
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY[OLD.provider_id];
  ELSE
    ids := ARRAY[OLD.provider_id, NEW.provider_id];
  END IF;
  FOREACH pid IN ARRAY ids LOOP
    UPDATE providers p SET licensed_until = l.until
    FROM (SELECT max(expires_on) AS until FROM licenses WHERE provider_id = pid AND status = 'approved') l
    WHERE p.id = pid AND p.licensed_until IS DISTINCT FROM l.until;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER licenses_licensed_until AFTER INSERT OR DELETE OR UPDATE OF provider_id, status, expires_on ON licenses
  FOR EACH ROW EXECUTE FUNCTION sehha_provider_licensed_until();--> statement-breakpoint
UPDATE providers p SET licensed_until = l.until
FROM (SELECT provider_id, max(expires_on) AS until FROM licenses WHERE status = 'approved' GROUP BY provider_id) l
WHERE l.provider_id = p.id;
