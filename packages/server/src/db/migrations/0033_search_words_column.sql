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
--> statement-breakpoint
-- The typed words as thing_search_query splits them, every one a whole word (none as a beginning):
-- what the index is asked for when the last typed word is too common to gather, the whole query
-- then tested on the rows it finds. NULL (matches nothing) when nothing but spaces was typed.
CREATE OR REPLACE FUNCTION "thing_search_whole_words"("term" text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg('''' || replace(replace(word, '\', '\\'), '''', '''''') || '''', ' & ' ORDER BY n)::tsquery
  FROM unnest(string_to_array(regexp_replace(translate(lower("term"), E'\t\n\r\f\v', '     '), '(\S{250})', '\1 ', 'g'), ' '))
    WITH ORDINALITY AS typed(word, n)
  WHERE word <> ''
$$;
--> statement-breakpoint
-- The search chooses its plan from the statistics of the stored words: taken now, as a table
-- rewritten by ADD COLUMN is not analyzed again until a tenth of it changes.
ANALYZE "things";
