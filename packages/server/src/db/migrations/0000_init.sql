CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "access_rules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"role_id" text NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"site" text DEFAULT '*' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"sites" text[] DEFAULT '{}'::text[] NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "endpoint_status" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"uptime" double precision,
	"reader_temp" double precision
);
--> statement-breakpoint
CREATE TABLE "endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"site_id" text NOT NULL,
	"name" text NOT NULL,
	"map_id" text,
	"uuid" text NOT NULL,
	"key" text NOT NULL,
	"external_gate" boolean DEFAULT false NOT NULL,
	"x" double precision DEFAULT 0 NOT NULL,
	"y" double precision DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"auto_enroll" boolean DEFAULT false NOT NULL,
	"auto_enroll_locations" boolean DEFAULT false NOT NULL,
	"antennas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"location_tag_id" text,
	"last_heartbeat" timestamp with time zone,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "endpoints_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
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
	"edits" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exceptions" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"site_id" text NOT NULL,
	"type" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"thing_id" text,
	"zone_id" text,
	"multiple_things" text[] DEFAULT '{}'::text[] NOT NULL,
	"time_duration_ns" bigint,
	"stay_start" timestamp with time zone,
	"expected_zone_id" text,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"site_id" text,
	"timestamp" timestamp with time zone NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"uploader" text,
	"longitude" double precision DEFAULT 0 NOT NULL,
	"latitude" double precision DEFAULT 0 NOT NULL,
	"annotation" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"file_name" text NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL,
	"size_x" integer DEFAULT 0 NOT NULL,
	"size_y" integer DEFAULT 0 NOT NULL,
	"format" text DEFAULT '' NOT NULL,
	"orientation" integer DEFAULT 1 NOT NULL,
	"device" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_tags" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"site_id" text NOT NULL,
	"name" text NOT NULL,
	"tag" text NOT NULL,
	"zone_id" text,
	"map_id" text,
	"x" double precision DEFAULT 0 NOT NULL,
	"y" double precision DEFAULT 0 NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maps" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"site_id" text NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"image_type" text DEFAULT '' NOT NULL,
	"top_left_x" double precision DEFAULT 0 NOT NULL,
	"top_left_y" double precision DEFAULT 0 NOT NULL,
	"bot_right_x" double precision DEFAULT 100 NOT NULL,
	"bot_right_y" double precision DEFAULT 100 NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subdomain" text NOT NULL,
	"okta_enabled" boolean DEFAULT false NOT NULL,
	"entra_enabled" boolean DEFAULT false NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_subdomain_unique" UNIQUE("subdomain")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"site_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"format" text NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"zones" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"headings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sightings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" text NOT NULL,
	"tag" text NOT NULL,
	"antenna" integer DEFAULT 0 NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"direction" text DEFAULT 'NEAR' NOT NULL,
	"rssi" real,
	"data" jsonb,
	"alarm_tamper" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" timestamp with time zone,
	"address_line1" text DEFAULT '' NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"report_daily_time" text DEFAULT '' NOT NULL,
	"report_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_settings" (
	"org_id" text PRIMARY KEY NOT NULL,
	"okta_issuer" text DEFAULT '' NOT NULL,
	"okta_client_id" text DEFAULT '' NOT NULL,
	"okta_client_secret" text DEFAULT '' NOT NULL,
	"entra_tenant" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_state" (
	"org_id" text NOT NULL,
	"tag" text NOT NULL,
	"event_id" bigint NOT NULL,
	"endpoint_id" text NOT NULL,
	"antenna" integer NOT NULL,
	"direction" text NOT NULL,
	"zone_id" text,
	"last_time" timestamp with time zone NOT NULL,
	CONSTRAINT "tag_state_org_id_tag_pk" PRIMARY KEY("org_id","tag")
);
--> statement-breakpoint
CREATE TABLE "thing_tags" (
	"org_id" text NOT NULL,
	"tag" text NOT NULL,
	"thing_id" text NOT NULL,
	CONSTRAINT "thing_tags_org_id_tag_pk" PRIMARY KEY("org_id","tag")
);
--> statement-breakpoint
CREATE TABLE "things" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"site_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"serial" text DEFAULT '' NOT NULL,
	"class" text DEFAULT 'item' NOT NULL,
	"tag1" text,
	"tag2" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"parents" text[] DEFAULT '{}'::text[] NOT NULL,
	"photo" text[] DEFAULT '{}'::text[] NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"zone_id" text,
	"last_zone_time" timestamp with time zone,
	"last_event" timestamp with time zone,
	"last_endpoint_time" timestamp with time zone,
	"endpoint_id" text,
	"direction" text,
	"location_tag_id" text,
	"map_id" text,
	"x" double precision,
	"y" double precision,
	"alarm_tamper" boolean DEFAULT false NOT NULL,
	"alarm_tamper_tag" text,
	"alarm_tamper_time" timestamp with time zone,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"sites" text[] DEFAULT '{}'::text[] NOT NULL,
	"companies" text[] DEFAULT '{}'::text[] NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer,
	"latency_ms" integer,
	"response_excerpt" text,
	"done" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"event" text DEFAULT 'seen' NOT NULL,
	"format" text DEFAULT 'json' NOT NULL,
	"target_url" text NOT NULL,
	"request_headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"secret" text NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zone_durations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"site_id" text NOT NULL,
	"thing_id" text NOT NULL,
	"zone_id" text NOT NULL,
	"time_start" timestamp with time zone NOT NULL,
	"time_end" timestamp with time zone NOT NULL,
	"time_duration_ns" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"site_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_ns" bigint DEFAULT 0 NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"kill_duration" double precision DEFAULT 0 NOT NULL,
	"immediate_kill" boolean DEFAULT false NOT NULL,
	"kill_mode" text DEFAULT 'clearZone' NOT NULL,
	"gates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "access_rules_role_idx" ON "access_rules" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "api_keys_org_idx" ON "api_keys" USING btree ("org_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_org_name_uq" ON "categories" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "endpoint_status_endpoint_time_idx" ON "endpoint_status" USING btree ("endpoint_id","time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "endpoints_site_idx" ON "endpoints" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "events_site_time_idx" ON "events" USING btree ("site_id","time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_thing_time_idx" ON "events" USING btree ("thing_id","time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_endpoint_time_idx" ON "events" USING btree ("endpoint_id","time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exceptions_site_time_idx" ON "exceptions" USING btree ("site_id","time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exceptions_thing_idx" ON "exceptions" USING btree ("thing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exceptions_stay_uq" ON "exceptions" USING btree ("type","thing_id","zone_id","stay_start");--> statement-breakpoint
CREATE INDEX "images_org_timestamp_idx" ON "images" USING btree ("org_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "images_tags_idx" ON "images" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "images_categories_idx" ON "images" USING gin ("categories");--> statement-breakpoint
CREATE UNIQUE INDEX "location_tags_org_tag_uq" ON "location_tags" USING btree ("org_id","tag");--> statement-breakpoint
CREATE INDEX "location_tags_site_idx" ON "location_tags" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "login_failures_username_idx" ON "login_failures" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "maps_site_idx" ON "maps" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "report_configs_site_idx" ON "report_configs" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sightings_dedupe_uq" ON "sightings" USING btree ("endpoint_id","tag","antenna","time");--> statement-breakpoint
CREATE INDEX "sightings_received_idx" ON "sightings" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "sites_org_name_idx" ON "sites" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "thing_tags_thing_idx" ON "thing_tags" USING btree ("thing_id");--> statement-breakpoint
CREATE INDEX "things_org_class_zone_time_idx" ON "things" USING btree ("org_id","class","last_zone_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "things_site_idx" ON "things" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "things_zone_idx" ON "things" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "things_parents_idx" ON "things" USING gin ("parents");--> statement-breakpoint
CREATE INDEX "things_name_trgm_idx" ON "things" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_org_idx" ON "users" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("done","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_hook_idx" ON "webhook_deliveries" USING btree ("webhook_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhooks_org_event_idx" ON "webhooks" USING btree ("org_id","event");--> statement-breakpoint
CREATE INDEX "zone_durations_site_end_idx" ON "zone_durations" USING btree ("site_id","time_end" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "zone_durations_thing_start_idx" ON "zone_durations" USING btree ("thing_id","time_start" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "zones_site_idx" ON "zones" USING btree ("site_id","name");