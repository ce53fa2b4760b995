ALTER TABLE "lead_submissions" ADD COLUMN "spam_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_submissions" ADD COLUMN "spam_by" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "spam_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "spam_by" text;--> statement-breakpoint
CREATE INDEX "lead_submissions_spam_idx" ON "lead_submissions" USING btree ("spam_at") WHERE spam_at is not null;--> statement-breakpoint
CREATE INDEX "leads_spam_idx" ON "leads" USING btree ("spam_at") WHERE spam_at is not null;