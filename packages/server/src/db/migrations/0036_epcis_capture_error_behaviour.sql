-- A capture sent with `GS1-Capture-Error-Behaviour: proceed` stores the document's valid events
-- and records the others' errors; its row says which behaviour it was captured with.
ALTER TABLE "epcis_captures" ADD COLUMN "error_behaviour" text DEFAULT 'rollback' NOT NULL;
