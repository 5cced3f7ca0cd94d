-- The things lists at scale (docs/benchmarks/history.md, Queries at scale).
-- The items/workers list in its default order (most recent zone entry first, then id): the index
-- holds the whole order (no sort step), and the columns the list tests (site, zone; live rows
-- only), so the list's capped count is an index-only scan of its first 10,001 entries instead of
-- a walk of the table. It replaces the index of the same name (same leading columns).
DROP INDEX IF EXISTS "things_org_class_zone_time_idx";--> statement-breakpoint
CREATE INDEX "things_org_class_zone_time_idx" ON "things" USING btree ("org_id", "class", "last_zone_time" DESC NULLS LAST, "id" DESC) INCLUDE ("site_id", "zone_id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- The map's things by name (the map view's order: name, then the default order): the whole
-- order, so a page is read straight from the index with no sort step, and its capped count is an
-- index-only scan. Only things on a map: the previous index held every thing (151 MB at a
-- million things, nearly all with no map; 2 MB now).
DROP INDEX IF EXISTS "things_map_name_idx";--> statement-breakpoint
CREATE INDEX "things_map_name_idx" ON "things" USING btree ("map_id", lower("name"), "last_zone_time" DESC NULLS LAST, "id" DESC) INCLUDE ("org_id", "site_id", "zone_id") WHERE "deleted_at" IS NULL AND "map_id" IS NOT NULL;
