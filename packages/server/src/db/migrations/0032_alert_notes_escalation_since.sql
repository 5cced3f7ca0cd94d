-- Exception notes as a history: every note given with an acknowledgement or a resolution is kept
-- (`{ change, text, by, byName, at }`, oldest first) instead of one `note` the next one overwrote.
-- An existing note becomes the history's one entry, attributed to whoever gave it: the resolver
-- when a user resolved the exception, else the one who acknowledged it.
ALTER TABLE "exceptions" ADD COLUMN "notes" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
UPDATE "exceptions" x SET "notes" = jsonb_build_array(jsonb_build_object(
    'change', w.change, 'text', x."note", 'by', coalesce(w.by, ''),
    'byName', (SELECT coalesce(u."name", u."username") FROM "users" u WHERE u."id" = w.by),
    'at', to_char(coalesce(w.at, x."time") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
  FROM (SELECT "id",
      CASE WHEN "state" = 'resolved' AND "resolved_by" <> 'system' THEN 'resolved' ELSE 'acknowledged' END AS change,
      CASE WHEN "state" = 'resolved' AND "resolved_by" <> 'system' THEN "resolved_by" ELSE "acknowledged_by" END AS by,
      CASE WHEN "state" = 'resolved' AND "resolved_by" <> 'system' THEN "resolved_at" ELSE "acknowledged_at" END AS at
    FROM "exceptions") w
  WHERE w."id" = x."id" AND x."note" IS NOT NULL AND btrim(x."note") <> '';
--> statement-breakpoint
ALTER TABLE "exceptions" DROP COLUMN "note";
--> statement-breakpoint
-- When a site's escalation and its reminders last went from off to on: an exception counts toward
-- either from the later of its own time and that moment, so turning escalation on never mails a
-- backlog of old open exceptions at once. NULL (sites that had it on before): from the exception's time.
ALTER TABLE "sites" ADD COLUMN "escalation_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "reminders_since" timestamp with time zone;
