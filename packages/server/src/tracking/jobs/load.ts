/**
 * What the scheduled tracking jobs read: things picked by a condition (as the engine's
 * `ThingState`), an organization's zones, and the names and mail addresses their live messages
 * and mails need. Each query builds its JSON in PostgreSQL, as the batch loader does, so the same
 * code reads the same values on PGlite and node-postgres.
 */
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { JobScope } from '../../platform/jobs.js';
import type { ThingState, ZoneModel } from '../engine/index.js';
import type { Directory } from '../store/index.js';
import { type ThingStateJson, toThing, toZone, type ZoneModelJson } from '../store/rows.js';

/** Epoch milliseconds of a timestamptz column. */
const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::bigint`);

/** `now` (epoch ms) as a timestamptz parameter. */
export const tsParam = (now: number) => sql`${new Date(now).toISOString()}::timestamptz`;

/** Most things one job run changes in one organization; the rest wait for the next run. */
const RUN_LIMIT = 2000;

/** Restricts `column` (an organization id) to the scope's organizations, if it names any. */
function inScope(column: string, scope: JobScope): SQL {
  if (!scope.orgIds) return sql`true`;
  return sql`${sql.raw(column)} IN (SELECT jsonb_array_elements_text(${JSON.stringify(scope.orgIds)}::jsonb))`;
}

/** Organizations with at least one thing matching `where` (over things `t` joined with their zone `z`). */
export async function organizationsWith(tx: Tx, where: SQL, scope: JobScope): Promise<string[]> {
  const found = await rows<{ org_id: string }>(
    tx,
    sql`SELECT DISTINCT t.org_id FROM things t JOIN zones z ON z.id = t.zone_id AND z.org_id = t.org_id
      WHERE t.deleted_at IS NULL AND ${inScope('t.org_id', scope)} AND ${where}`,
  );
  return found.map((r) => r.org_id);
}

const thingStateJson = sql`json_build_object('tag', '', 'id', t.id, 'name', t.name, 'class', t.class,
  'siteId', t.site_id, 'zoneId', t.zone_id, 'lastZoneTime', ${ms('t.last_zone_time')},
  'lastEvent', ${ms('t.last_event')}, 'lastEndpointTime', ${ms('t.last_endpoint_time')},
  'endpointId', t.endpoint_id, 'direction', t.direction, 'locationTagId', t.location_tag_id,
  'mapId', t.map_id, 'x', t.x, 'y', t.y, 'alarmTamper', t.alarm_tamper, 'alarmTamperTag', t.alarm_tamper_tag,
  'alarmTamperTime', ${ms('t.alarm_tamper_time')}, 'data', t.data, 'parents', t.parents)`;

/** The names of things a job loaded, and which of them are workers (for its live messages). */
export interface KnownThings {
  names: Map<string, string>;
  workers: Set<string>;
}

export interface LoadedThings extends KnownThings {
  things: ThingState[];
}

/**
 * Live things of the organization matching `where` (things `t`, left-joined with their zone `z`),
 * at most `limit`, oldest stay first.
 */
export async function loadThings(
  tx: Tx,
  orgId: string,
  where: SQL,
  limit = RUN_LIMIT,
): Promise<LoadedThings> {
  const [row] = await rows<{ things: ThingStateJson[] }>(
    tx,
    sql`SELECT coalesce(json_agg(x.thing), '[]') AS things FROM (
        SELECT ${thingStateJson} AS thing FROM things t LEFT JOIN zones z ON z.id = t.zone_id AND z.org_id = t.org_id
        WHERE t.org_id = ${orgId} AND t.deleted_at IS NULL AND ${where}
        ORDER BY t.last_zone_time NULLS LAST, t.id LIMIT ${limit}) x`,
  );
  const found = row?.things ?? [];
  return {
    things: found.map(toThing),
    names: new Map(found.map((t) => [t.id, t.name])),
    workers: new Set(found.filter((t) => t.class === 'worker').map((t) => t.id)),
  };
}

export interface OrgZones {
  zones: Map<string, ZoneModel>;
  names: Map<string, string>;
  emails: Map<string, readonly string[]>;
}

export async function loadZones(tx: Tx, orgId: string): Promise<OrgZones> {
  const [row] = await rows<{ zones: ZoneModelJson[] }>(
    tx,
    sql`SELECT coalesce(json_agg(json_build_object('id', z.id, 'siteId', z.site_id, 'name', z.name,
        'durationNs', z.duration_ns, 'killDuration', z.kill_duration, 'immediateKill', z.immediate_kill,
        'killMode', z.kill_mode, 'gates', z.gates, 'emails', z.emails)), '[]') AS zones
      FROM zones z WHERE z.org_id = ${orgId}`,
  );
  const found = row?.zones ?? [];
  return {
    zones: new Map(found.map((z) => [z.id, toZone(z)])),
    names: new Map(found.map((z) => [z.id, z.name])),
    emails: new Map(found.map((z) => [z.id, z.emails ?? []])),
  };
}

/** The directory of a job's live messages and mails. */
export function directoryOf(zones: OrgZones, known: KnownThings): Directory {
  return {
    zoneNames: zones.names,
    zoneEmails: zones.emails,
    endpointNames: new Map(),
    thingNames: known.names,
    workers: known.workers,
    locationTagNames: new Map(),
  };
}
