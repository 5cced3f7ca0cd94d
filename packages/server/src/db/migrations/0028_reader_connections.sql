-- Readers Sightline connects to (docs/readers.md): an endpoint's connection settings (mode push |
-- llrp | impinj-stream, host, port, username, tls; push = the reader connects, as before) and its
-- password apart, never answered by the API. One row per connected endpoint holds the lease (the
-- instance that owns the connection until "lease_expires_at", renewed while it lives) and the
-- live state every instance shows.
ALTER TABLE "endpoints" ADD COLUMN "connection" jsonb DEFAULT '{"mode":"push"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "connection_password" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "reader_connections" (
	"endpoint_id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"lease_expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'connecting' NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	"reports_received" bigint DEFAULT 0 NOT NULL,
	"reconnects" integer DEFAULT 0 NOT NULL,
	"antennas" jsonb DEFAULT '{}'::jsonb NOT NULL
);
