-- The Zones History chart's rollup (docs/decisions/0037-zones-history-rollup.md): per organization, site,
-- zone and 15-minute UTC quarter (every present-day timezone offset is a multiple of 15 minutes,
-- so any site-local day is whole quarters), what the closed stays of zone_durations amount to:
--   us       microseconds of stays inside the quarter (each stay clipped to it),
--   starts   stays that begin in the quarter,
--   crossing stays in progress at the quarter's start (begun before it, ending after it),
--   zero     zero-length stays exactly at the quarter's start.
-- From these and the stays with an end inside the two edge quarters of a period, the chart's time
-- and stay count per zone are exactly those of the raw query (features/reports/repository.ts).
-- Kept by statement-level triggers on every change of zone_durations (it is insert-only in
-- practice; deletes, updates and truncation are handled too, so the rollup can never drift).
-- Stays whose exit precedes their entry are not rolled up: the chart reads them live.
-- fillfactor 70: the triggers only update counters, never the key, so updates stay HOT (no index
-- entry per update) while pages have room.
CREATE TABLE "zone_time_quarters" (
	"org_id" text NOT NULL,
	"site_id" text NOT NULL,
	"quarter" timestamp with time zone NOT NULL,
	"zone_id" text NOT NULL,
	"us" bigint DEFAULT 0 NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	"crossing" integer DEFAULT 0 NOT NULL,
	"zero" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "zone_time_quarters_pk" PRIMARY KEY ("site_id", "quarter", "zone_id", "org_id")
) WITH (fillfactor = 70);--> statement-breakpoint
-- The quarter of a time: floor to 15 minutes of the Unix epoch (exact, also before 1970).
CREATE OR REPLACE FUNCTION "zone_time_quarter"("t" timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT 'epoch'::timestamptz + floor(extract(epoch FROM $1) / 900) * interval '900 seconds' $$;--> statement-breakpoint
-- A stay [s, e] split into its quarters: the quarter of its entry, then every quarter that begins
-- before its exit. A single SELECT, so PostgreSQL inlines it into the statements below.
CREATE OR REPLACE FUNCTION "zone_time_split"("s" timestamptz, "e" timestamptz)
  RETURNS TABLE ("quarter" timestamptz, "us" bigint, "starts" integer, "crossing" integer, "zero" integer)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT b, (extract(epoch FROM least($2, b + interval '15 minutes') - greatest($1, b)) * 1000000)::bigint,
      ($1 >= b)::int, ($1 < b AND $2 > b)::int, ($1 = b AND $2 = b)::int
    FROM generate_series(zone_time_quarter($1), $2, interval '15 minutes') AS g(b)
    WHERE $2 >= $1 AND (b < $2 OR b = zone_time_quarter($1))
  $$;--> statement-breakpoint
-- Statement-level: one aggregated upsert per statement, rows in key order (concurrent writers lock
-- them in the same order). Static statements, so PL/pgSQL plans each once per connection.
CREATE OR REPLACE FUNCTION "zone_durations_rollup"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      DELETE FROM zone_time_quarters;
      RETURN NULL;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO zone_time_quarters AS q (org_id, site_id, quarter, zone_id, us, starts, crossing, zero)
      SELECT x.org_id, x.site_id, p.quarter, x.zone_id, -sum(p.us), -sum(p.starts), -sum(p.crossing), -sum(p.zero)
      FROM old_stays x CROSS JOIN LATERAL zone_time_split(x.time_start, x.time_end) p
      GROUP BY x.site_id, p.quarter, x.zone_id, x.org_id
      ORDER BY x.site_id, p.quarter, x.zone_id, x.org_id
      ON CONFLICT (site_id, quarter, zone_id, org_id) DO UPDATE SET
        us = q.us + excluded.us, starts = q.starts + excluded.starts,
        crossing = q.crossing + excluded.crossing, zero = q.zero + excluded.zero;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO zone_time_quarters AS q (org_id, site_id, quarter, zone_id, us, starts, crossing, zero)
      SELECT x.org_id, x.site_id, p.quarter, x.zone_id, sum(p.us), sum(p.starts), sum(p.crossing), sum(p.zero)
      FROM new_stays x CROSS JOIN LATERAL zone_time_split(x.time_start, x.time_end) p
      GROUP BY x.site_id, p.quarter, x.zone_id, x.org_id
      ORDER BY x.site_id, p.quarter, x.zone_id, x.org_id
      ON CONFLICT (site_id, quarter, zone_id, org_id) DO UPDATE SET
        us = q.us + excluded.us, starts = q.starts + excluded.starts,
        crossing = q.crossing + excluded.crossing, zero = q.zero + excluded.zero;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "zone_durations_rollup_insert" AFTER INSERT ON "zone_durations"
  REFERENCING NEW TABLE AS new_stays FOR EACH STATEMENT EXECUTE FUNCTION zone_durations_rollup();--> statement-breakpoint
CREATE TRIGGER "zone_durations_rollup_delete" AFTER DELETE ON "zone_durations"
  REFERENCING OLD TABLE AS old_stays FOR EACH STATEMENT EXECUTE FUNCTION zone_durations_rollup();--> statement-breakpoint
CREATE TRIGGER "zone_durations_rollup_update" AFTER UPDATE ON "zone_durations"
  REFERENCING OLD TABLE AS old_stays NEW TABLE AS new_stays FOR EACH STATEMENT EXECUTE FUNCTION zone_durations_rollup();--> statement-breakpoint
CREATE TRIGGER "zone_durations_rollup_truncate" AFTER TRUNCATE ON "zone_durations"
  FOR EACH STATEMENT EXECUTE FUNCTION zone_durations_rollup();--> statement-breakpoint
-- The chart's edge quarters read the stays that begin inside them (the exits have
-- zone_durations_site_end_idx), and the rare stays whose exit precedes their entry.
CREATE INDEX IF NOT EXISTS "zone_durations_site_start_idx" ON "zone_durations" USING btree ("site_id", "time_start") INCLUDE ("org_id", "zone_id", "time_end");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "zone_durations_inverted_idx" ON "zone_durations" USING btree ("site_id", "time_end") INCLUDE ("org_id", "zone_id", "time_start") WHERE "time_end" < "time_start";--> statement-breakpoint
-- Backfill: every stay written so far.
INSERT INTO zone_time_quarters (org_id, site_id, quarter, zone_id, us, starts, crossing, zero)
SELECT x.org_id, x.site_id, p.quarter, x.zone_id, sum(p.us), sum(p.starts), sum(p.crossing), sum(p.zero)
FROM zone_durations x CROSS JOIN LATERAL zone_time_split(x.time_start, x.time_end) p
GROUP BY x.site_id, p.quarter, x.zone_id, x.org_id;--> statement-breakpoint
-- Statistics now: without them the chart's first plans sorted the month's 57,600 quarters by zone
-- (250 ms) instead of hashing them (measured).
ANALYZE "zone_time_quarters";
