ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_check";--> statement-breakpoint
ALTER TABLE "provider_reviews" DROP CONSTRAINT "provider_reviews_action_check";--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'sent', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "provider_reviews" ADD CONSTRAINT "provider_reviews_action_check" CHECK ("provider_reviews"."action" in ('submitted', 'approved', 'rejected', 'onHold', 'undone'));