-- The words of a thing (migration 0030's thing_search_words) stored on its row, with their GIN
-- index on the column (docs/decisions/0380-search-by-words.md): a search whose words most things
-- share walks the list's order and tests each row's stored words (≈ 1 µs) instead of expanding
-- those words in the index, and ANALYZE keeps the most common words with their frequencies
-- (pg_stats.most_common_elems), from which the search chooses. A stored generated column is
-- computed on insert and on an update of the fields it is made of, not on the tracking engine's
-- updates of a thing's zone and times.
ALTER TABLE "things" ADD COLUMN IF NOT EXISTS "search_words" tsvector
  GENERATED ALWAYS AS (thing_search_words("name", "serial", "description", "tags", "tag1", "tag2", "labels")) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "things_search_words_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "things_search_words_idx" ON "things" USING gin ("search_words");
