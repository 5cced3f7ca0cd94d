-- Single sign-on links an account to the provider's subject (`sub`), not to an email: an identity
-- is recorded at the first sign-in that the account's password (or an administrator) confirmed,
-- and later sign-ins find the account by that identity alone.
CREATE TABLE "sso_identities" (
  "org_id" text NOT NULL,
  "user_id" text NOT NULL,
  "provider" text NOT NULL,
  "issuer" text NOT NULL,
  "subject" text NOT NULL,
  "linked_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "sso_identities_pkey" PRIMARY KEY ("user_id", "provider")
);--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_subject_idx" ON "sso_identities" ("org_id", "provider", "issuer", "subject");--> statement-breakpoint
-- A sign-in whose email matched an account not yet linked: it waits for that account's password.
CREATE TABLE "sso_pending_links" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "org_id" text NOT NULL,
  "user_id" text NOT NULL,
  "provider" text NOT NULL,
  "issuer" text NOT NULL,
  "subject" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "sso_pending_links_expires_idx" ON "sso_pending_links" ("expires_at");--> statement-breakpoint
-- An administrator's consent that the account's next sign-in by email links it (no password needed).
CREATE TABLE "sso_link_grants" (
  "user_id" text NOT NULL,
  "provider" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  CONSTRAINT "sso_link_grants_pkey" PRIMARY KEY ("user_id", "provider")
);--> statement-breakpoint
ALTER TABLE "sso_settings" ADD COLUMN "allow_super_admin_sso" boolean DEFAULT false NOT NULL;
