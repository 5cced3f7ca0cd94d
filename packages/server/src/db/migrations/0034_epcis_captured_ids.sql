-- Every eventID captured in an organization, whether its event became a sighting or was kept
-- (docs/decisions/0424-epcis-captured-event-ids-unique.md): an eventID names one event, so a later
-- capture of the same event is a repeat and one of another event is refused. `error_declaration`:
-- an event declaring a prior one erroneous carries that event's eventID, the one case EPCIS 2.0
-- allows of two events sharing it. `digest`: SHA-256 of the event's content (its JSON, keys
-- sorted, without eventID, recordTime and @context), to tell a repeat from another event.
CREATE TABLE "epcis_captured_ids" (
	"org_id" text NOT NULL,
	"event_id" text NOT NULL,
	"error_declaration" boolean NOT NULL,
	"digest" text NOT NULL,
	"capture_id" text NOT NULL,
	CONSTRAINT "epcis_captured_ids_pk" PRIMARY KEY ("org_id", "event_id", "error_declaration")
);--> statement-breakpoint
-- The events kept before: their content's digest was not kept, so '' (no capture's digest is
-- empty) matches no later event, and a later event with one of their eventIDs is refused.
INSERT INTO "epcis_captured_ids" ("org_id", "event_id", "error_declaration", "digest", "capture_id")
SELECT "org_id", "event_id", "body" ? 'errorDeclaration', '', min("capture_id")
FROM "epcis_events"
GROUP BY "org_id", "event_id", "body" ? 'errorDeclaration';
