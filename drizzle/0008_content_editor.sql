CREATE TABLE "content_drafts" (
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"values" jsonb NOT NULL,
	"updated_by" text,
	"updated_by_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_drafts_kind_record_id_pk" PRIMARY KEY("kind","record_id")
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"action" text NOT NULL,
	"changed_by" text,
	"changed_by_name" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"snapshot" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incentives" ADD COLUMN "last_reviewed_by" text;--> statement-breakpoint
ALTER TABLE "incentives" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incentives" ADD COLUMN "retired_by" text;--> statement-breakpoint
ALTER TABLE "incentives" ADD COLUMN "source_check_status" text;--> statement-breakpoint
ALTER TABLE "incentives" ADD COLUMN "source_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incentives" ADD COLUMN "source_check_detail" text;--> statement-breakpoint
ALTER TABLE "industries" ADD COLUMN "last_reviewed_by" text;--> statement-breakpoint
ALTER TABLE "industries" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "industries" ADD COLUMN "retired_by" text;--> statement-breakpoint
ALTER TABLE "policy_updates" ADD COLUMN "last_reviewed_by" text;--> statement-breakpoint
ALTER TABLE "policy_updates" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policy_updates" ADD COLUMN "retired_by" text;--> statement-breakpoint
ALTER TABLE "policy_updates" ADD COLUMN "source_check_status" text;--> statement-breakpoint
ALTER TABLE "policy_updates" ADD COLUMN "source_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policy_updates" ADD COLUMN "source_check_detail" text;--> statement-breakpoint
ALTER TABLE "policy_updates" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revisions_record_idx" ON "content_revisions" USING btree ("kind","record_id","changed_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "incentives" ADD CONSTRAINT "incentives_last_reviewed_by_user_id_fk" FOREIGN KEY ("last_reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incentives" ADD CONSTRAINT "incentives_retired_by_user_id_fk" FOREIGN KEY ("retired_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "industries" ADD CONSTRAINT "industries_last_reviewed_by_user_id_fk" FOREIGN KEY ("last_reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "industries" ADD CONSTRAINT "industries_retired_by_user_id_fk" FOREIGN KEY ("retired_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_updates" ADD CONSTRAINT "policy_updates_last_reviewed_by_user_id_fk" FOREIGN KEY ("last_reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_updates" ADD CONSTRAINT "policy_updates_retired_by_user_id_fk" FOREIGN KEY ("retired_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;