CREATE TABLE "table_versions" (
	"table_name" text NOT NULL,
	"backend" integer NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "table_versions_table_name_backend_pk" PRIMARY KEY("table_name","backend")
);
--> statement-breakpoint
-- Every write statement on a table bumps its version in the writer's own transaction (visible when, and only
-- if, the change is): the row of the table and of this backend, which no other transaction touches, so
-- writers never wait for each other here. The tables of sign-in (tokens, attempts, recovery codes) are left
-- out: no list reads them, and the page cache never keeps a statement that does.
CREATE OR REPLACE FUNCTION sehha_bump_table_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO table_versions AS v (table_name, backend, version) VALUES (TG_TABLE_NAME, pg_backend_pid(), 1)
  ON CONFLICT (table_name, backend) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND c.relname NOT IN ('table_versions', 'access_tokens', 'login_attempts', 'recovery_codes')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION sehha_bump_table_version()',
      t || '_version', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The rows of backends that have ended, folded into backend 0 (the sums, hence the versions, do not change).
-- One compaction at a time (the advisory lock); a row whose backend is writing right now is skipped.
CREATE OR REPLACE FUNCTION sehha_compact_table_versions() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('sehha_compact_table_versions')) THEN
    RETURN;
  END IF;
  WITH ended AS (
    DELETE FROM table_versions WHERE ctid IN (
      SELECT ctid FROM table_versions
      WHERE backend <> 0 AND backend NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
      FOR UPDATE SKIP LOCKED)
    RETURNING table_name, version
  )
  INSERT INTO table_versions AS v (table_name, backend, version)
  SELECT table_name, 0, sum(version) FROM ended GROUP BY table_name ORDER BY table_name
  ON CONFLICT (table_name, backend) DO UPDATE SET version = v.version + excluded.version;
END $$;
