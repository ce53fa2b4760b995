CREATE INDEX "incentives_title_trgm_idx" ON "incentives" USING gin ("title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "incentives_description_trgm_idx" ON "incentives" USING gin ("description" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Full-text search (app/server/queries/incentives.server.ts): generated tsvector columns with GIN
-- indexes, written by hand (drizzle-kit cannot declare them; see the note in schema.ts). Title
-- weight A, description or summary B; type or level, the state's name and its code C (the code
-- with the 'simple' configuration, so codes that are English stop words such as IN, OR and ME
-- are kept). The state names are those of app/content/states.ts.
ALTER TABLE "incentives" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english', "title"), 'A')
	|| setweight(to_tsvector('english', "description"), 'B')
	|| setweight(to_tsvector('english', "type" || ' ' || CASE "state"
		WHEN 'AL' THEN 'Alabama'
		WHEN 'AK' THEN 'Alaska'
		WHEN 'AZ' THEN 'Arizona'
		WHEN 'AR' THEN 'Arkansas'
		WHEN 'CA' THEN 'California'
		WHEN 'CO' THEN 'Colorado'
		WHEN 'CT' THEN 'Connecticut'
		WHEN 'DE' THEN 'Delaware'
		WHEN 'FL' THEN 'Florida'
		WHEN 'GA' THEN 'Georgia'
		WHEN 'HI' THEN 'Hawaii'
		WHEN 'ID' THEN 'Idaho'
		WHEN 'IL' THEN 'Illinois'
		WHEN 'IN' THEN 'Indiana'
		WHEN 'IA' THEN 'Iowa'
		WHEN 'KS' THEN 'Kansas'
		WHEN 'KY' THEN 'Kentucky'
		WHEN 'LA' THEN 'Louisiana'
		WHEN 'ME' THEN 'Maine'
		WHEN 'MD' THEN 'Maryland'
		WHEN 'MA' THEN 'Massachusetts'
		WHEN 'MI' THEN 'Michigan'
		WHEN 'MN' THEN 'Minnesota'
		WHEN 'MS' THEN 'Mississippi'
		WHEN 'MO' THEN 'Missouri'
		WHEN 'MT' THEN 'Montana'
		WHEN 'NE' THEN 'Nebraska'
		WHEN 'NV' THEN 'Nevada'
		WHEN 'NH' THEN 'New Hampshire'
		WHEN 'NJ' THEN 'New Jersey'
		WHEN 'NM' THEN 'New Mexico'
		WHEN 'NY' THEN 'New York'
		WHEN 'NC' THEN 'North Carolina'
		WHEN 'ND' THEN 'North Dakota'
		WHEN 'OH' THEN 'Ohio'
		WHEN 'OK' THEN 'Oklahoma'
		WHEN 'OR' THEN 'Oregon'
		WHEN 'PA' THEN 'Pennsylvania'
		WHEN 'RI' THEN 'Rhode Island'
		WHEN 'SC' THEN 'South Carolina'
		WHEN 'SD' THEN 'South Dakota'
		WHEN 'TN' THEN 'Tennessee'
		WHEN 'TX' THEN 'Texas'
		WHEN 'UT' THEN 'Utah'
		WHEN 'VT' THEN 'Vermont'
		WHEN 'VA' THEN 'Virginia'
		WHEN 'WA' THEN 'Washington'
		WHEN 'WV' THEN 'West Virginia'
		WHEN 'WI' THEN 'Wisconsin'
		WHEN 'WY' THEN 'Wyoming'
		ELSE '' END), 'C')
	|| setweight(to_tsvector('simple', coalesce("state", '')), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "incentives_search_idx" ON "incentives" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "policy_updates" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english', "title"), 'A')
	|| setweight(to_tsvector('english', "summary"), 'B')
	|| setweight(to_tsvector('english', "level"), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "policy_updates_search_idx" ON "policy_updates" USING gin ("search_vector") WITH (fastupdate=false);
