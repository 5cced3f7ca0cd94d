/**
 * The whole data model of SPEC §3, designed once (issue 2): every entity has its table now,
 * with the indexes the tracking engine and the list screens need. Every tenant-owned row
 * carries `org_id`; site-owned rows carry `site_id` too.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('time_created').notNull().defaultNow();
const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
const id = () => text('id').primaryKey();
const orgId = () => text('org_id').notNull();

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  subdomain: text('subdomain').notNull().unique(),
  oktaEnabled: boolean('okta_enabled').notNull().default(false),
  entraEnabled: boolean('entra_enabled').notNull().default(false),
  timeCreated: created(),
});

export const ssoSettings = pgTable('sso_settings', {
  orgId: text('org_id').primaryKey(),
  oktaIssuer: text('okta_issuer').notNull().default(''),
  oktaClientId: text('okta_client_id').notNull().default(''),
  oktaClientSecret: text('okta_client_secret').notNull().default(''),
  entraTenant: text('entra_tenant').notNull().default(''),
  /** Every password sign-in of the organization needs a second factor (issue 9). */
  requireTotp: boolean('require_totp').notNull().default(false),
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
    reportDailyTime: text('report_daily_time').notNull().default(''),
    reportEmails: textArray('report_emails'),
    /** Site settings of SPEC §3 (labels, hideWorkers, import settings, ...), validated by the shared schema. */
    settings: jsonb('settings').notNull().default({}),
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

export const maps = pgTable(
  'maps',
  {
    id: id(),
    orgId: orgId(),
    siteId: text('site_id').notNull(),
    name: text('name').notNull(),
    /** File name of the floor-plan image under the data folder's maps/ directory. */
    image: text('image').notNull().default(''),
    imageType: text('image_type').notNull().default(''),
    topLeftX: doublePrecision('top_left_x').notNull().default(0),
    topLeftY: doublePrecision('top_left_y').notNull().default(0),
    botRightX: doublePrecision('bot_right_x').notNull().default(100),
    botRightY: doublePrecision('bot_right_y').notNull().default(100),
    timeCreated: created(),
  },
  (t) => [index('maps_site_idx').on(t.siteId, t.name)],
);

export const zones = pgTable(
  'zones',
  {
    id: id(),
    orgId: orgId(),
    siteId: text('site_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Alert time in nanoseconds; 0 = no time exception. */
    durationNs: bigint('duration_ns', { mode: 'number' }).notNull().default(0),
    emails: textArray('emails'),
    killDuration: doublePrecision('kill_duration').notNull().default(0),
    immediateKill: boolean('immediate_kill').notNull().default(false),
    killMode: text('kill_mode').notNull().default('clearZone'),
    /** [{ endpoint, direction, antenna }] — small, loaded per site by the engine. */
    gates: jsonb('gates').notNull().default([]),
    timeCreated: created(),
  },
  (t) => [index('zones_site_idx').on(t.siteId, t.name)],
);

export const endpoints = pgTable(
  'endpoints',
  {
    id: id(),
    orgId: orgId(),
    siteId: text('site_id').notNull(),
    name: text('name').notNull(),
    mapId: text('map_id'),
    uuid: text('uuid').notNull().unique(),
    key: text('key').notNull(),
    externalGate: boolean('external_gate').notNull().default(false),
    x: doublePrecision('x').notNull().default(0),
    y: doublePrecision('y').notNull().default(0),
    description: text('description').notNull().default(''),
    autoEnroll: boolean('auto_enroll').notNull().default(false),
    autoEnrollLocations: boolean('auto_enroll_locations').notNull().default(false),
    /** [{ antenna, xycoordinates: [x, y], map }] */
    antennas: jsonb('antennas').notNull().default([]),
    /** The JSON a reader or handheld pulls from endpoints/config/{id}. */
    config: jsonb('config').notNull().default({}),
    /** Current location set by a location-tag sighting (handhelds). */
    locationTagId: text('location_tag_id'),
    lastHeartbeat: ts('last_heartbeat'),
    timeCreated: created(),
  },
  (t) => [index('endpoints_site_idx').on(t.siteId, t.name)],
);

export const endpointStatus = pgTable(
  'endpoint_status',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: text('endpoint_id').notNull(),
    time: ts('time').notNull(),
    ip: text('ip').notNull().default(''),
    version: text('version').notNull().default(''),
    uptime: doublePrecision('uptime'),
    readerTemp: doublePrecision('reader_temp'),
  },
  (t) => [index('endpoint_status_endpoint_time_idx').on(t.endpointId, t.time.desc())],
);

export const locationTags = pgTable(
  'location_tags',
  {
    id: id(),
    orgId: orgId(),
    siteId: text('site_id').notNull(),
    name: text('name').notNull(),
    tag: text('tag').notNull(),
    zoneId: text('zone_id'),
    mapId: text('map_id'),
    x: doublePrecision('x').notNull().default(0),
    y: doublePrecision('y').notNull().default(0),
    timeCreated: created(),
  },
  (t) => [
    uniqueIndex('location_tags_org_tag_uq').on(t.orgId, t.tag),
    index('location_tags_site_idx').on(t.siteId, t.name),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    orgId: orgId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    timeCreated: created(),
  },
  (t) => [uniqueIndex('categories_org_name_uq').on(t.orgId, sql`lower(${t.name})`)],
);

export const things = pgTable(
  'things',
  {
    id: id(),
    orgId: orgId(),
    /** Home site: the selected site when created or imported (DESIGN §5). */
    siteId: text('site_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    serial: text('serial').notNull().default(''),
    class: text('class').notNull().default('item'),
    tag1: text('tag1'),
    tag2: text('tag2'),
    tags: textArray('tags'),
    categories: textArray('categories'),
    labels: textArray('labels'),
    parents: textArray('parents'),
    photo: textArray('photo'),
    timeCreated: created(),
    timeModified: ts('time_modified').notNull().defaultNow(),
    /** Soft delete (kill mode deleteThing keeps history). */
    deletedAt: ts('deleted_at'),
    // state (DESIGN §7.6)
    zoneId: text('zone_id'),
    lastZoneTime: ts('last_zone_time'),
    lastEvent: ts('last_event'),
    lastEndpointTime: ts('last_endpoint_time'),
    endpointId: text('endpoint_id'),
    direction: text('direction'),
    locationTagId: text('location_tag_id'),
    mapId: text('map_id'),
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    alarmTamper: boolean('alarm_tamper').notNull().default(false),
    alarmTamperTag: text('alarm_tamper_tag'),
    alarmTamperTime: ts('alarm_tamper_time'),
    data: jsonb('data').notNull().default({}),
  },
  (t) => [
    index('things_org_class_zone_time_idx').on(t.orgId, t.class, t.lastZoneTime.desc()),
    index('things_org_name_idx').on(t.orgId, sql`lower(${t.name})`, t.id),
    index('things_site_idx').on(t.siteId),
    index('things_zone_idx').on(t.zoneId),
    index('things_parents_idx').using('gin', t.parents),
    index('things_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** One row per tag of a thing (tag1, tag2, tags[]): tags are unique within an organization. */
export const thingTags = pgTable(
  'thing_tags',
  {
    orgId: orgId(),
    tag: text('tag').notNull(),
    thingId: text('thing_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.tag] }), index('thing_tags_thing_idx').on(t.thingId)],
);

/**
 * The durable log of raw sightings: an ingest is acknowledged once its rows are here. The unique
 * key makes a retried batch a no-op (DESIGN §7.7).
 */
export const sightings = pgTable(
  'sightings',
  {
    endpointId: text('endpoint_id').notNull(),
    tag: text('tag').notNull(),
    antenna: integer('antenna').notNull().default(0),
    time: ts('time').notNull(),
    direction: text('direction').notNull().default('NEAR'),
    rssi: real('rssi'),
    data: jsonb('data'),
    alarmTamper: boolean('alarm_tamper').notNull().default(false),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  // The dedupe key is the primary key and the only index (migration 0009, docs/benchmarks.md round 4).
  (t) => [primaryKey({ name: 'sightings_pkey', columns: [t.endpointId, t.tag, t.antenna, t.time] })],
);

/** The open (compactable) event of each tag, so compaction needs one lookup per tag. */
export const tagState = pgTable(
  'tag_state',
  {
    orgId: orgId(),
    tag: text('tag').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    endpointId: text('endpoint_id').notNull(),
    antenna: integer('antenna').notNull(),
    direction: text('direction').notNull(),
    zoneId: text('zone_id'),
    /** When this event became the tag's open event (a merge does not rewrite the row). */
    lastTime: ts('last_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.tag] })],
);

export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: orgId(),
    siteId: text('site_id').notNull(),
    tag: text('tag').notNull(),
    thingId: text('thing_id').notNull(),
    time: ts('time').notNull(),
    firstTime: ts('first_time').notNull(),
    repeatCount: integer('repeat_count').notNull().default(0),
    direction: text('direction').notNull().default('NEAR'),
    endpointId: text('endpoint_id'),
    antenna: integer('antenna').notNull().default(0),
    zoneId: text('zone_id'),
    locationTagId: text('location_tag_id'),
    alarmTamper: boolean('alarm_tamper').notNull().default(false),
    data: jsonb('data').notNull().default({}),
    /** Time changes made to this event (SPEC §3 `edits`). */
    edits: jsonb('edits').notNull().default([]),
  },
  (t) => [
    index('events_site_time_idx').on(t.siteId, t.time.desc()),
    // INCLUDE (site_id, zone_id, first_time): migration 0010 (drizzle cannot declare INCLUDE).
    index('events_thing_time_idx').on(t.thingId, t.time.desc()),
    index('events_endpoint_time_idx').on(t.endpointId, t.time.desc()),
  ],
);

export const zoneDurations = pgTable(
  'zone_durations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: orgId(),
    siteId: text('site_id').notNull(),
    thingId: text('thing_id').notNull(),
    zoneId: text('zone_id').notNull(),
    timeStart: ts('time_start').notNull(),
    timeEnd: ts('time_end').notNull(),
    timeDurationNs: bigint('time_duration_ns', { mode: 'number' }).notNull(),
  },
  (t) => [
    // Both INCLUDE the columns the reports read: migration 0010 (drizzle cannot declare INCLUDE).
    index('zone_durations_site_end_idx').on(t.siteId, t.timeEnd.desc()),
    index('zone_durations_thing_end_idx').on(t.thingId, t.timeEnd.desc()),
  ],
);

export const exceptions = pgTable(
  'exceptions',
  {
    id: id(),
    orgId: orgId(),
    siteId: text('site_id').notNull(),
    type: text('type').notNull(),
    time: ts('time').notNull(),
    thingId: text('thing_id'),
    zoneId: text('zone_id'),
    multipleThings: textArray('multiple_things'),
    timeDurationNs: bigint('time_duration_ns', { mode: 'number' }),
    /** Start of the stay a zone-time exception belongs to: raised once per stay. */
    stayStart: ts('stay_start'),
    expectedZoneId: text('expected_zone_id'),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    index('exceptions_site_time_idx').on(t.siteId, t.time.desc()),
    index('exceptions_thing_idx').on(t.thingId),
    uniqueIndex('exceptions_stay_uq').on(t.type, t.thingId, t.zoneId, t.stayStart),
  ],
);

export const images = pgTable(
  'images',
  {
    id: id(),
    orgId: orgId(),
    siteId: text('site_id'),
    timestamp: ts('timestamp').notNull(),
    timeCreated: created(),
    uploader: text('uploader'),
    longitude: doublePrecision('longitude').notNull().default(0),
    latitude: doublePrecision('latitude').notNull().default(0),
    annotation: text('annotation').notNull().default(''),
    tags: textArray('tags'),
    categories: textArray('categories'),
    fileName: text('file_name').notNull(),
    bytes: integer('bytes').notNull().default(0),
    sizeX: integer('size_x').notNull().default(0),
    sizeY: integer('size_y').notNull().default(0),
    format: text('format').notNull().default(''),
    orientation: integer('orientation').notNull().default(1),
    device: text('device').notNull().default(''),
    sha256: text('sha256').notNull().default(''),
    make: text('make').notNull().default(''),
    model: text('model').notNull().default(''),
  },
  (t) => [
    index('images_org_timestamp_idx').on(t.orgId, t.timestamp.desc()),
    index('images_site_timestamp_idx').on(t.orgId, t.siteId, t.timestamp.desc(), t.id.desc()),
    index('images_tags_idx').using('gin', t.tags),
    index('images_categories_idx').using('gin', t.categories),
  ],
);

export const reportConfigs = pgTable(
  'report_configs',
  {
    id: id(),
    orgId: orgId(),
    siteId: text('site_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    format: text('format').notNull(),
    email: boolean('email').notNull().default(false),
    zones: textArray('zones'),
    categories: textArray('categories'),
    headings: jsonb('headings').notNull().default([]),
    timeCreated: created(),
  },
  (t) => [index('report_configs_site_idx').on(t.siteId, t.name)],
);

export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    orgId: orgId(),
    event: text('event').notNull().default('seen'),
    format: text('format').notNull().default('json'),
    targetUrl: text('target_url').notNull(),
    requestHeaders: jsonb('request_headers').notNull().default({}),
    fields: jsonb('fields').notNull().default([]),
    secret: text('secret').notNull(),
    timeCreated: created(),
    /** The delivering instance's lease (migration 0006): one drainer per webhook across instances. */
    drainUntil: ts('drain_until'),
  },
  (t) => [index('webhooks_org_event_idx').on(t.orgId, t.event)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: text('webhook_id').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    firstAttemptAt: ts('first_attempt_at').notNull().defaultNow(),
    status: integer('status'),
    latencyMs: integer('latency_ms'),
    responseExcerpt: text('response_excerpt'),
    done: boolean('done').notNull().default(false),
    /** Migration 0006: the event name, the last attempt's error and time, given up after 24 h. */
    event: text('event').notNull().default(''),
    error: text('error'),
    lastAttemptAt: ts('last_attempt_at'),
    failed: boolean('failed').notNull().default(false),
  },
  (t) => [
    index('webhook_deliveries_pending_idx').on(t.done, t.nextAttemptAt),
    index('webhook_deliveries_hook_idx').on(t.webhookId, t.id.desc()),
  ],
);

/** Scheduled jobs: the instance that claims a run (row update) does it, so each runs once. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: ts('last_run_at').notNull(),
});

/** Instance-wide secrets generated at first start (session secret). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
export * from './schema/reports.js';

export * from './schema/sso.js';
