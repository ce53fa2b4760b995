ALTER TABLE "incentives" ALTER COLUMN "last_reviewed_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "industries" ALTER COLUMN "last_reviewed_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "policy_updates" ALTER COLUMN "last_reviewed_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "solar_data" ALTER COLUMN "last_reviewed_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "site_content" ADD COLUMN "last_reviewed_at" date;--> statement-breakpoint
ALTER TABLE "site_content" ADD COLUMN "last_reviewed_by" text;--> statement-breakpoint
ALTER TABLE "site_content" ADD CONSTRAINT "site_content_last_reviewed_by_user_id_fk" FOREIGN KEY ("last_reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;