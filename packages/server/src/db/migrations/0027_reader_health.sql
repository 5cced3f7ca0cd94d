-- Reader health in endpoint status records: what reported the record (a heartbeat or another
-- management event: antenna, gpi, warning, error, inventory, overflow) and its text, the reader's
-- CPU use (%), its antenna states as known after the record ([{ "antenna": 1, "state": "connected" }]),
-- and the messages it dropped and holds in its buffer. Existing rows are heartbeats without them.
ALTER TABLE "endpoint_status" ADD COLUMN "kind" text DEFAULT 'heartbeat' NOT NULL;--> statement-breakpoint
ALTER TABLE "endpoint_status" ADD COLUMN "message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "endpoint_status" ADD COLUMN "cpu" double precision;--> statement-breakpoint
ALTER TABLE "endpoint_status" ADD COLUMN "antennas" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "endpoint_status" ADD COLUMN "dropped" double precision;--> statement-breakpoint
ALTER TABLE "endpoint_status" ADD COLUMN "buffered" double precision;--> statement-breakpoint
-- The peak RSSI (dBm) of an event's last sighting (null: the reader sent none, or the event is older).
ALTER TABLE "events" ADD COLUMN "rssi" real;
