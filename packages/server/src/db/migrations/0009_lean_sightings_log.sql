-- A leaner raw sightings log (docs/decisions/0022-raw-sightings-log.md): the dedupe key (endpoint, tag,
-- antenna, time) becomes the primary key and the only index. The bigserial id (its sequence and
-- index) and the received_at index served no query; every row of the log paid for both.
-- Metadata-only on a large table: DROP COLUMN marks the column dropped, USING INDEX adopts the
-- existing unique index (its columns are NOT NULL) without rebuilding it.
DROP INDEX IF EXISTS "sightings_received_idx";--> statement-breakpoint
ALTER TABLE "sightings" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "sightings" ADD CONSTRAINT "sightings_pkey" PRIMARY KEY USING INDEX "sightings_dedupe_uq";
