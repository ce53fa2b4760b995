-- The built-in single cost band (2018 data, every size) gave way to four size bands (NREL ATB 2025).
-- The seed never deletes, and an all-sizes band beside the new ones would overlap them: the
-- calculator would then ignore every stored band, and figures cannot be retired. So it goes, with
-- any draft of it; its history stays in content_revisions.
DELETE FROM "solar_data" WHERE "key" = 'cost_band_all';
--> statement-breakpoint
DELETE FROM "content_drafts" WHERE "kind" = 'solar_data' AND "record_id" = 'cost_band_all';
