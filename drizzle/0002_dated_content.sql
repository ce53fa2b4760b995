-- Dated content: per-record review dates, end dates that drive status, the money value the
-- calculator counts, and the seed's hash so corrected built-in content reaches existing databases.
ALTER TABLE "incentives" RENAME COLUMN "last_reviewed" TO "last_reviewed_at";--> statement-breakpoint
UPDATE "incentives" SET "last_reviewed_at" = "created_at"::date WHERE "last_reviewed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "incentives" ALTER COLUMN "last_reviewed_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "incentives" ALTER COLUMN "last_reviewed_at" SET DEFAULT current_date;--> statement-breakpoint
ALTER TABLE "incentives" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "incentives" ADD COLUMN "money_value" text;--> statement-breakpoint
ALTER TABLE "incentives" ADD COLUMN "seed_hash" text;--> statement-breakpoint
ALTER TABLE "site_content" ADD COLUMN "seed_hash" text;--> statement-breakpoint
ALTER TABLE "policy_updates" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "policy_updates" ADD COLUMN "last_reviewed_at" date;--> statement-breakpoint
UPDATE "policy_updates" SET "last_reviewed_at" = "date_published";--> statement-breakpoint
ALTER TABLE "policy_updates" ALTER COLUMN "last_reviewed_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "policy_updates" ALTER COLUMN "last_reviewed_at" SET DEFAULT current_date;--> statement-breakpoint
ALTER TABLE "policy_updates" ADD COLUMN "seed_hash" text;
