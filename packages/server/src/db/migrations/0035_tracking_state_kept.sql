-- The instance that ingests for a partition of an organization keeps that partition's engine
-- state (things, tags, open events) in memory between its batches (tracking/store/kept-state.ts,
-- docs/decisions/0428-ingest-state-kept-by-its-writer.md). Two versions tell it whether what it
-- keeps is still what the database holds, read in the same snapshot as the batch's state:
--
-- - `tracking_state_versions`: one row per organization and ingest partition, bumped by the
--   ingest transaction that keeps its state (under the partition's lock), which remembers the
--   version it wrote. Another instance's batch of the partition bumps it too, so the first
--   instance's next batch sees a version it did not write and reads the state again.
-- - `organizations.tracking_state_version`: bumped by trigger at every other write of the state
--   (editors, import, erasure, retention, manual moves, the tracking jobs, EPCIS captures): every
--   kept state of the organization is read again. The keeping ingest transaction marks itself
--   with the transaction-local setting `sightline.kept_state` = 'on'; the triggers' WHEN clauses
--   skip its rows at the write, so it pays no trigger call.
--
-- Like migration 0017's, the triggers are constraint triggers deferred to COMMIT (the
-- organization row is locked for the commit alone), and the function bumps an organization once
-- per transaction (`sightline.state_bumped` remembers which it bumped last), so a bulk write of
-- thousands of rows costs one row update.
ALTER TABLE "organizations" ADD COLUMN "tracking_state_version" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
CREATE TABLE "tracking_state_versions" (
	"org_id" text NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
	"partition" integer NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "tracking_state_versions_pk" PRIMARY KEY ("org_id", "partition")
);--> statement-breakpoint
CREATE FUNCTION "tracking_state_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org text;
BEGIN
  FOREACH org IN ARRAY ARRAY[CASE WHEN TG_OP <> 'INSERT' THEN OLD.org_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.org_id END] LOOP
    IF org IS NOT NULL AND org IS DISTINCT FROM current_setting('sightline.state_bumped', true) THEN
      UPDATE organizations SET tracking_state_version = tracking_state_version + 1 WHERE id = org;
      PERFORM set_config('sightline.state_bumped', org, true);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
-- TRUNCATE (restores, tests) names no organization: every one changes.
CREATE FUNCTION "tracking_state_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organizations SET tracking_state_version = tracking_state_version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A new thing is reached only through its tags (thing_tags), so inserting one changes no kept state.
CREATE CONSTRAINT TRIGGER "things_tracking_state" AFTER UPDATE OR DELETE ON "things"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('sightline.kept_state', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "tracking_state_changed"();--> statement-breakpoint
CREATE TRIGGER "things_tracking_state_truncate" AFTER TRUNCATE ON "things"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracking_state_truncated"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "thing_tags_tracking_state" AFTER INSERT OR UPDATE OR DELETE ON "thing_tags"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('sightline.kept_state', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "tracking_state_changed"();--> statement-breakpoint
CREATE TRIGGER "thing_tags_tracking_state_truncate" AFTER TRUNCATE ON "thing_tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracking_state_truncated"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tag_state_tracking_state" AFTER INSERT OR UPDATE OR DELETE ON "tag_state"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('sightline.kept_state', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "tracking_state_changed"();--> statement-breakpoint
CREATE TRIGGER "tag_state_tracking_state_truncate" AFTER TRUNCATE ON "tag_state"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracking_state_truncated"();--> statement-breakpoint
-- Events: a kept open event changes only by an update of its row (an erasure, another writer's
-- merge). An inserted event is open only once tag_state names it; retention moves an open event
-- to another partition as it is, id and all. A deleted open event is found by the keeping ingest
-- itself (its merge updates no row, and the batch runs again on state read afresh), so the
-- purges' deletes of millions of rows and the loads of history queue no trigger call.
CREATE CONSTRAINT TRIGGER "events_tracking_state" AFTER UPDATE ON "events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('sightline.kept_state', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "tracking_state_changed"();--> statement-breakpoint
CREATE TRIGGER "events_tracking_state_truncate" AFTER TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracking_state_truncated"();
