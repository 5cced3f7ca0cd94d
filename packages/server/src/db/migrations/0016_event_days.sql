-- The Activity report's events rollup (docs/decisions/0038-events-rollup.md): per site, thing and
-- site-local day, the first time, last time and count of the day's events that can no longer
-- change, filled by the job `reports.eventDays` (features/reports/event-days.ts), never by a
-- trigger (events are written on the ingest path; a trigger would cost every batch).
--   event_days          the rolled-up days: min(first_time), max(time), count(*) of their events.
--   event_days_pending  events with an id at or below the watermark that were their tag's open
--                       event (tag_state) when folded: they may still be merged into, so they are
--                       read live until the job finds them closed and folds them.
--   event_days_state    per organization: every event with an id at or below `event_id` is in
--                       event_days or event_days_pending; `time_zones` are the sites' timezones
--                       the days were computed in (a site whose timezone differs is read live).
CREATE TABLE "event_days" (
	"org_id" text NOT NULL,
	"site_id" text NOT NULL,
	"thing_id" text NOT NULL,
	"day" date NOT NULL,
	"first_time" timestamp with time zone NOT NULL,
	"last_time" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "event_days_pk" PRIMARY KEY ("site_id", "thing_id", "day")
);--> statement-breakpoint
CREATE INDEX "event_days_org_idx" ON "event_days" ("org_id");--> statement-breakpoint
CREATE TABLE "event_days_pending" (
	"org_id" text NOT NULL,
	"event_id" bigint NOT NULL,
	"tag" text NOT NULL,
	"site_id" text NOT NULL,
	"thing_id" text NOT NULL,
	CONSTRAINT "event_days_pending_pk" PRIMARY KEY ("org_id", "event_id")
);--> statement-breakpoint
CREATE INDEX "event_days_pending_thing_idx" ON "event_days_pending" ("site_id", "thing_id");--> statement-breakpoint
CREATE TABLE "event_days_state" (
	"org_id" text PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"time_zones" jsonb NOT NULL
);
