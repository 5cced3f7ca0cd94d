ALTER TABLE "images" ADD COLUMN IF NOT EXISTS "sha256" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN IF NOT EXISTS "make" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN IF NOT EXISTS "model" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "images_site_timestamp_idx" ON "images" USING btree ("org_id","site_id","timestamp" DESC NULLS LAST,"id" DESC);
