ALTER TABLE "users" ADD COLUMN "admin_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_admin_role_check" CHECK ("users"."admin_role" in ('super_admin', 'reviewer', 'viewer'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_admin_role_only_admins_check" CHECK ("users"."admin_role" is null or "users"."role" = 'admin');--> statement-breakpoint
-- Admins that existed before roles could do everything: they stay super admins.
UPDATE "users" SET "admin_role" = 'super_admin' WHERE "role" = 'admin';
