import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { created, id, orgId, textArray, ts } from './columns.js';

/** One EPCIS capture request: running, success or failed with the errors found. */
export const epcisCaptures = pgTable(
  'epcis_captures',
  {
    id: id(),
    orgId: orgId(),
    state: text('state').notNull().default('running'),
    /** `rollback` or `proceed` (GS1-Capture-Error-Behaviour): `failed` with `proceed` stored the valid events. */
    errorBehaviour: text('error_behaviour').notNull().default('rollback'),
    errors: jsonb('errors').notNull().default([]),
    eventCount: integer('event_count').notNull().default(0),
    timeCreated: created(),
    timeFinished: ts('time_finished'),
  },
  (t) => [index('epcis_captures_org_idx').on(t.orgId, t.timeCreated)],
);

/** Captured events that did not become sightings, kept as received for the query. */
export const epcisEvents = pgTable(
  'epcis_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: orgId(),
    captureId: text('capture_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    action: text('action'),
    bizStep: text('biz_step'),
    readPoint: text('read_point'),
    bizLocation: text('biz_location'),
    epcs: textArray('epcs'),
    eventTime: ts('event_time').notNull(),
    recordTime: ts('record_time').notNull().defaultNow(),
    body: jsonb('body').notNull(),
  },
  (t) => [
    index('epcis_events_org_time_idx').on(t.orgId, t.eventTime, t.id),
    index('epcis_events_org_event_id_idx').on(t.orgId, t.eventId),
  ],
);

/** The eventIDs (CBV event hashes) of Sightline's events as answered, to find one by its id. */
export const epcisEventIds = pgTable(
  'epcis_event_ids',
  {
    orgId: orgId(),
    eventId: text('event_id').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.eventId] })],
);

/**
 * Every eventID captured in the organization, sightings' and kept events' alike, with its
 * content's digest: an eventID names one event (decision 0424); an error declaration shares the
 * eventID of the event it declares erroneous (migration 0034).
 */
export const epcisCapturedIds = pgTable(
  'epcis_captured_ids',
  {
    orgId: orgId(),
    eventId: text('event_id').notNull(),
    errorDeclaration: boolean('error_declaration').notNull(),
    digest: text('digest').notNull(),
    captureId: text('capture_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.eventId, t.errorDeclaration] })],
);
