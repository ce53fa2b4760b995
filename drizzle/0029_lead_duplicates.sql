CREATE INDEX "lead_submissions_email_lower_idx" ON "lead_submissions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "lead_submissions_business_key_idx" ON "lead_submissions" USING btree (lower(regexp_replace(trim("business_name"), '[[:space:]]+', ' ', 'g')));--> statement-breakpoint
CREATE INDEX "leads_email_lower_idx" ON "leads" USING btree (lower("email"));