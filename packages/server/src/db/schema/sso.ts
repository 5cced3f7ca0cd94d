/** Single sign-on and second-factor tables (migrations 0007 and 0019). */
import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A sign-in started at /auth/{provider}/redirect: PKCE verifier, state and nonce, single use. */
export const ssoLoginStates = pgTable(
  'sso_login_states',
  {
    bindingHash: text('binding_hash').primaryKey(),
    orgId: text('org_id').notNull(),
    provider: text('provider').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    referer: text('referer'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sso_login_states_expires_idx').on(t.expiresAt)],
);

/** An account's identity at a provider: the issuer and subject (`sub`) the account is linked to. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    orgId: text('org_id').notNull(),
    userId: text('user_id').notNull(),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    linkedAt: ts('linked_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'sso_identities_pkey', columns: [t.userId, t.provider] }),
    uniqueIndex('sso_identities_subject_idx').on(t.orgId, t.provider, t.issuer, t.subject),
  ],
);

/** A sign-in whose email matched an unlinked account, waiting for that account's password. */
export const ssoPendingLinks = pgTable(
  'sso_pending_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    orgId: text('org_id').notNull(),
    userId: text('user_id').notNull(),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sso_pending_links_expires_idx').on(t.expiresAt)],
);

/** An administrator's consent that the account's next sign-in by email links it. */
export const ssoLinkGrants = pgTable(
  'sso_link_grants',
  {
    userId: text('user_id').notNull(),
    provider: text('provider').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ name: 'sso_link_grants_pkey', columns: [t.userId, t.provider] })],
);

/** A user's TOTP secret; `enabled` once the first code confirmed it. `lastStep` stops replays. */
export const userTotp = pgTable('user_totp', {
  userId: text('user_id').primaryKey(),
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  timeCreated: ts('time_created').notNull().defaultNow(),
});

/** One-time recovery codes, stored as SHA-256 digests. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

/** A password that was right, waiting for its second factor (or, with `enrol`, for enrolment). */
export const pendingLogins = pgTable(
  'pending_logins',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    enrol: boolean('enrol').notNull().default(false),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('pending_logins_user_idx').on(t.userId)],
);
