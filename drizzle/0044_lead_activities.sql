ALTER TABLE "lead_notes" ADD COLUMN "kind" text DEFAULT 'note' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD COLUMN "changes" jsonb DEFAULT '{}'::jsonb NOT NULL;