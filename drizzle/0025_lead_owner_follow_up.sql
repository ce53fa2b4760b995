CREATE TABLE "lead_rotation" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_assigned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lead_submissions" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "lead_submissions" ADD COLUMN "next_step_on" date;--> statement-breakpoint
ALTER TABLE "lead_submissions" ADD COLUMN "next_step" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "next_step_on" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "next_step" text;--> statement-breakpoint
ALTER TABLE "lead_rotation" ADD CONSTRAINT "lead_rotation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_submissions" ADD CONSTRAINT "lead_submissions_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_submissions_owner_submitted_idx" ON "lead_submissions" USING btree ("owner_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "lead_submissions_owner_next_step_idx" ON "lead_submissions" USING btree ("owner_id","next_step_on");--> statement-breakpoint
CREATE INDEX "leads_owner_created_idx" ON "leads" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_owner_next_step_idx" ON "leads" USING btree ("owner_id","next_step_on");