ALTER TABLE "user_subscriptions" ADD COLUMN "search" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "user_subscriptions" s SET "search" = u."search" FROM "users" u WHERE u."id" = s."user_id";--> statement-breakpoint
-- A new subscription (or one moved to another account) takes its subscriber's search key.
CREATE OR REPLACE FUNCTION sehha_subscription_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := coalesce((SELECT search FROM users WHERE id = NEW.user_id), '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_subscriptions_search BEFORE INSERT OR UPDATE OF user_id ON user_subscriptions FOR EACH ROW EXECUTE FUNCTION sehha_subscription_search();
--> statement-breakpoint
-- An account whose name, email or phone changes passes its new key to its subscriptions (a deactivation,
-- which sets none of them, does not fire it).
CREATE OR REPLACE FUNCTION sehha_account_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_subscriptions SET search = NEW.search WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_search_changed AFTER UPDATE OF name, email, phone ON users FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION sehha_account_search_changed();
--> statement-breakpoint
CREATE INDEX "user_subscriptions_search_trgm_idx" ON "user_subscriptions" USING gin ("search" gin_trgm_ops);
