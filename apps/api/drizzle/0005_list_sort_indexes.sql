CREATE INDEX "users_role_active_name_idx" ON "users" USING btree ("role","is_active","name","id");--> statement-breakpoint
CREATE INDEX "users_active_name_idx" ON "users" USING btree ("is_active","name","id");--> statement-breakpoint
CREATE INDEX "users_active_created_idx" ON "users" USING btree ("is_active","created_at","id");--> statement-breakpoint
CREATE INDEX "providers_kind_name_en_idx" ON "providers" USING btree ("kind","name_en","id");--> statement-breakpoint
CREATE INDEX "providers_kind_name_ar_idx" ON "providers" USING btree ("kind","name_ar","id");--> statement-breakpoint
CREATE INDEX "providers_kind_status_name_en_idx" ON "providers" USING btree ("kind","status","name_en","id");--> statement-breakpoint
CREATE INDEX "providers_kind_status_name_ar_idx" ON "providers" USING btree ("kind","status","name_ar","id");--> statement-breakpoint
CREATE INDEX "providers_kind_status_id_idx" ON "providers" USING btree ("kind","status","id");