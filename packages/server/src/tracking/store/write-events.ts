/**
 * Writes events, stays, exceptions and endpoint updates in bulk. Events: one statement inserts the
 * new ones (ids drawn from the sequence up front, so each write knows its id), adds merged
 * repeats to stored ones (`repeat_count + n`: correct whatever another reader of the row saw),
 * and points each tag's tag_state at its open event when that is a new one (a merge leaves the
 * row as it is: most writes of a busy reader are merges, and the row has nothing else to learn).
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { newId } from '../../platform/ids.js';
import type { EventWrite, ExceptionRecord, ZoneStay } from '../engine/index.js';
import { boolArray, jsonArray, numberArray, textArray, timeArray } from './arrays.js';
import { StaleStateError } from './write-things.js';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Writes the events; returns each write's id (new or stored). `mergedMustExist`: a stored event
 * merged into that is gone raises `StaleStateError` (the batch's state was kept, not read).
 */
export async function writeEvents(
  tx: Tx,
  orgId: string,
  events: readonly EventWrite[],
  mergedMustExist = false,
): Promise<Map<EventWrite, number>> {
  const ids = new Map<EventWrite, number>();
  if (!events.length) return ids;
  // Typed column arrays (arrays.ts); `ord` (from 0) is the write's index in `events`.
  const written = await rows<{ ord: number; id: string | number; merged: number }>(
    tx,
    sql`WITH input AS MATERIALIZED (
        SELECT x.*, CASE WHEN x.event_id IS NULL
            THEN nextval((SELECT pg_get_serial_sequence('events', 'id'))) ELSE x.event_id END AS id
        FROM (SELECT u.*, (u.n - 1)::int AS ord FROM unnest(${numberArray(events, (e) => e.eventId)}::bigint[],
          ${textArray(events, (e) => e.tag)}::text[], ${textArray(events, (e) => e.thingId)}::text[],
          ${textArray(events, (e) => e.siteId)}::text[], ${textArray(events, (e) => e.endpointId)}::text[],
          ${numberArray(events, (e) => e.antenna)}::int[], ${textArray(events, (e) => e.direction)}::text[],
          ${textArray(events, (e) => e.zoneId)}::text[], ${textArray(events, (e) => e.locationTagId)}::text[],
          ${timeArray(events, (e) => e.firstTime)}::timestamptz[], ${timeArray(events, (e) => e.time)}::timestamptz[],
          ${numberArray(events, (e) => e.repeatCount)}::int[], ${numberArray(events, (e) => e.addedRepeats)}::int[],
          ${boolArray(events, (e) => e.alarmTamper)}::boolean[], ${jsonArray(events, (e) => e.data)}::jsonb[],
          ${boolArray(events, (e) => e.open)}::boolean[], ${numberArray(events, (e) => e.rssi)}::real[])
          WITH ORDINALITY AS u(event_id, tag, thing_id, site_id, endpoint_id, antenna, direction, zone_id,
            location_tag_id, first_time, time, repeat_count, added, alarm, data, open, rssi, n)) x),
      inserted AS (
        INSERT INTO events (id, org_id, site_id, tag, thing_id, time, first_time, repeat_count, direction,
          endpoint_id, antenna, zone_id, location_tag_id, alarm_tamper, data, rssi)
        SELECT id, ${orgId}, site_id, tag, thing_id, time, first_time, repeat_count, direction, endpoint_id,
          antenna, zone_id, location_tag_id, alarm, data, rssi
        FROM input WHERE event_id IS NULL ORDER BY ord),
      merged AS (
        UPDATE events e SET repeat_count = e.repeat_count + x.added, time = greatest(e.time, x.time),
          first_time = least(e.first_time, x.first_time), data = x.data, alarm_tamper = x.alarm,
          rssi = x.rssi
        FROM input x WHERE x.event_id IS NOT NULL AND e.id = x.event_id AND e.org_id = ${orgId}
        RETURNING e.id),
      -- Only a NEW open event moves tag_state: a stored event merged into was loaded through it,
      -- so its row already names that event (and its endpoint, antenna, direction and zone).
      opened AS (
        INSERT INTO tag_state (org_id, tag, event_id, endpoint_id, antenna, direction, zone_id, last_time)
        SELECT ${orgId}, tag, id, endpoint_id, antenna, direction, zone_id, time
        FROM input WHERE open AND endpoint_id IS NOT NULL AND event_id IS NULL
        ON CONFLICT (org_id, tag) DO UPDATE SET event_id = excluded.event_id, endpoint_id = excluded.endpoint_id,
          antenna = excluded.antenna, direction = excluded.direction, zone_id = excluded.zone_id,
          last_time = excluded.last_time),
      -- An event without endpoint (manual move) can never be merged into: the tag has no open event.
      closed AS (
        DELETE FROM tag_state s USING input x
        WHERE x.open AND x.endpoint_id IS NULL AND s.org_id = ${orgId} AND s.tag = x.tag)
    SELECT ord, id, (SELECT count(*) FROM merged)::int AS merged FROM input`,
  );
  const merging = events.filter((e) => e.eventId !== null).length;
  if (mergedMustExist && (written[0]?.merged ?? 0) !== merging) {
    throw new StaleStateError('an open event merged into is gone');
  }
  for (const row of written) {
    const event = events[row.ord];
    if (event) ids.set(event, Number(row.id));
  }
  return ids;
}

export interface EndpointWrite {
  endpointId: string;
  /** Set by a location-tag sighting; null = unchanged. */
  locationTagId: string | null;
  /** Every accepted ingest counts as a sign of life (readers that always read never send a heartbeat). */
  heartbeat: boolean;
}

export interface StoredException {
  id: string;
  record: ExceptionRecord;
}

/** Stays, endpoint updates and exceptions in one statement; returns only the exceptions inserted. */
export async function writeRest(
  tx: Tx,
  orgId: string,
  stays: readonly ZoneStay[],
  endpoints: readonly EndpointWrite[],
  exceptions: readonly ExceptionRecord[],
  now: number,
): Promise<StoredException[]> {
  if (!stays.length && !endpoints.length && !exceptions.length) return [];
  const withIds = exceptions.map((record) => ({ id: newId(now), record }));
  const exceptionInput = withIds.map(({ id, record: r }) => ({
    id,
    site_id: r.siteId,
    type: r.type,
    time: iso(r.time),
    thing_id: r.thingId,
    zone_id: r.zoneId,
    multiple_things: r.multipleThings,
    ns: r.timeDurationNs,
    stay_start: r.stayStart === null ? null : iso(r.stayStart),
    expected_zone_id: r.expectedZoneId,
  }));
  const inserted = await rows<{ id: string }>(
    tx,
    sql`WITH stays AS (
        INSERT INTO zone_durations (org_id, site_id, thing_id, zone_id, time_start, time_end, time_duration_ns)
        SELECT ${orgId}, site_id, thing_id, zone_id, time_start, time_end, ns
        FROM unnest(${textArray(stays, (s) => s.thingId)}::text[], ${textArray(stays, (s) => s.zoneId)}::text[],
          ${textArray(stays, (s) => s.siteId)}::text[], ${timeArray(stays, (s) => s.timeStart)}::timestamptz[],
          ${timeArray(stays, (s) => s.timeEnd)}::timestamptz[], ${numberArray(stays, (s) => s.timeDurationNs)}::bigint[])
          AS x(thing_id, zone_id, site_id, time_start, time_end, ns)),
      endpoint_updates AS (
        UPDATE endpoints e SET location_tag_id = coalesce(x.location_tag_id, e.location_tag_id),
          last_heartbeat = CASE WHEN x.beat THEN ${iso(now)}::timestamptz ELSE e.last_heartbeat END
        FROM unnest(${textArray(endpoints, (e) => e.endpointId)}::text[],
          ${textArray(endpoints, (e) => e.locationTagId)}::text[], ${boolArray(endpoints, (e) => e.heartbeat)}::boolean[])
          AS x(id, location_tag_id, beat)
        WHERE e.id = x.id AND e.org_id = ${orgId}),
      raised AS (
        INSERT INTO exceptions (id, org_id, site_id, type, time, thing_id, zone_id, multiple_things, time_duration_ns,
          stay_start, expected_zone_id)
        SELECT id, ${orgId}, site_id, type, time, thing_id, zone_id, multiple_things, ns, stay_start, expected_zone_id
        FROM jsonb_to_recordset(${JSON.stringify(exceptionInput)}::jsonb) AS x(id text, site_id text, type text,
          time timestamptz, thing_id text, zone_id text, multiple_things text[], ns bigint, stay_start timestamptz,
          expected_zone_id text)
        ON CONFLICT DO NOTHING RETURNING id)
    SELECT id FROM raised`,
  );
  const kept = new Set(inserted.map((r) => r.id));
  return withIds.filter((e) => kept.has(e.id));
}
