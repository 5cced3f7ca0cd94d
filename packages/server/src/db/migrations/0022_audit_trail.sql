-- The audit trail: one row per change, sign-in, read of a worker's whereabouts or erasure, chained
-- per organization: "hash" is sha256 over the row's content (with "changes_digest", the sha256 of
-- its canonical "changes") and the previous row's "hash". No foreign key: rows outlive what they name.
CREATE TABLE "audit_rows" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "org_id" text NOT NULL,
  "time" timestamp with time zone NOT NULL,
  "actor_type" text NOT NULL,
  "actor_id" text,
  "actor_name" text NOT NULL,
  "ip" text,
  "user_agent" text,
  "action" text NOT NULL,
  "resource" text NOT NULL,
  "resource_id" text,
  "site_id" text,
  "changes" jsonb,
  "changes_digest" text NOT NULL,
  -- Set when an erasure took personal data out of "changes" (its digest still covers the original).
  "erased" boolean DEFAULT false NOT NULL,
  "prev_hash" text NOT NULL,
  "hash" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "audit_rows_org_idx" ON "audit_rows" ("org_id", "id");--> statement-breakpoint
CREATE INDEX "audit_rows_org_time_idx" ON "audit_rows" ("org_id", "time");--> statement-breakpoint
CREATE INDEX "audit_rows_resource_idx" ON "audit_rows" ("org_id", "resource_id");--> statement-breakpoint
-- Rows are never changed or deleted, but by the two paths that say so in their own transaction
-- (set_config('sightline.audit_maintenance', 'purge' | 'erase', true)): the retention purge, which
-- cuts the chain's start and records the cut, and an erasure, which takes a person's data out of
-- "changes" while the digest keeps the chain whole.
CREATE FUNCTION "audit_rows_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('sightline.audit_maintenance', true) = 'purge' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('sightline.audit_maintenance', true) = 'erase'
     AND NEW."hash" = OLD."hash" AND NEW."prev_hash" = OLD."prev_hash"
     AND NEW."changes_digest" = OLD."changes_digest" AND NEW."erased" THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit rows cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_rows_guard" BEFORE UPDATE OR DELETE ON "audit_rows"
  FOR EACH ROW EXECUTE FUNCTION "audit_rows_guard"();--> statement-breakpoint
CREATE TRIGGER "audit_rows_no_truncate" BEFORE TRUNCATE ON "audit_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_rows_guard"();
