-- The things lists' category filter counts its matches from counts kept by triggers on `things`
-- (docs/decisions/0015-kept-counts.md): counting them per request visited a
-- table page for each of up to 10,001 matches (organization, site and class are not in the
-- category index). The model is the zone counts of migration 0012: the triggers only append
-- (+1 / -1 rows), a fold moves the changes into the counts, readers add both tables.
--
-- One row per (organization, category, class, home site, zone): every test of a thing list that
-- the count answers (organization, class, category, site and the caller's sites, zone) is a test
-- of these columns, so it is applied to the counts exactly as to the things. A thing with no zone
-- has zone_id '' (no zone has that id).
CREATE TABLE "category_counts" (
  "org_id" text NOT NULL,
  "category" text NOT NULL,
  "class" text NOT NULL,
  "site_id" text NOT NULL,
  "zone_id" text NOT NULL,
  "n" bigint NOT NULL,
  PRIMARY KEY ("org_id", "category", "class", "site_id", "zone_id")
);--> statement-breakpoint
CREATE TABLE "category_count_changes" (
  "org_id" text NOT NULL,
  "category" text NOT NULL,
  "class" text NOT NULL,
  "site_id" text NOT NULL,
  "zone_id" text NOT NULL,
  "n" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "category_count_changes_idx" ON "category_count_changes" USING btree ("org_id", "category");--> statement-breakpoint
-- A live thing (not deleted) counts once for each distinct category it holds. One category (the
-- common case) is one VALUES row, cheaper than unnest and DISTINCT (16–19 against 20–24 µs a move).
CREATE FUNCTION "category_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    IF cardinality(OLD.categories) = 1 THEN
      IF OLD.categories[1] IS NOT NULL THEN
        INSERT INTO category_count_changes (org_id, category, class, site_id, zone_id, n)
          VALUES (OLD.org_id, OLD.categories[1], OLD.class, OLD.site_id, coalesce(OLD.zone_id, ''), -1);
      END IF;
    ELSE
      INSERT INTO category_count_changes (org_id, category, class, site_id, zone_id, n)
        SELECT DISTINCT OLD.org_id, c, OLD.class, OLD.site_id, coalesce(OLD.zone_id, ''), -1
        FROM unnest(OLD.categories) c WHERE c IS NOT NULL;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    IF cardinality(NEW.categories) = 1 THEN
      IF NEW.categories[1] IS NOT NULL THEN
        INSERT INTO category_count_changes (org_id, category, class, site_id, zone_id, n)
          VALUES (NEW.org_id, NEW.categories[1], NEW.class, NEW.site_id, coalesce(NEW.zone_id, ''), 1);
      END IF;
    ELSE
      INSERT INTO category_count_changes (org_id, category, class, site_id, zone_id, n)
        SELECT DISTINCT NEW.org_id, c, NEW.class, NEW.site_id, coalesce(NEW.zone_id, ''), 1
        FROM unnest(NEW.categories) c WHERE c IS NOT NULL;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The WHEN clauses are tested without calling the function: things without categories, and
-- updates that change none of the counted columns (most of the engine's), cost nothing more.
CREATE TRIGGER "things_category_count_insert" AFTER INSERT ON "things" FOR EACH ROW
  WHEN (NEW.deleted_at IS NULL AND cardinality(NEW.categories) > 0)
  EXECUTE FUNCTION "category_count_change"();--> statement-breakpoint
CREATE TRIGGER "things_category_count_update" AFTER UPDATE OF "categories", "org_id", "class", "site_id", "zone_id", "deleted_at" ON "things" FOR EACH ROW
  WHEN (((OLD.deleted_at IS NULL AND cardinality(OLD.categories) > 0) OR (NEW.deleted_at IS NULL AND cardinality(NEW.categories) > 0))
    AND (OLD.categories IS DISTINCT FROM NEW.categories OR OLD.org_id IS DISTINCT FROM NEW.org_id
      OR OLD.class IS DISTINCT FROM NEW.class OR OLD.site_id IS DISTINCT FROM NEW.site_id
      OR OLD.zone_id IS DISTINCT FROM NEW.zone_id OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)))
  EXECUTE FUNCTION "category_count_change"();--> statement-breakpoint
CREATE TRIGGER "things_category_count_delete" AFTER DELETE ON "things" FOR EACH ROW
  WHEN (OLD.deleted_at IS NULL AND cardinality(OLD.categories) > 0)
  EXECUTE FUNCTION "category_count_change"();--> statement-breakpoint
-- Folds the appended changes into category_counts (with the zone counts' fold; also the bench's
-- seed). The DELETE takes exactly the rows it adds.
CREATE FUNCTION "fold_category_count_changes"() RETURNS integer LANGUAGE sql AS $$
  WITH folded AS (DELETE FROM category_count_changes RETURNING org_id, category, class, site_id, zone_id, n),
    summed AS (SELECT org_id, category, class, site_id, zone_id, sum(n) AS n FROM folded GROUP BY 1, 2, 3, 4, 5),
    upserted AS (
      INSERT INTO category_counts AS c (org_id, category, class, site_id, zone_id, n)
      SELECT org_id, category, class, site_id, zone_id, n FROM summed
      ON CONFLICT (org_id, category, class, site_id, zone_id) DO UPDATE SET n = c.n + excluded.n RETURNING 1)
  SELECT count(*)::int FROM upserted
$$;--> statement-breakpoint
-- Today's things, counted once. The triggers above exist already and hold their lock on `things`
-- until this migration commits, so no change slips between the count and the triggers.
INSERT INTO "category_counts" ("org_id", "category", "class", "site_id", "zone_id", "n")
  SELECT t."org_id", c."category", t."class", t."site_id", coalesce(t."zone_id", ''), count(*)
  FROM "things" t CROSS JOIN LATERAL (SELECT DISTINCT u AS "category" FROM unnest(t."categories") u WHERE u IS NOT NULL) c
  WHERE t."deleted_at" IS NULL GROUP BY 1, 2, 3, 4, 5;
