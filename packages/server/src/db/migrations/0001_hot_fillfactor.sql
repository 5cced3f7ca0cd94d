-- Room on every page for the tracking engine's in-place updates (docs/benchmarks/history.md): a thing's
-- per-batch update (last seen, data) and a tag's open-event pointer change no indexed column, so
-- with free space on the page they are HOT updates (no new index entries).
ALTER TABLE "things" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "tag_state" SET (fillfactor = 80);
