-- Data retention (docs/decisions/0321-retention-policy.md): per organization, the days each data
-- class is kept, as JSON of the classes it sets (a class it has not set keeps its default, so a
-- new class needs no migration).
CREATE TABLE "retention_policies" (
	"org_id" text PRIMARY KEY NOT NULL,
	"policy" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"time_modified" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Endpoints and organizations deleted but whose history is still being removed in bounded batches
-- by the purge job: hidden at once (their row is gone), their rows go in the background.
CREATE TABLE "retention_removals" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"org_id" text NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_removals_pk" PRIMARY KEY ("kind", "id")
);
