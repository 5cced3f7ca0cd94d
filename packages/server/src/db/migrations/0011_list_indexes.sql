-- Indexes for the console's lists at scale (docs/benchmarks/history.md, Queries at scale).
-- The items list's category filter (categories @> ARRAY[..]) reads a GIN index instead of walking
-- the zone-entry index.
CREATE INDEX IF NOT EXISTS "things_categories_idx" ON "things" USING gin ("categories");--> statement-breakpoint
-- The map's things, in name order, one page after another; the INCLUDEd columns are the list's
-- other tests (organization, site or zone), so its capped count reads the index alone.
CREATE INDEX IF NOT EXISTS "things_map_name_idx" ON "things" USING btree ("map_id", lower("name"), "id") INCLUDE ("org_id", "site_id", "zone_id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- The tracking jobs' scans of live things by zone entry (tracking/jobs/load.ts, inventory's window).
CREATE INDEX IF NOT EXISTS "things_live_zone_time_idx" ON "things" USING btree ("last_zone_time") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- Home's zone overview counts live things per zone and class from the index alone (index-only
-- scan); it replaces the plain zone index, whose leading column it keeps, so writes maintain no
-- more indexes than before.
DROP INDEX IF EXISTS "things_zone_idx";--> statement-breakpoint
CREATE INDEX "things_zone_idx" ON "things" USING btree ("zone_id", "class") INCLUDE ("org_id", "deleted_at");--> statement-breakpoint
-- Open exceptions of a site, newest first (Home's card, the Exceptions list's "open" filter).
CREATE INDEX IF NOT EXISTS "exceptions_site_open_time_idx" ON "exceptions" USING btree ("site_id", "time" DESC NULLS LAST) WHERE "resolved_at" IS NULL;--> statement-breakpoint
-- The text `search2` matches (substring or fuzzy): every searchable field of a thing in one
-- string, so one trigram index serves both the ILIKE and the word-similarity test (<%).
-- array_to_string is only STABLE in general (element output functions), immutable for text[].
CREATE OR REPLACE FUNCTION "thing_search_text"("name" text, "serial" text, "description" text, "tags" text[], "tag1" text, "tag2" text, "labels" text[])
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT $1 || ' ' || $2 || ' ' || array_to_string($4, ' ') || ' ' || coalesce($5, '') || ' ' || coalesce($6, '') || ' ' || $3 || ' ' || array_to_string($7, ' ') $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "things_search_trgm_idx" ON "things" USING gin ("thing_search_text"("name", "serial", "description", "tags", "tag1", "tag2", "labels") gin_trgm_ops);
