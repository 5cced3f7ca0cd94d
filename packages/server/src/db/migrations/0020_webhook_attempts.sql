-- Every HTTP attempt of a webhook delivery, as sent and as answered (bounded by the writer: the
-- body sent to 16 KB, at most 50 answer headers of 500 characters, the answer's first 500 bytes).
CREATE TABLE "webhook_delivery_attempts" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "delivery_id" bigint NOT NULL,
  "webhook_id" text NOT NULL,
  "attempt" integer NOT NULL,
  "time" timestamp with time zone DEFAULT now() NOT NULL,
  "ok" boolean NOT NULL,
  "error" text,
  "latency_ms" integer NOT NULL,
  "request_headers" jsonb NOT NULL,
  "request_body" text NOT NULL,
  "response_status" integer,
  "response_headers" jsonb,
  "response_excerpt" text
);--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_delivery_idx" ON "webhook_delivery_attempts" ("delivery_id", "id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_hook_idx" ON "webhook_delivery_attempts" ("webhook_id");--> statement-breakpoint
-- A redelivery sends the message id (webhook-id) of the delivery it repeats; null: the row's own id.
ALTER TABLE "webhook_deliveries" ADD COLUMN "message_id" text;--> statement-breakpoint
-- Standard Webhooks keys with the base64 bytes after `whsec_`. Secrets were base64url without
-- padding: each is rewritten as the standard base64 of the same bytes (same key), and the string
-- its receiver holds is kept in "legacy_secret" to sign the deprecated x-sightline-signature.
ALTER TABLE "webhooks" ADD COLUMN "legacy_secret" text;--> statement-breakpoint
UPDATE "webhooks" SET
  "legacy_secret" = "secret",
  "secret" = 'whsec_' || translate(substr("secret", 7), '-_', '+/')
    || repeat('=', (4 - length(substr("secret", 7)) % 4) % 4)
WHERE "secret" LIKE 'whsec\_%' AND (substr("secret", 7) ~ '[-_]' OR length(substr("secret", 7)) % 4 <> 0);
