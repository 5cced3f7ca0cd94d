-- Single sign-on (Okta, Entra ID) and a second factor (TOTP): docs/decisions/0010-single-sign-on-state.md
-- and docs/decisions/0011-second-factor.md.
-- One row per sign-in started at /auth/{provider}/redirect, keyed by the hash of the random value
-- in the browser's short-lived cookie, so the callback proves it comes back to the same browser.
CREATE TABLE "sso_login_states" (
	"binding_hash" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"provider" text NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"referer" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sso_login_states_expires_idx" ON "sso_login_states" ("expires_at");
--> statement-breakpoint
ALTER TABLE "sso_settings" ADD COLUMN "require_totp" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "user_totp" (
	"user_id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"last_step" bigint DEFAULT 0 NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "totp_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "totp_recovery_codes_user_idx" ON "totp_recovery_codes" ("user_id");
--> statement-breakpoint
CREATE TABLE "pending_logins" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"enrol" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_logins_user_idx" ON "pending_logins" ("user_id");
