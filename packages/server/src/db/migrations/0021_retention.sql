-- Data retention (docs/decisions/0321-retention-policy.md): per organization, the days each data
-- class is kept, as JSON of the classes it sets (a class it has not set keeps its default, so a
-- new class needs no migration).
CREATE TABLE "retention_policies" (
	"org_id" text PRIMARY KEY NOT NULL,
	"policy" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Endpoints and organizations deleted but whose history is still being removed in bounded batches
-- by the purge job: hidden at once (their row is gone), their rows go in the background.
CREATE TABLE "retention_removals" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"org_id" text NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_removals_pk" PRIMARY KEY ("kind", "id")
);
--> statement-breakpoint
-- The raw sightings log partitioned by the sighting's time (docs/decisions/0323-partitioned-sightings.md):
-- one partition per UTC day, created ahead by the purge job (features/retention/partitions.ts) and
-- dropped whole once every organization's policy has passed it. The existing table becomes the
-- DEFAULT partition, the place for rows no day partition takes (late uploads older than the oldest
-- day, far-future clocks, and what was stored before); its rows are purged in batches by time.
-- Metadata only: the table and its primary-key index are adopted as they are.
ALTER TABLE "sightings" RENAME TO "sightings_default";--> statement-breakpoint
ALTER TABLE "sightings_default" RENAME CONSTRAINT "sightings_pkey" TO "sightings_default_pkey";--> statement-breakpoint
CREATE TABLE "sightings" (
	"endpoint_id" text NOT NULL,
	"tag" text NOT NULL,
	"antenna" integer DEFAULT 0 NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"direction" text DEFAULT 'NEAR' NOT NULL,
	"rssi" real,
	"data" jsonb,
	"alarm_tamper" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sightings_pkey" PRIMARY KEY ("endpoint_id", "tag", "antenna", "time")
) PARTITION BY RANGE ("time");--> statement-breakpoint
ALTER TABLE "sightings" ATTACH PARTITION "sightings_default" DEFAULT;
