-- The page cache keys blood_groups lists on this table's version (see 0013_table_versions.sql).
CREATE TRIGGER "blood_groups_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blood_groups" FOR EACH STATEMENT EXECUTE FUNCTION sehha_bump_table_version();
