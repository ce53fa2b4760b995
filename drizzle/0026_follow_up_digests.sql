CREATE TABLE "follow_up_digests" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"leads" integer NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_up_digests_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "follow_up_digests" ADD CONSTRAINT "follow_up_digests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;