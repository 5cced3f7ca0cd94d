-- Home's zone overview reads how many live things each zone holds from counts kept by triggers on
-- `things` (docs/decisions/0015-kept-counts.md): counting them
-- per visit read every thing's index entry (a million at scale, 130 ms).
--
-- The triggers only append (+1 / -1 rows to zone_count_changes): no counter row is updated by the
-- writers, so two transactions moving things through one zone never wait for each other or
-- deadlock. A scheduled job folds the changes into zone_counts (DELETE … RETURNING, one
-- statement); a reader adds both, in one snapshot, so the figures are exact at every moment.
CREATE TABLE "zone_counts" (
  "zone_id" text NOT NULL,
  "org_id" text NOT NULL,
  "class" text NOT NULL,
  "n" bigint NOT NULL,
  PRIMARY KEY ("zone_id", "org_id", "class")
);--> statement-breakpoint
CREATE TABLE "zone_count_changes" (
  "zone_id" text NOT NULL,
  "org_id" text NOT NULL,
  "class" text NOT NULL,
  "n" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "zone_count_changes_zone_idx" ON "zone_count_changes" USING btree ("zone_id");--> statement-breakpoint
-- A live thing (not deleted) in a zone counts once for (zone, organization, class).
CREATE FUNCTION "zone_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.zone_id IS NOT NULL AND OLD.deleted_at IS NULL THEN
    INSERT INTO zone_count_changes (zone_id, org_id, class, n) VALUES (OLD.zone_id, OLD.org_id, OLD.class, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.zone_id IS NOT NULL AND NEW.deleted_at IS NULL THEN
    INSERT INTO zone_count_changes (zone_id, org_id, class, n) VALUES (NEW.zone_id, NEW.org_id, NEW.class, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The WHEN clauses are tested without calling the function: an update that leaves a thing's zone,
-- class and liveness as they were (most of the engine's: last_event, position) costs nothing more.
CREATE TRIGGER "things_zone_count_insert" AFTER INSERT ON "things" FOR EACH ROW
  WHEN (NEW.zone_id IS NOT NULL AND NEW.deleted_at IS NULL)
  EXECUTE FUNCTION "zone_count_change"();--> statement-breakpoint
CREATE TRIGGER "things_zone_count_update" AFTER UPDATE OF "zone_id", "org_id", "class", "deleted_at" ON "things" FOR EACH ROW
  WHEN (OLD.zone_id IS DISTINCT FROM NEW.zone_id OR OLD.org_id IS DISTINCT FROM NEW.org_id
    OR OLD.class IS DISTINCT FROM NEW.class OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION "zone_count_change"();--> statement-breakpoint
CREATE TRIGGER "things_zone_count_delete" AFTER DELETE ON "things" FOR EACH ROW
  WHEN (OLD.zone_id IS NOT NULL AND OLD.deleted_at IS NULL)
  EXECUTE FUNCTION "zone_count_change"();--> statement-breakpoint
-- Folds the appended changes into zone_counts (the job zone-counts; also the bench's seed). The
-- DELETE takes exactly the rows it adds, so changes appended meanwhile wait for the next fold.
CREATE FUNCTION "fold_zone_count_changes"() RETURNS integer LANGUAGE sql AS $$
  WITH folded AS (DELETE FROM zone_count_changes RETURNING zone_id, org_id, class, n),
    summed AS (SELECT zone_id, org_id, class, sum(n) AS n FROM folded GROUP BY 1, 2, 3),
    upserted AS (
      INSERT INTO zone_counts AS c (zone_id, org_id, class, n) SELECT zone_id, org_id, class, n FROM summed
      ON CONFLICT (zone_id, org_id, class) DO UPDATE SET n = c.n + excluded.n RETURNING 1)
  SELECT count(*)::int FROM upserted
$$;--> statement-breakpoint
-- Today's things, counted once. The triggers above exist already and hold their lock on `things`
-- until this migration commits, so no change slips between the count and the triggers.
INSERT INTO "zone_counts" ("zone_id", "org_id", "class", "n")
  SELECT "zone_id", "org_id", "class", count(*) FROM "things"
  WHERE "zone_id" IS NOT NULL AND "deleted_at" IS NULL GROUP BY 1, 2, 3;
