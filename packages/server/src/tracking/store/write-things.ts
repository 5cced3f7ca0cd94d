/**
 * Writes the engine's things and enrolled location tags in bulk: new things inserted with their
 * full state (plus their thing_tags row), changed things updated from one jsonb recordset.
 * Enrolling claims tags: it takes the per-tag advisory locks the things and location tags editors
 * take (key `tag:<org>:<tag>`, see features/things/tags.ts) and inserts only when no thing or
 * location tag holds the tag; a tag claimed meanwhile raises `StaleStateError` and the batch is
 * retried on fresh state.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { tagLockTextSql, textLockKey } from '../../db/locks.js';
import type { EngineOutput, NewLocationTag, ThingState } from '../engine/index.js';
import { boolArray, jsonArray, numberArray, textArray, timeArray } from './arrays.js';

export class StaleStateError extends Error {
  constructor(what: string) {
    super(`tracking state changed during the batch: ${what}`);
    this.name = 'StaleStateError';
  }
}

/** Same key and order as the things editor, so an enrolment and an edit cannot claim one tag at once. */
export async function lockTags(tx: Tx, orgId: string, tags: readonly string[]): Promise<void> {
  if (!tags.length) return;
  await tx.execute(
    sql`SELECT count(pg_advisory_xact_lock(${textLockKey(tagLockTextSql(orgId, sql`t.tag`))}))
        FROM (SELECT jsonb_array_elements_text(${JSON.stringify([...tags].sort())}::jsonb) AS tag ORDER BY 1) t`,
  );
}

/** Epoch ms of a timestamptz column, as the load reads it. */
const msOf = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::bigint`);

/**
 * `before` (ingest partitions): the things as loaded; an update then applies only to a row that
 * still holds the loaded zone and times, and a row another writer changed meanwhile raises
 * `StaleStateError` (the batch runs again on fresh state).
 */
export async function writeThings(
  tx: Tx,
  orgId: string,
  output: EngineOutput,
  now: string,
  before?: ReadonlyMap<string, ThingState>,
): Promise<void> {
  if (!output.things.length) return;
  const created = new Map(output.newThings.map((n) => [n.id, n]));
  const input = output.things.map((t) => ({ t, born: created.get(t.id) }));
  const was = before
    ? input.flatMap((r) => (r.born ? [] : [before.get(r.t.id)])).filter((t) => t !== undefined)
    : [];
  const guard = before
    ? sql` AND EXISTS (SELECT 1 FROM unnest(${textArray(was, (w) => w.id)}::text[], ${textArray(was, (w) => w.zoneId)}::text[],
          ${numberArray(was, (w) => w.lastZoneTime)}::bigint[], ${numberArray(was, (w) => w.lastEvent)}::bigint[],
          ${numberArray(was, (w) => w.lastEndpointTime)}::bigint[]) AS w(id, zone_id, zone_time, event, endpoint_time)
        WHERE w.id = t.id AND t.zone_id IS NOT DISTINCT FROM w.zone_id
          AND ${msOf('t.last_zone_time')} IS NOT DISTINCT FROM w.zone_time AND ${msOf('t.last_event')} IS NOT DISTINCT FROM w.event
          AND ${msOf('t.last_endpoint_time')} IS NOT DISTINCT FROM w.endpoint_time)`
    : sql``;
  // Typed column arrays (arrays.ts).
  const [result] = await rows<{ expected: number; tagged: number; updated: number; inserted: number }>(
    tx,
    sql`WITH input AS MATERIALIZED (
        SELECT * FROM unnest(${textArray(input, (r) => r.t.id)}::text[],
          ${boolArray(input, (r) => r.born !== undefined)}::boolean[], ${textArray(input, (r) => r.born?.name)}::text[],
          ${textArray(input, (r) => r.born?.class ?? r.t.class)}::text[], ${textArray(input, (r) => r.t.siteId)}::text[],
          ${textArray(input, (r) => r.born?.tag)}::text[], ${textArray(input, (r) => r.t.zoneId)}::text[],
          ${timeArray(input, (r) => r.t.lastZoneTime)}::timestamptz[], ${timeArray(input, (r) => r.t.lastEvent)}::timestamptz[],
          ${timeArray(input, (r) => r.t.lastEndpointTime)}::timestamptz[], ${textArray(input, (r) => r.t.endpointId)}::text[],
          ${textArray(input, (r) => r.t.direction)}::text[], ${textArray(input, (r) => r.t.locationTagId)}::text[],
          ${textArray(input, (r) => r.t.mapId)}::text[], ${numberArray(input, (r) => r.t.x)}::double precision[],
          ${numberArray(input, (r) => r.t.y)}::double precision[], ${boolArray(input, (r) => r.t.alarmTamper)}::boolean[],
          ${textArray(input, (r) => r.t.alarmTamperTag)}::text[],
          ${timeArray(input, (r) => r.t.alarmTamperTime)}::timestamptz[], ${jsonArray(input, (r) => r.t.data)}::jsonb[],
          ${boolArray(input, (r) => r.t.deleted)}::boolean[], ${textArray(input, (r) => r.t.pendingZoneId)}::text[],
          ${timeArray(input, (r) => r.t.pendingZoneSince)}::timestamptz[])
          AS x(id, is_new, name, class, site_id, tag, zone_id, last_zone_time, last_event, last_endpoint_time,
            endpoint_id, direction, location_tag_id, map_id, x, y, alarm_tamper, alarm_tamper_tag, alarm_tamper_time,
            data, deleted, pending_zone_id, pending_zone_since)),
      inserted AS (
        INSERT INTO things (id, org_id, site_id, name, class, tag1, zone_id, last_zone_time, last_event,
          last_endpoint_time, endpoint_id, direction, location_tag_id, map_id, x, y, alarm_tamper, alarm_tamper_tag,
          alarm_tamper_time, data, deleted_at, pending_zone_id, pending_zone_since)
        SELECT id, ${orgId}, site_id, name, class, tag, zone_id, last_zone_time, last_event, last_endpoint_time,
          endpoint_id, direction, location_tag_id, map_id, x, y, alarm_tamper, alarm_tamper_tag, alarm_tamper_time,
          data, CASE WHEN deleted THEN ${now}::timestamptz END, pending_zone_id, pending_zone_since
        FROM input WHERE is_new RETURNING id),
      tagged AS (
        INSERT INTO thing_tags (org_id, tag, thing_id)
        SELECT ${orgId}, x.tag, x.id FROM input x
        WHERE x.is_new AND NOT x.deleted
          AND NOT EXISTS (SELECT 1 FROM location_tags l WHERE l.org_id = ${orgId} AND l.tag = x.tag)
        ON CONFLICT DO NOTHING RETURNING tag),
      updated AS (
        UPDATE things t SET zone_id = x.zone_id, last_zone_time = x.last_zone_time, last_event = x.last_event,
          last_endpoint_time = x.last_endpoint_time, endpoint_id = x.endpoint_id, direction = x.direction,
          location_tag_id = x.location_tag_id, map_id = x.map_id, x = x.x, y = x.y, alarm_tamper = x.alarm_tamper,
          alarm_tamper_tag = x.alarm_tamper_tag, alarm_tamper_time = x.alarm_tamper_time, data = t.data || x.data,
          pending_zone_id = x.pending_zone_id, pending_zone_since = x.pending_zone_since,
          deleted_at = CASE WHEN x.deleted THEN coalesce(t.deleted_at, ${now}::timestamptz) ELSE t.deleted_at END
        FROM input x WHERE NOT x.is_new AND t.id = x.id AND t.org_id = ${orgId}${guard}
        RETURNING t.id)
    SELECT (SELECT count(*) FROM input WHERE is_new AND NOT deleted)::int AS expected,
           (SELECT count(*) FROM tagged)::int AS tagged, (SELECT count(*) FROM updated)::int AS updated,
           (SELECT count(*) FROM inserted)::int AS inserted`,
  );
  if (result && result.tagged !== result.expected) throw new StaleStateError('an enrolled tag was claimed');
  if (before && result && result.updated !== input.length - created.size) {
    throw new StaleStateError('a thing was changed by another writer');
  }
  const deleted = output.things.filter((t) => t.deleted && !created.has(t.id)).map((t) => t.id);
  if (deleted.length) await releaseDeleted(tx, orgId, deleted);
}

/** Soft-deleted by a kill: the tags are free again and the children lose the parent (as a manual delete). */
async function releaseDeleted(tx: Tx, orgId: string, ids: string[]): Promise<void> {
  const list = JSON.stringify(ids);
  await tx.execute(
    sql`WITH gone AS (SELECT jsonb_array_elements_text(${list}::jsonb) AS id),
      untagged AS (DELETE FROM thing_tags WHERE org_id = ${orgId} AND thing_id IN (SELECT id FROM gone))
    UPDATE things SET parents = ARRAY(SELECT p FROM unnest(parents) p WHERE p NOT IN (SELECT id FROM gone))
    WHERE org_id = ${orgId} AND parents && ARRAY(SELECT id FROM gone)`,
  );
}

export async function writeLocationTags(
  tx: Tx,
  orgId: string,
  created: readonly NewLocationTag[],
): Promise<void> {
  if (!created.length) return;
  const input = created.map((l) => ({
    id: l.id,
    site_id: l.siteId,
    name: l.name,
    tag: l.tag,
    zone_id: l.zoneId,
    map_id: l.mapId,
    x: l.x,
    y: l.y,
  }));
  const inserted = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO location_tags (id, org_id, site_id, name, tag, zone_id, map_id, x, y)
      SELECT x.id, ${orgId}, x.site_id, x.name, x.tag, x.zone_id, x.map_id, x.x, x.y
      FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(id text, site_id text, name text, tag text,
        zone_id text, map_id text, x double precision, y double precision)
      WHERE NOT EXISTS (SELECT 1 FROM thing_tags tt WHERE tt.org_id = ${orgId} AND tt.tag = x.tag)
      ON CONFLICT DO NOTHING RETURNING id`,
  );
  if (inserted.length !== created.length) throw new StaleStateError('an enrolled location tag was claimed');
}
