ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One spelling per action before the history is sealed: provider bulk deactivations were written 'deactivate-all'.
UPDATE "audit_logs" SET "action" = 'deactivate_all' WHERE "action" = 'deactivate-all';
--> statement-breakpoint
-- The audit log is append-only in the database itself: no code path, and nobody with SQL access through the
-- application's role, can rewrite or remove history. Rows are only ever inserted.
CREATE OR REPLACE FUNCTION sehha_audit_logs_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_logs_append_only" BEFORE UPDATE OR DELETE ON "audit_logs" FOR EACH ROW EXECUTE FUNCTION sehha_audit_logs_append_only();
--> statement-breakpoint
CREATE TRIGGER "audit_logs_no_truncate" BEFORE TRUNCATE ON "audit_logs" FOR EACH STATEMENT EXECUTE FUNCTION sehha_audit_logs_append_only();
