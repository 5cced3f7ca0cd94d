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
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { created, id, orgId, textArray, ts } from './columns.js';

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
    /** The EPCIS bizLocation id; '' derives one from the id (packages/shared/src/epcis.ts). */
    epcisId: text('epcis_id').notNull().default(''),
    /** Alert time in nanoseconds; 0 = no time exception. */
    durationNs: bigint('duration_ns', { mode: 'number' }).notNull().default(0),
    /** Entry delay in nanoseconds: a move in counts once the thing was seen here that long. */
    entryDelayNs: bigint('entry_delay_ns', { mode: 'number' }).notNull().default(0),
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

/**
 * Live things per zone and class, for Home's zone overview (migration 0012): kept by triggers on
 * `things`, which append +1 / -1 rows to `zoneCountChanges`; features/zones/counts.ts folds those
 * into `zoneCounts`. A zone's count is the sum over both tables.
 */
export const zoneCounts = pgTable(
  'zone_counts',
  {
    zoneId: text('zone_id').notNull(),
    orgId: orgId(),
    class: text('class').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.orgId, t.class] })],
);

export const zoneCountChanges = pgTable(
  'zone_count_changes',
  {
    zoneId: text('zone_id').notNull(),
    orgId: orgId(),
    class: text('class').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('zone_count_changes_zone_idx').on(t.zoneId)],
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
    /** The EPCIS readPoint id; '' derives one from the id (packages/shared/src/epcis.ts). */
    epcisId: text('epcis_id').notNull().default(''),
    autoEnroll: boolean('auto_enroll').notNull().default(false),
    autoEnrollLocations: boolean('auto_enroll_locations').notNull().default(false),
    /** [{ antenna, xycoordinates: [x, y], map }] */
    antennas: jsonb('antennas').notNull().default([]),
    /** The JSON a reader or handheld pulls from endpoints/config/{id}. */
    config: jsonb('config').notNull().default({}),
    /** Current location set by a location-tag sighting (handhelds). */
    locationTagId: text('location_tag_id'),
    lastHeartbeat: ts('last_heartbeat'),
    /** How Sightline hears the reader: `{ mode: 'push' }` (it posts), or `{ mode, host, port, username, tls }` (Sightline connects). */
    connection: jsonb('connection').notNull().default({ mode: 'push' }),
    /** The connection's password; write-only over the API. */
    connectionPassword: text('connection_password').notNull().default(''),
    timeCreated: created(),
  },
  (t) => [index('endpoints_site_idx').on(t.siteId, t.name)],
);

/** A connected reader's lease (which instance holds its connection) and live state. */
export const readerConnections = pgTable('reader_connections', {
  endpointId: text('endpoint_id').primaryKey(),
  holder: text('holder').notNull(),
  leaseExpiresAt: ts('lease_expires_at').notNull(),
  state: text('state').notNull().default('connecting'),
  since: ts('since').notNull().defaultNow(),
  error: text('error'),
  reportsReceived: bigint('reports_received', { mode: 'number' }).notNull().default(0),
  reconnects: integer('reconnects').notNull().default(0),
  /** Antenna id → connected, as the reader last reported. */
  antennas: jsonb('antennas').notNull().default({}),
});

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
    /** What reported it: `heartbeat`, or a management event (ENDPOINT_STATUS_KINDS). */
    kind: text('kind').notNull().default('heartbeat'),
    message: text('message').notNull().default(''),
    /** CPU in use, %. */
    cpu: doublePrecision('cpu'),
    /** Antenna states as known after this record: [{ antenna, state }]. */
    antennas: jsonb('antennas').notNull().default([]),
    /** Messages (events) the reader dropped, and messages it holds in its buffer, as it reports them. */
    dropped: doublePrecision('dropped'),
    buffered: doublePrecision('buffered'),
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
