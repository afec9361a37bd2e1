-- The outbox gets a version (0013's trigger): the operations home's failed-notifications card reads it, and with a
-- version that statement is kept with the home's other figures, and the home's answer can be kept
-- (apps/api/src/http/kept-answer.ts). A send or a delivery bumps its backend's row of table_versions, one statement
-- each.
CREATE TRIGGER "outbox_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "outbox" FOR EACH STATEMENT EXECUTE FUNCTION sehha_bump_table_version();
