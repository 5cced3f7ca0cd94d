-- search2 (docs/decisions/0014-fuzzy-search-index.md): the trigram index also holds the
-- thing's class (btree_gin), so an items or workers list's fuzzy search rechecks only its own
-- class's candidates (a third of them in the benchmark: the others were rechecked and then
-- dropped by the class test). A query without a class uses the index's second column alone.
-- And thing_search_text is plpgsql: a SQL function is inlined only when its body is immutable,
-- and array_to_string is stable, so every call went through the SQL-function executor
-- (≈ 2.5 µs; plpgsql's simple-expression path ≈ 0.6 µs). Same text, same results.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "thing_search_text"("name" text, "serial" text, "description" text, "tags" text[], "tag1" text, "tag2" text, "labels" text[])
  RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN "name" || ' ' || "serial" || ' ' || array_to_string("tags", ' ') || ' ' || coalesce("tag1", '') || ' '
    || coalesce("tag2", '') || ' ' || "description" || ' ' || array_to_string("labels", ' ');
END $$;--> statement-breakpoint
DROP INDEX IF EXISTS "things_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "things_search_trgm_idx" ON "things" USING gin ("class", "thing_search_text"("name", "serial", "description", "tags", "tag1", "tag2", "labels") gin_trgm_ops);
