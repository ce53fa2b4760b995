ALTER TABLE "industries" ADD COLUMN "subtitle" text;--> statement-breakpoint
ALTER TABLE "industries" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "industries" ADD COLUMN "hero_image" text;--> statement-breakpoint
ALTER TABLE "industries" ADD COLUMN "hero_image_alt" text;--> statement-breakpoint
ALTER TABLE "industries" ADD COLUMN "faq" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "industries" ADD COLUMN "last_reviewed_at" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "industries" ADD COLUMN "seed_hash" text;