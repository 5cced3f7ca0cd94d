-- Alerts people act on: an exception's lifecycle (open → acknowledged → resolved, by whom, when,
-- with a note), its escalation and reminders, and the exceptions about an endpoint or one of its
-- antennas. Existing resolved exceptions become 'resolved'.
ALTER TABLE "exceptions" ADD COLUMN "state" text DEFAULT 'open' NOT NULL;
--> statement-breakpoint
ALTER TABLE "exceptions" ADD COLUMN "acknowledged_by" text;
--> statement-breakpoint
ALTER TABLE "exceptions" ADD COLUMN "acknowledged_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "exceptions" ADD COLUMN "resolved_by" text;
--> statement-breakpoint
ALTER TABLE "exceptions" ADD COLUMN "note" text;
--> statement-breakpoint
ALTER TABLE "exceptions" ADD COLUMN "endpoint_id" text;
--> statement-breakpoint
ALTER TABLE "exceptions" ADD COLUMN "antenna" integer;
--> statement-breakpoint
ALTER TABLE "exceptions" ADD COLUMN "escalated_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "exceptions" ADD COLUMN "reminders" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "exceptions" ADD COLUMN "reminded_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "exceptions" SET "state" = 'resolved', "resolved_by" = 'system' WHERE "resolved_at" IS NOT NULL;
--> statement-breakpoint
-- The Alerts screen and the escalation job read the exceptions not yet resolved.
CREATE INDEX "exceptions_org_active_idx" ON "exceptions" ("org_id", "time" DESC) WHERE "state" <> 'resolved';
--> statement-breakpoint
-- One unresolved exception per endpoint (endpointOffline) or antenna (antennaDisconnected).
CREATE UNIQUE INDEX "exceptions_endpoint_active_uq" ON "exceptions" ("org_id", "type", "endpoint_id", (coalesce("antenna", -1)))
  WHERE "endpoint_id" IS NOT NULL AND "state" <> 'resolved';
--> statement-breakpoint
-- A zone's entry delay: a move into it counts once the thing was seen there that long.
ALTER TABLE "zones" ADD COLUMN "entry_delay_ns" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A move waiting out its zone's entry delay: the zone and the first sighting there.
ALTER TABLE "things" ADD COLUMN "pending_zone_id" text;
--> statement-breakpoint
ALTER TABLE "things" ADD COLUMN "pending_zone_since" timestamp with time zone;
--> statement-breakpoint
-- A site's escalation of unacknowledged exceptions ({} = off).
ALTER TABLE "sites" ADD COLUMN "alert_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;
