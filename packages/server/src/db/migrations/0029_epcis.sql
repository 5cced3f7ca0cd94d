-- EPCIS 2.0 (docs/epcis.md). Endpoints, zones and sites may carry the identifier EPCIS documents
-- know them by (an SGLN URI or any URI); '' means Sightline derives one from the record's id.
ALTER TABLE "endpoints" ADD COLUMN "epcis_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "epcis_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "epcis_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- One capture request: its state (running, success, failed) and, when it failed, what was wrong.
CREATE TABLE "epcis_captures" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_finished" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "epcis_captures_org_idx" ON "epcis_captures" ("org_id", "time_created");--> statement-breakpoint
-- Captured events that are not sightings (other event types, actions, read points), kept as
-- received and answered by the query; the columns are what the query filters on.
CREATE TABLE "epcis_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"capture_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"action" text,
	"biz_step" text,
	"read_point" text,
	"biz_location" text,
	"epcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"record_time" timestamp with time zone DEFAULT now() NOT NULL,
	"body" jsonb NOT NULL
);--> statement-breakpoint
CREATE INDEX "epcis_events_org_time_idx" ON "epcis_events" ("org_id", "event_time", "id");--> statement-breakpoint
CREATE INDEX "epcis_events_org_event_id_idx" ON "epcis_events" ("org_id", "event_id");
--> statement-breakpoint
-- The eventIDs (CBV event hashes) of Sightline's events as the query answered them: a hash cannot
-- be turned back into its event, so `GET /api/epcis/events/{eventID}` looks it up here.
CREATE TABLE "epcis_event_ids" (
	"org_id" text NOT NULL,
	"event_id" text NOT NULL,
	"source_id" bigint NOT NULL,
	CONSTRAINT "epcis_event_ids_pk" PRIMARY KEY ("org_id", "event_id")
);
