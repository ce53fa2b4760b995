CREATE TABLE "page_view_daily" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_view_daily_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "priority" smallint GENERATED ALWAYS AS (CASE template WHEN 'staff-notification' THEN 0 WHEN 'account-verification' THEN 1 ELSE 2 END) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "email_outbox_claim_idx" ON "email_outbox" USING btree ("priority","created_at") WHERE status = 'pending';--> statement-breakpoint
-- Views stored before daily totals existed: one total per day (in the default SITE_TIME_ZONE) under
-- "(other)", so the dashboard keeps them once their raw rows are purged.
INSERT INTO "page_view_daily" ("day", "path", "views")
SELECT ("created_at" AT TIME ZONE 'America/New_York')::date, '(other)', count(*)::integer
FROM "page_views" GROUP BY 1;
