/**
 * Captured events kept as received (epcis_events): the query's filters on their columns, and
 * their presentation (the body as received, with its eventID and recordTime).
 */
import type { EpcisEvent } from '@sightline/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { epcisEvents } from '../../db/schema.js';
import { bareBizStep, type EventFilter } from './filters.js';

const list = (values: string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** A `MATCH_epc` value: a URI as it is, a pattern (`…idpat:sgtin:0614141.*.*`) as a LIKE prefix. */
function epcTest(value: string): SQL {
  if (!value.startsWith('urn:epc:idpat:')) return sql`${value} = ANY(${epcisEvents.epcs})`;
  const prefix = value
    .replace('urn:epc:idpat:', 'urn:epc:id:')
    .replace(/\*(\.\*)*$/, '')
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`EXISTS (SELECT 1 FROM unnest(${epcisEvents.epcs}) AS e(epc) WHERE e.epc LIKE ${`${prefix}%`})`;
}

function afterToken(after: NonNullable<EventFilter['after']>) {
  const time = new Date(after.time);
  return after.kind === 0
    ? sql`${epcisEvents.eventTime} >= ${time}`
    : sql`(${epcisEvents.eventTime}, ${epcisEvents.id}) > (${time}, ${after.id})`;
}

function where(orgId: string, f: EventFilter, bizSteps: string[] | undefined): SQL | undefined {
  const epcs = [...(f.MATCH_epc ?? []), ...(f.MATCH_anyEPC ?? [])];
  const readPoints = [...(f.EQ_readPoint ?? []), ...(f.WD_readPoint ?? [])];
  const locations = [...(f.EQ_bizLocation ?? []), ...(f.WD_bizLocation ?? [])];
  return and(
    sql`${epcisEvents.orgId} = ${orgId}`,
    f.GE_eventTime ? sql`${epcisEvents.eventTime} >= ${new Date(f.GE_eventTime)}` : undefined,
    f.LT_eventTime ? sql`${epcisEvents.eventTime} < ${new Date(f.LT_eventTime)}` : undefined,
    f.GE_recordTime ? sql`${epcisEvents.recordTime} >= ${new Date(f.GE_recordTime)}` : undefined,
    f.LT_recordTime ? sql`${epcisEvents.recordTime} < ${new Date(f.LT_recordTime)}` : undefined,
    f.EQ_action ? sql`${epcisEvents.action} IN ${list(f.EQ_action)}` : undefined,
    f.eventType ? sql`${epcisEvents.eventType} IN ${list(f.eventType)}` : undefined,
    bizSteps ? sql`${epcisEvents.bizStep} IN ${list(bizSteps)}` : undefined,
    f.EQ_readPoint || f.WD_readPoint ? sql`${epcisEvents.readPoint} IN ${list(readPoints)}` : undefined,
    f.EQ_bizLocation || f.WD_bizLocation ? sql`${epcisEvents.bizLocation} IN ${list(locations)}` : undefined,
    epcs.length ? sql`(${sql.join(epcs.map(epcTest), sql` OR `)})` : undefined,
    f.after ? afterToken(f.after) : undefined,
  );
}

export interface CapturedEventRow {
  id: number;
  eventId: string;
  eventTime: Date;
  recordTime: Date;
  body: unknown;
}

/** One page (and one more) of the organization's captured events, oldest first. */
export function capturedEvents(
  db: Tx,
  orgId: string,
  f: EventFilter,
  askedBizSteps: string[] | undefined,
  limit: number,
) {
  return db
    .select({
      id: epcisEvents.id,
      eventId: epcisEvents.eventId,
      eventTime: epcisEvents.eventTime,
      recordTime: epcisEvents.recordTime,
      body: epcisEvents.body,
    })
    .from(epcisEvents)
    .where(where(orgId, f, askedBizSteps?.map(bareBizStep)))
    .orderBy(epcisEvents.eventTime, epcisEvents.id)
    .limit(limit) satisfies Promise<CapturedEventRow[]>;
}

/** The event as it was captured, with the eventID and recordTime it is known by here. */
export function presentCapturedEvent(row: CapturedEventRow): EpcisEvent {
  return { ...(row.body as EpcisEvent), eventID: row.eventId, recordTime: row.recordTime.toISOString() };
}

/** The captured events of an eventID: an event and the error declarations about it, in capture order. */
export async function eventsOfEventId(db: Tx, orgId: string, eventId: string) {
  return db
    .select({
      id: epcisEvents.id,
      eventId: epcisEvents.eventId,
      eventTime: epcisEvents.eventTime,
      recordTime: epcisEvents.recordTime,
      body: epcisEvents.body,
    })
    .from(epcisEvents)
    .where(sql`${epcisEvents.orgId} = ${orgId} AND ${epcisEvents.eventId} = ${eventId}`)
    .orderBy(epcisEvents.id);
}
