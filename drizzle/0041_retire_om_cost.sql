-- One O&M figure for every size gave way to REopt's O&M by size class (om_band_* rows). The seed
-- never deletes, and figures cannot be retired: the old row goes, with any draft of it; its
-- history stays in content_revisions.
DELETE FROM "solar_data" WHERE "key" = 'om_cost';
--> statement-breakpoint
DELETE FROM "content_drafts" WHERE "kind" = 'solar_data' AND "record_id" = 'om_cost';
