-- The tracking store keeps each organization's configuration (zones, endpoints, maps, location
-- tags) in memory per instance and reloads it only when this version changed
-- (docs/decisions/0025-tracking-configuration-kept.md). Every write of a configuration row bumps it
-- in the writer's own transaction, by trigger, so no writer (editor, import, factory, another
-- instance) can forget to: a batch reads the version in the same statement as the things' state,
-- and a version equal to the cached one means the configuration visible to that snapshot is the
-- cached one.
--
-- The triggers are constraint triggers deferred to COMMIT: the organization row is locked only
-- for the commit itself, after every other lock the transaction takes, so an editor and an
-- ingest batch cannot deadlock on it. Their WHEN clauses run at the write: an endpoint's
-- heartbeat and current location (written by every batch; the batch reads them fresh) and the
-- columns the engine does not read bump nothing.
ALTER TABLE "organizations" ADD COLUMN "tracking_config_version" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
CREATE FUNCTION "tracking_config_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE organizations SET tracking_config_version = tracking_config_version + 1 WHERE id = OLD.org_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.org_id IS DISTINCT FROM OLD.org_id) THEN
    UPDATE organizations SET tracking_config_version = tracking_config_version + 1 WHERE id = NEW.org_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- TRUNCATE (restores, tests) names no organization: every one changes.
CREATE FUNCTION "tracking_config_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organizations SET tracking_config_version = tracking_config_version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "zones_tracking_config_write" AFTER INSERT OR DELETE ON "zones"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "tracking_config_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "zones_tracking_config_update" AFTER UPDATE ON "zones"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "tracking_config_changed"();--> statement-breakpoint
CREATE TRIGGER "zones_tracking_config_truncate" AFTER TRUNCATE ON "zones"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracking_config_truncated"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "maps_tracking_config_write" AFTER INSERT OR DELETE ON "maps"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "tracking_config_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "maps_tracking_config_update" AFTER UPDATE ON "maps"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "tracking_config_changed"();--> statement-breakpoint
CREATE TRIGGER "maps_tracking_config_truncate" AFTER TRUNCATE ON "maps"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracking_config_truncated"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "location_tags_tracking_config_write" AFTER INSERT OR DELETE ON "location_tags"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "tracking_config_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "location_tags_tracking_config_update" AFTER UPDATE ON "location_tags"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "tracking_config_changed"();--> statement-breakpoint
CREATE TRIGGER "location_tags_tracking_config_truncate" AFTER TRUNCATE ON "location_tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracking_config_truncated"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "endpoints_tracking_config_write" AFTER INSERT OR DELETE ON "endpoints"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "tracking_config_changed"();--> statement-breakpoint
-- What the engine reads of an endpoint, except location_tag_id (read fresh by every batch).
CREATE CONSTRAINT TRIGGER "endpoints_tracking_config_update" AFTER UPDATE OF "id", "org_id", "site_id",
    "name", "external_gate", "auto_enroll", "auto_enroll_locations", "map_id", "x", "y", "antennas" ON "endpoints"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.id, OLD.org_id, OLD.site_id, OLD.name, OLD.external_gate, OLD.auto_enroll, OLD.auto_enroll_locations,
      OLD.map_id, OLD.x, OLD.y, OLD.antennas)
    IS DISTINCT FROM (NEW.id, NEW.org_id, NEW.site_id, NEW.name, NEW.external_gate, NEW.auto_enroll,
      NEW.auto_enroll_locations, NEW.map_id, NEW.x, NEW.y, NEW.antennas))
  EXECUTE FUNCTION "tracking_config_changed"();--> statement-breakpoint
CREATE TRIGGER "endpoints_tracking_config_truncate" AFTER TRUNCATE ON "endpoints"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracking_config_truncated"();
