DROP INDEX "lead_submissions_submitted_at_idx";--> statement-breakpoint
DROP INDEX "lead_submissions_status_submitted_idx";--> statement-breakpoint
DROP INDEX "leads_created_at_idx";--> statement-breakpoint
DROP INDEX "leads_kind_status_created_idx";--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "lead_submissions_submitted_at_idx" ON "lead_submissions" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "lead_submissions_status_submitted_idx" ON "lead_submissions" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_kind_status_created_idx" ON "leads" USING btree ("kind","status","created_at","id");