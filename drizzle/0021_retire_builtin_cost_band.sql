-- The built-in single cost band (2018 data, every size) gave way to four size bands (NREL ATB 2025).
-- The seed never deletes, and the old band beside the new ones would overlap them: the calculator
-- would then ignore every stored band. Removed only while it still holds the built-in figure and no
-- draft; a band staff changed stays for them to retire. Its history stays in content_revisions.
DELETE FROM "solar_data"
WHERE "key" = 'cost_band_all'
  AND "value" = 3
  AND "min_kw" = 0
  AND "max_kw" IS NULL
  AND "retired_at" IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM "content_drafts" WHERE "kind" = 'solar_data' AND "record_id" = 'cost_band_all'
  );
