-- Indexes for the reports (docs/benchmarks/history.md, Reports). Activity reads a month of
-- events and stays batch by batch of things, Zones History counts and sums a month of stays by
-- site: each becomes an index-only scan with the columns it reads INCLUDEd. The replaced indexes
-- keep their leading columns, so every query that used them still can (a thing's events and
-- stays by time, a site's stays by exit).
DROP INDEX IF EXISTS "events_thing_time_idx";--> statement-breakpoint
CREATE INDEX "events_thing_time_idx" ON "events" USING btree ("thing_id", "time" DESC NULLS LAST) INCLUDE ("site_id", "zone_id", "first_time");--> statement-breakpoint
DROP INDEX IF EXISTS "zone_durations_thing_start_idx";--> statement-breakpoint
CREATE INDEX "zone_durations_thing_end_idx" ON "zone_durations" USING btree ("thing_id", "time_end" DESC NULLS LAST) INCLUDE ("site_id", "zone_id", "time_start");--> statement-breakpoint
DROP INDEX IF EXISTS "zone_durations_site_end_idx";--> statement-breakpoint
CREATE INDEX "zone_durations_site_end_idx" ON "zone_durations" USING btree ("site_id", "time_end" DESC NULLS LAST) INCLUDE ("org_id", "time_start", "zone_id", "thing_id");--> statement-breakpoint
CREATE INDEX "things_org_name_idx" ON "things" USING btree ("org_id", lower("name"), "id");
