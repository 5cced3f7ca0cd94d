-- Stays partitioned by the day of their end (docs/decisions/0355-events-and-stays-partition-keys.md):
-- a stay is written once, when it ends, and expires by its end, so its end is the partition key;
-- the purge job (features/retention/partitions.ts) makes the days ahead and drops whole days every
-- organization's policy has passed. The existing table becomes the DEFAULT partition, the place for
-- rows no day takes (stays stored before, late uploads older than the oldest day, far-future
-- clocks); its rows are purged in batches by their end, like any organization's.
-- The primary key must include the partition key: (id, time_end). The rollup's statement triggers
-- move to the partitioned parent (a partition may not carry triggers with transition tables).
DROP TRIGGER "zone_durations_rollup_insert" ON "zone_durations";--> statement-breakpoint
DROP TRIGGER "zone_durations_rollup_delete" ON "zone_durations";--> statement-breakpoint
DROP TRIGGER "zone_durations_rollup_update" ON "zone_durations";--> statement-breakpoint
DROP TRIGGER "zone_durations_rollup_truncate" ON "zone_durations";--> statement-breakpoint
ALTER TABLE "zone_durations" RENAME TO "zone_durations_default";--> statement-breakpoint
ALTER TABLE "zone_durations_default" RENAME CONSTRAINT "zone_durations_pkey" TO "zone_durations_default_id_key";--> statement-breakpoint
ALTER INDEX "zone_durations_site_end_idx" RENAME TO "zone_durations_default_site_end_idx";--> statement-breakpoint
ALTER INDEX "zone_durations_thing_end_idx" RENAME TO "zone_durations_default_thing_end_idx";--> statement-breakpoint
ALTER INDEX "zone_durations_site_start_idx" RENAME TO "zone_durations_default_site_start_idx";--> statement-breakpoint
ALTER INDEX "zone_durations_inverted_idx" RENAME TO "zone_durations_default_inverted_idx";--> statement-breakpoint
CREATE TABLE "zone_durations" (
	"id" bigint DEFAULT nextval('zone_durations_id_seq'::regclass) NOT NULL,
	"org_id" text NOT NULL,
	"site_id" text NOT NULL,
	"thing_id" text NOT NULL,
	"zone_id" text NOT NULL,
	"time_start" timestamp with time zone NOT NULL,
	"time_end" timestamp with time zone NOT NULL,
	"time_duration_ns" bigint NOT NULL,
	CONSTRAINT "zone_durations_pkey" PRIMARY KEY ("id", "time_end")
) PARTITION BY RANGE ("time_end");--> statement-breakpoint
ALTER SEQUENCE "zone_durations_id_seq" OWNED BY "zone_durations"."id";--> statement-breakpoint
-- The same definitions as the old table's: attaching it adopts its indexes without rebuilding them.
CREATE INDEX "zone_durations_site_end_idx" ON "zone_durations" USING btree ("site_id", "time_end" DESC NULLS LAST) INCLUDE ("org_id", "time_start", "zone_id", "thing_id");--> statement-breakpoint
CREATE INDEX "zone_durations_thing_end_idx" ON "zone_durations" USING btree ("thing_id", "time_end" DESC NULLS LAST) INCLUDE ("site_id", "zone_id", "time_start");--> statement-breakpoint
CREATE INDEX "zone_durations_site_start_idx" ON "zone_durations" USING btree ("site_id", "time_start") INCLUDE ("org_id", "zone_id", "time_end");--> statement-breakpoint
CREATE INDEX "zone_durations_inverted_idx" ON "zone_durations" USING btree ("site_id", "time_end") INCLUDE ("org_id", "zone_id", "time_start") WHERE "time_end" < "time_start";--> statement-breakpoint
-- The old key (id alone) gives way to the partitioned table's (id, time_end), built on attaching.
ALTER TABLE "zone_durations_default" DROP CONSTRAINT "zone_durations_default_id_key";--> statement-breakpoint
ALTER TABLE "zone_durations" ATTACH PARTITION "zone_durations_default" DEFAULT;--> statement-breakpoint
CREATE TRIGGER "zone_durations_rollup_insert" AFTER INSERT ON "zone_durations"
  REFERENCING NEW TABLE AS new_stays FOR EACH STATEMENT EXECUTE FUNCTION zone_durations_rollup();--> statement-breakpoint
CREATE TRIGGER "zone_durations_rollup_delete" AFTER DELETE ON "zone_durations"
  REFERENCING OLD TABLE AS old_stays FOR EACH STATEMENT EXECUTE FUNCTION zone_durations_rollup();--> statement-breakpoint
CREATE TRIGGER "zone_durations_rollup_update" AFTER UPDATE ON "zone_durations"
  REFERENCING OLD TABLE AS old_stays NEW TABLE AS new_stays FOR EACH STATEMENT EXECUTE FUNCTION zone_durations_rollup();--> statement-breakpoint
CREATE TRIGGER "zone_durations_rollup_truncate" AFTER TRUNCATE ON "zone_durations"
  FOR EACH STATEMENT EXECUTE FUNCTION zone_durations_rollup();
--> statement-breakpoint
-- Events partitioned by their id (docs/decisions/0355-events-and-stays-partition-keys.md): an
-- event's time moves while later sightings merge into it, but its id never does, and the engine
-- finds the event it merges into by id, so a key of id alone prunes every write to one partition.
-- Ids are drawn in day blocks: the ids of UTC day d are [d * 2^32, (d + 1) * 2^32), the range of
-- partition events_pYYYYMMDD; the purge job makes the days ahead and moves the sequence into each
-- new day's block. The existing table becomes the DEFAULT partition; its ids are all below the
-- first block, which a CHECK states, so making a day partition never reads it.
ALTER TABLE "events" RENAME TO "events_default";--> statement-breakpoint
ALTER TABLE "events_default" RENAME CONSTRAINT "events_pkey" TO "events_default_pkey";--> statement-breakpoint
ALTER INDEX "events_site_time_idx" RENAME TO "events_default_site_time_idx";--> statement-breakpoint
ALTER INDEX "events_thing_time_idx" RENAME TO "events_default_thing_time_idx";--> statement-breakpoint
ALTER INDEX "events_endpoint_time_idx" RENAME TO "events_default_endpoint_time_idx";--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint DEFAULT nextval('events_id_seq'::regclass) NOT NULL,
	"org_id" text NOT NULL,
	"site_id" text NOT NULL,
	"tag" text NOT NULL,
	"thing_id" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"first_time" timestamp with time zone NOT NULL,
	"repeat_count" integer DEFAULT 0 NOT NULL,
	"direction" text DEFAULT 'NEAR' NOT NULL,
	"endpoint_id" text,
	"antenna" integer DEFAULT 0 NOT NULL,
	"zone_id" text,
	"location_tag_id" text,
	"alarm_tamper" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"edits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rssi" real,
	CONSTRAINT "events_pkey" PRIMARY KEY ("id")
) PARTITION BY RANGE ("id");--> statement-breakpoint
ALTER SEQUENCE "events_id_seq" OWNED BY "events"."id";--> statement-breakpoint
CREATE INDEX "events_site_time_idx" ON "events" USING btree ("site_id","time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_thing_time_idx" ON "events" USING btree ("thing_id", "time" DESC NULLS LAST) INCLUDE ("site_id", "zone_id", "first_time");--> statement-breakpoint
CREATE INDEX "events_endpoint_time_idx" ON "events" USING btree ("endpoint_id","time" DESC NULLS LAST);--> statement-breakpoint
DO $$
DECLARE
  today bigint := floor(extract(epoch FROM now()) / 86400)::bigint;
BEGIN
  EXECUTE format('ALTER TABLE events_default ADD CONSTRAINT events_default_before_days CHECK (id < %s)', today << 32);
END $$;--> statement-breakpoint
ALTER TABLE "events" ATTACH PARTITION "events_default" DEFAULT;--> statement-breakpoint
-- Today's partition and the next three days', and the sequence moved into today's block: the
-- engine's next event has a partition before the purge job first runs.
DO $$
DECLARE
  today bigint := floor(extract(epoch FROM now()) / 86400)::bigint;
  d bigint;
BEGIN
  -- An integer FOR loop's variable is an integer (32 bits): the day is computed as a bigint.
  FOR i IN 0 .. 3 LOOP
    d := today + i;
    EXECUTE format('CREATE TABLE %I PARTITION OF events FOR VALUES FROM (%s) TO (%s)',
      'events_p' || to_char(to_timestamp(d * 86400) AT TIME ZONE 'UTC', 'YYYYMMDD'), d << 32, (d + 1) << 32);
  END LOOP;
  PERFORM setval('events_id_seq', today << 32, false);
END $$;
