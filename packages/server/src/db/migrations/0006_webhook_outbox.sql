ALTER TABLE "webhooks" ADD COLUMN "drain_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "event" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "failed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_head_idx" ON "webhook_deliveries" USING btree ("webhook_id","id") WHERE NOT "done";
