DROP INDEX "lead_submissions_status_submitted_idx";--> statement-breakpoint
DROP INDEX "lead_submissions_owner_submitted_idx";--> statement-breakpoint
DROP INDEX "lead_submissions_owner_next_step_idx";--> statement-breakpoint
DROP INDEX "leads_kind_status_created_idx";--> statement-breakpoint
DROP INDEX "leads_status_created_idx";--> statement-breakpoint
DROP INDEX "leads_owner_created_idx";--> statement-breakpoint
DROP INDEX "leads_owner_next_step_idx";--> statement-breakpoint
ALTER TABLE "lead_submissions" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "lead_submissions" ADD COLUMN "merged_into_kind" text;--> statement-breakpoint
ALTER TABLE "lead_submissions" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "merged_into_kind" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lead_submissions_merged_into_idx" ON "lead_submissions" USING btree ("merged_into_id") WHERE merged_into_id is not null;--> statement-breakpoint
CREATE INDEX "leads_merged_into_idx" ON "leads" USING btree ("merged_into_id") WHERE merged_into_id is not null;--> statement-breakpoint
CREATE INDEX "lead_submissions_status_submitted_idx" ON "lead_submissions" USING btree ("status","submitted_at","id") WHERE merged_into_id is null;--> statement-breakpoint
CREATE INDEX "lead_submissions_owner_submitted_idx" ON "lead_submissions" USING btree ("owner_id","submitted_at","id") WHERE merged_into_id is null;--> statement-breakpoint
CREATE INDEX "lead_submissions_owner_next_step_idx" ON "lead_submissions" USING btree ("owner_id","next_step_on") WHERE merged_into_id is null;--> statement-breakpoint
CREATE INDEX "leads_kind_status_created_idx" ON "leads" USING btree ("kind","status","created_at","id") WHERE merged_into_id is null;--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at","id") WHERE merged_into_id is null;--> statement-breakpoint
CREATE INDEX "leads_owner_created_idx" ON "leads" USING btree ("owner_id","created_at","id") WHERE merged_into_id is null;--> statement-breakpoint
CREATE INDEX "leads_owner_next_step_idx" ON "leads" USING btree ("owner_id","next_step_on") WHERE merged_into_id is null;