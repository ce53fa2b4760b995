CREATE TABLE "solar_data" (
	"key" text PRIMARY KEY NOT NULL,
	"value" double precision NOT NULL,
	"low" double precision,
	"high" double precision,
	"min_kw" double precision,
	"max_kw" double precision,
	"label" text,
	"note" text,
	"source_title" text NOT NULL,
	"link" text NOT NULL,
	"source_year" integer NOT NULL,
	"last_reviewed_at" date DEFAULT current_date NOT NULL,
	"last_reviewed_by" text,
	"retired_at" timestamp with time zone,
	"retired_by" text,
	"source_check_status" text,
	"source_checked_at" timestamp with time zone,
	"source_check_detail" text,
	"seed_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "solar_data" ADD CONSTRAINT "solar_data_last_reviewed_by_user_id_fk" FOREIGN KEY ("last_reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solar_data" ADD CONSTRAINT "solar_data_retired_by_user_id_fk" FOREIGN KEY ("retired_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;