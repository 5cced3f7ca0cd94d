/** Organizations, their sites, roles and users: who may sign in and what they may do. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { created, id, orgId, textArray, ts } from './columns.js';

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  subdomain: text('subdomain').notNull().unique(),
  oktaEnabled: boolean('okta_enabled').notNull().default(false),
  entraEnabled: boolean('entra_enabled').notNull().default(false),
  /**
   * Bumped by triggers at every change of the organization's zones, endpoints, maps and location
   * tags (migration 0017): the tracking store reloads its kept configuration when it moved.
   */
  trackingConfigVersion: bigint('tracking_config_version', { mode: 'number' }).notNull().default(0),
  /**
   * Bumped by triggers at every write of the organization's tracking state (things, their tags,
   * open events) but the keeping ingest's own (migration 0035): every kept state is read again.
   */
  trackingStateVersion: bigint('tracking_state_version', { mode: 'number' }).notNull().default(0),
  timeCreated: created(),
});

export const ssoSettings = pgTable('sso_settings', {
  orgId: text('org_id').primaryKey(),
  oktaIssuer: text('okta_issuer').notNull().default(''),
  oktaClientId: text('okta_client_id').notNull().default(''),
  oktaClientSecret: text('okta_client_secret').notNull().default(''),
  entraTenant: text('entra_tenant').notNull().default(''),
  /** Every password sign-in of the organization needs a second factor. */
  requireTotp: boolean('require_totp').notNull().default(false),
  /** Whether Super Admin accounts may sign in through single sign-on. */
  allowSuperAdminSso: boolean('allow_super_admin_sso').notNull().default(false),
});

export const sites = pgTable(
  'sites',
  {
    id: id(),
    orgId: orgId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startDate: ts('start_date'),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    timezone: text('timezone').notNull().default('UTC'),
    /** The EPCIS location id of the site; '' derives one from the id. */
    epcisId: text('epcis_id').notNull().default(''),
    reportDailyTime: text('report_daily_time').notNull().default(''),
    reportEmails: textArray('report_emails'),
    /** Site settings (labels, hideWorkers, import settings, ...), validated by the shared schema. */
    settings: jsonb('settings').notNull().default({}),
    /** Escalation of unacknowledged exceptions ({} = off), validated by the shared schema. */
    alertSettings: jsonb('alert_settings').notNull().default({}),
    /** When escalation and reminders last went from off to on (an exception counts from then at the earliest). */
    escalationSince: ts('escalation_since'),
    remindersSince: ts('reminders_since'),
    timeCreated: created(),
  },
  (t) => [index('sites_org_name_idx').on(t.orgId, t.name)],
);

export const roles = pgTable('roles', {
  id: id(),
  /** null for the built-in roles shared by every organization. */
  orgId: text('org_id'),
  name: text('name').notNull(),
});

export const accessRules = pgTable(
  'access_rules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roleId: text('role_id').notNull(),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    site: text('site').notNull().default('*'),
  },
  (t) => [index('access_rules_role_idx').on(t.roleId)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    orgId: orgId(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    roles: textArray('roles'),
    sites: textArray('sites'),
    companies: textArray('companies'),
    failedLogins: integer('failed_logins').notNull().default(0),
    locked: boolean('locked').notNull().default(false),
    timeCreated: created(),
    timeModified: ts('time_modified').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    index('users_org_idx').on(t.orgId, t.name),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_username_idx').on(t.username, t.at),
    index('login_failures_ip_idx').on(t.ip, t.at),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    orgId: orgId(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    tokenPrefix: text('token_prefix').notNull(),
    roles: textArray('roles'),
    sites: textArray('sites'),
    timeCreated: created(),
  },
  (t) => [index('api_keys_org_idx').on(t.orgId, t.name)],
);
