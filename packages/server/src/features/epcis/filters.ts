/**
 * The EPCIS query's parameters as the repository reads them: the business steps asked for as
 * Sightline's kinds of event, the page token as the last (eventTime, id) answered, and the sites
 * the caller may read.
 */
import { EPCIS_BIZ_STEPS, type EpcisEventsQuery, inTimeRange } from '@sightline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { events } from '../../db/schema.js';
import { badRequest } from '../../platform/errors.js';

type BizStepName = (typeof EPCIS_BIZ_STEPS)[keyof typeof EPCIS_BIZ_STEPS];

/** Each business step Sightline's events take, as the events that take it (presenter's bizStepOf). */
export const BIZ_STEP_SQL: Record<BizStepName, SQL> = {
  entering_exiting: sql`(${events.endpointId} IS NULL OR ${events.direction} IN ('IN', 'OUT'))`,
  cycle_counting: sql`(${events.endpointId} IS NOT NULL AND ${events.direction} NOT IN ('IN', 'OUT'))`,
};

export interface EventFilter extends Omit<EpcisEventsQuery, 'EQ_bizStep'> {
  /** Sites whose events may be answered. */
  sites: string[];
  /** Sites that hide their workers' events. */
  hideWorkersAt: string[];
  bizSteps?: BizStepName[];
  after?: PageToken;
}

/** A business step as the query names it (bare CBV word, its URN or its URI) → the bare word. */
export function bareBizStep(value: string) {
  return value.replace(/^(https:\/\/ref\.gs1\.org\/cbv\/BizStep-|urn:epcglobal:cbv:bizstep:)/, '');
}

export function bizStepsAsked(values: string[] | undefined): BizStepName[] | undefined {
  if (!values) return undefined;
  const known = new Set<string>(Object.values(EPCIS_BIZ_STEPS));
  return values.map(bareBizStep).filter((v): v is BizStepName => known.has(v));
}

/**
 * Where the next page starts: after this event. Sightline's events (kind 0) and captured ones
 * (kind 1) are answered in the order of (event time, kind, id).
 */
export interface PageToken {
  time: number;
  kind: 0 | 1;
  id: number;
}

export function writePageToken(token: PageToken) {
  return Buffer.from(`${token.time}.${token.kind}.${token.id}`).toString('base64url');
}

const BAD_TOKEN = 'is not a token this query answered';

export function readPageToken(text: string | undefined): PageToken | undefined {
  if (text === undefined) return undefined;
  const m = /^(\d{1,15})\.([01])\.(\d{1,18})$/.exec(Buffer.from(text, 'base64url').toString());
  // A token names a time this query answered: within the times Sightline stores.
  if (!m || !inTimeRange(Number(m[1])))
    throw badRequest(`nextPageToken: ${BAD_TOKEN}`, [{ path: 'nextPageToken', message: BAD_TOKEN }]);
  return { time: Number(m[1]), kind: m[2] === '1' ? 1 : 0, id: Number(m[3]) };
}

/** Event types and actions Sightline's own events have: ObjectEvent, OBSERVE. */
export function asksForObserveObjectEvents(query: EpcisEventsQuery) {
  return (
    (!query.eventType || query.eventType.includes('ObjectEvent')) &&
    (!query.EQ_action || query.EQ_action.includes('OBSERVE'))
  );
}
