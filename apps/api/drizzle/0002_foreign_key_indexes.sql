CREATE INDEX "audit_logs_actor_idx" ON "audit_logs" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "prescriptions_user_idx" ON "prescriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "facility_units_speciality_idx" ON "facility_units" USING btree ("speciality_id");--> statement-breakpoint
CREATE INDEX "pharmacy_branches_city_idx" ON "pharmacy_branches" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "providers_city_idx" ON "providers" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");