CREATE TABLE IF NOT EXISTS "report_runs" (
	"site_id" text NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_runs_site_id_day_pk" PRIMARY KEY("site_id","day")
);
