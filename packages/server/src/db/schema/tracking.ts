import type { ExceptionNote } from '@sightline/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { id, orgId, textArray, ts } from './columns.js';

/**
 * The durable log of raw sightings: an ingest is acknowledged once its rows are here. The unique
 * key makes a retried batch a no-op.
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
  // The dedupe key is the primary key and the only index (migration 0009).
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
    /** Peak RSSI (dBm) of the event's last sighting; null when the reader sent none. */
    rssi: real('rssi'),
    /** Time changes made to this event. */
    edits: jsonb('edits').notNull().default([]),
  },
  (t) => [
    index('events_site_time_idx').on(t.siteId, t.time.desc()),
    // INCLUDE (site_id, zone_id, first_time): migration 0010 (drizzle cannot declare INCLUDE).
    index('events_thing_time_idx').on(t.thingId, t.time.desc()),
    index('events_endpoint_time_idx').on(t.endpointId, t.time.desc()),
  ],
);

/**
 * Stays: insert-only, range-partitioned by day of their end (migration 0031), the time they expire
 * by; the primary key includes it, as a partitioned table's must.
 */
export const zoneDurations = pgTable(
  'zone_durations',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    orgId: orgId(),
    siteId: text('site_id').notNull(),
    thingId: text('thing_id').notNull(),
    zoneId: text('zone_id').notNull(),
    timeStart: ts('time_start').notNull(),
    timeEnd: ts('time_end').notNull(),
    timeDurationNs: bigint('time_duration_ns', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'zone_durations_pkey', columns: [t.id, t.timeEnd] }),
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
    /** open | acknowledged | resolved (EXCEPTION_STATES). */
    state: text('state').notNull().default('open'),
    /** A user id. */
    acknowledgedBy: text('acknowledged_by'),
    acknowledgedAt: ts('acknowledged_at'),
    /** A user id, or 'system' when the condition cleared. */
    resolvedBy: text('resolved_by'),
    /** Every note given with an acknowledgement or a resolution, oldest first (ExceptionNote, as the API presents it). */
    notes: jsonb('notes').$type<ExceptionNote[]>().notNull().default([]),
    /** The endpoint of an endpointOffline or antennaDisconnected exception. */
    endpointId: text('endpoint_id'),
    antenna: integer('antenna'),
    escalatedAt: ts('escalated_at'),
    reminders: integer('reminders').notNull().default(0),
    remindedAt: ts('reminded_at'),
  },
  (t) => [
    index('exceptions_site_time_idx').on(t.siteId, t.time.desc()),
    index('exceptions_site_open_time_idx').on(t.siteId, t.time.desc()).where(sql`${t.resolvedAt} IS NULL`),
    index('exceptions_thing_idx').on(t.thingId),
    uniqueIndex('exceptions_stay_uq').on(t.type, t.thingId, t.zoneId, t.stayStart),
  ],
);
