-- The things lists' `search` by whole words (docs/decisions/0380-search-by-words.md): every
-- searchable field of a thing as a tsvector of its words, with a GIN index. A word is what lies
-- between spaces, and each run of letters and digits inside it ("SN-2023-0004242" gives
-- sn-2023-0004242, sn, 2023 and 0004242), lower case, kept as written (no stemming, no stop
-- words: names, serials and tags are not prose). Runs of 250 characters (the most a regular expression repeats) are cut into pieces,
-- as a lexeme holds at most 2047 bytes.
CREATE OR REPLACE FUNCTION "thing_search_words"("name" text, "serial" text, "description" text, "tags" text[], "tag1" text, "tag2" text, "labels" text[])
  RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  doc text := regexp_replace(translate(lower(thing_search_text("name", "serial", "description", "tags", "tag1", "tag2", "labels")),
    E'\t\n\r\f\v', '     '), '(\S{250})', '\1 ', 'g');
BEGIN
  RETURN array_to_tsvector(array_remove(
    string_to_array(doc, ' ') || string_to_array(regexp_replace(doc, '[^[:alnum:]]+', ' ', 'g'), ' '), ''));
END $$;--> statement-breakpoint
-- What a person typed as a query of those words: every word must be there, the last one as the
-- beginning of a word (it may still be being typed). Split as the documents are, so a typed word
-- with punctuation ("fl-7") matches that word as written, and one without ("4242") matches a
-- word or a run of letters and digits. NULL (matches nothing) when nothing but spaces was typed.
CREATE OR REPLACE FUNCTION "thing_search_query"("term" text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg('''' || replace(replace(word, '\', '\\'), '''', '''''') || '''' || CASE WHEN last THEN ':*' ELSE '' END,
    ' & ' ORDER BY n)::tsquery
  FROM (SELECT word, n, n = max(n) OVER () AS last
        FROM unnest(string_to_array(regexp_replace(translate(lower("term"), E'\t\n\r\f\v', '     '), '(\S{250})', '\1 ', 'g'), ' '))
          WITH ORDINALITY AS typed(word, n)
        WHERE word <> '') words
$$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "things_search_words_idx" ON "things" USING gin ("thing_search_words"("name", "serial", "description", "tags", "tag1", "tag2", "labels"));
