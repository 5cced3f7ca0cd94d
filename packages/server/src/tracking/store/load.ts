/**
 * Loads what one batch needs in ONE statement (one round trip): the organization's zones (a stay
 * may close in another site), the site's endpoints with their current location tags, the maps,
 * the location tags among the batch's tags, and the state of the batch's tags — their things
 * (thing_tags ⨝ things) and open events (tag_state ⨝ events). The per-tag rows are aggregated as
 * `json_agg` of a subquery's rows (row_to_json): several times cheaper than `json_build_object`
 * per row, which looks up each argument's type output on every call.
 */

import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import {
  buildSiteModel,
  type EngineState,
  type LocationTagModel,
  type SiteModel,
  type ThingState,
} from '../engine/index.js';
import { textArray } from './arrays.js';
import {
  type EndpointRow,
  type LocationTagRow,
  type MapRow,
  type OpenEventRow,
  type ThingRow,
  toEndpoint,
  toMap,
  toOpenEvent,
  toThing,
  toZone,
  type ZoneRow,
} from './rows.js';

/** Names and mail addresses the engine does not need but live messages and mails do. */
export interface Directory {
  zoneNames: ReadonlyMap<string, string>;
  zoneEmails: ReadonlyMap<string, readonly string[]>;
  endpointNames: ReadonlyMap<string, string>;
  thingNames: Map<string, string>;
  locationTagNames: ReadonlyMap<string, string>;
}

export interface Loaded {
  model: SiteModel;
  state: EngineState;
  directory: Directory;
  /** Thing id → partition key (its smallest tag), when loaded for a partition (partitions.ts). */
  partitionKeys?: ReadonlyMap<string, string>;
}

/** Epoch milliseconds of a timestamptz column, as a JSON number. */
const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::bigint`);

interface LoadRow {
  zones: ZoneRow[];
  endpoints: EndpointRow[];
  maps: MapRow[];
  location_tags: LocationTagRow[];
  things: ThingRow[];
  open_events: OpenEventRow[];
}

/**
 * `endpointIds` name the batch's endpoints (one, or several for a group of batches): the endpoints
 * of their sites (as stored now, not as an auth cache remembers them) are loaded; null loads none
 * (a manual move).
 */
export async function loadBatch(
  tx: Tx,
  orgId: string,
  endpointIds: string | readonly string[] | null,
  tags: readonly string[],
  partitionKeys = false,
): Promise<Loaded> {
  const batchEndpoints =
    endpointIds === null ? [] : typeof endpointIds === 'string' ? [endpointIds] : endpointIds;
  const [row] = await rows<LoadRow>(
    tx,
    sql`WITH batch_tags AS (SELECT DISTINCT unnest(${textArray(tags, (t) => t)}::text[]) AS tag),
      site_endpoints AS (SELECT * FROM endpoints WHERE org_id = ${orgId}
        AND site_id IN (SELECT site_id FROM endpoints WHERE org_id = ${orgId}
          AND id = ANY(${textArray(batchEndpoints, (e) => e)}::text[])))
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', z.id, 'siteId', z.site_id, 'name', z.name,
          'durationNs', z.duration_ns, 'killDuration', z.kill_duration, 'immediateKill', z.immediate_kill,
          'killMode', z.kill_mode, 'gates', z.gates, 'emails', z.emails)), '[]')
        FROM zones z WHERE z.org_id = ${orgId}) AS zones,
      (SELECT coalesce(json_agg(json_build_object('id', e.id, 'siteId', e.site_id, 'name', e.name,
          'externalGate', e.external_gate, 'autoEnroll', e.auto_enroll, 'autoEnrollLocations', e.auto_enroll_locations,
          'mapId', e.map_id, 'x', e.x, 'y', e.y, 'antennas', e.antennas, 'locationTagId', e.location_tag_id)), '[]')
        FROM site_endpoints e) AS endpoints,
      (SELECT coalesce(json_agg(json_build_object('id', m.id, 'topLeftX', m.top_left_x, 'topLeftY', m.top_left_y,
          'botRightX', m.bot_right_x, 'botRightY', m.bot_right_y)), '[]')
        FROM maps m WHERE m.org_id = ${orgId}) AS maps,
      (SELECT coalesce(json_agg(json_build_object('id', l.id, 'tag', l.tag, 'name', l.name, 'siteId', l.site_id,
          'zoneId', l.zone_id, 'mapId', l.map_id, 'x', l.x, 'y', l.y)), '[]')
        FROM location_tags l WHERE l.org_id = ${orgId}
          AND (l.tag IN (SELECT tag FROM batch_tags) OR l.id IN (SELECT location_tag_id FROM site_endpoints))) AS location_tags,
      (SELECT coalesce(json_agg(r), '[]') FROM (SELECT tt.tag, t.id, t.name, t.class, t.site_id AS "siteId",
          t.zone_id AS "zoneId", ${ms('t.last_zone_time')} AS "lastZoneTime", ${ms('t.last_event')} AS "lastEvent",
          ${ms('t.last_endpoint_time')} AS "lastEndpointTime", t.endpoint_id AS "endpointId", t.direction,
          t.location_tag_id AS "locationTagId", t.map_id AS "mapId", t.x, t.y, t.alarm_tamper AS "alarmTamper",
          t.alarm_tamper_tag AS "alarmTamperTag", ${ms('t.alarm_tamper_time')} AS "alarmTamperTime", t.data, t.parents${
            partitionKeys
              ? sql`, (SELECT min(k.tag) FROM thing_tags k WHERE k.org_id = ${orgId} AND k.thing_id = t.id) AS "partitionKey"`
              : sql``
          }
        FROM thing_tags tt JOIN things t ON t.id = tt.thing_id AND t.deleted_at IS NULL
        WHERE tt.org_id = ${orgId} AND tt.tag IN (SELECT tag FROM batch_tags)) r) AS things,
      (SELECT coalesce(json_agg(r), '[]') FROM (SELECT ev.id AS "eventId", s.tag, ev.thing_id AS "thingId",
          ev.site_id AS "siteId", ev.endpoint_id AS "endpointId", ev.antenna, ev.direction, ev.zone_id AS "zoneId",
          ev.location_tag_id AS "locationTagId", ${ms('ev.first_time')} AS "firstTime", ${ms('ev.time')} AS "time",
          ev.repeat_count AS "repeatCount", ev.alarm_tamper AS "alarmTamper", ev.data
        FROM tag_state s JOIN events ev ON ev.id = s.event_id
        WHERE s.org_id = ${orgId} AND s.tag IN (SELECT tag FROM batch_tags)) r) AS open_events`,
  );
  if (!row) throw new Error('load returned no row');
  const loaded = assemble(row);
  if (partitionKeys) loaded.partitionKeys = new Map(row.things.map((t) => [t.id, t.partitionKey ?? t.tag]));
  return loaded;
}

function assemble(row: LoadRow): Loaded {
  const locationTags = new Map<string, LocationTagModel>(row.location_tags.map((l) => [l.id, l]));
  const things = new Map<string, ThingState>();
  const tags = new Map<string, string>();
  const thingNames = new Map<string, string>();
  for (const t of row.things) {
    tags.set(t.tag, t.id);
    thingNames.set(t.id, t.name);
    if (!things.has(t.id)) things.set(t.id, toThing(t));
  }
  const model = buildSiteModel({
    zones: row.zones.map(toZone),
    endpoints: row.endpoints.map((e) => toEndpoint(e, locationTags)),
    locationTags: [...locationTags.values()],
    maps: row.maps.map(toMap),
  });
  return {
    model,
    state: { things, tags, openEvents: new Map(row.open_events.map((e) => [e.tag, toOpenEvent(e)])) },
    directory: {
      zoneNames: new Map(row.zones.map((z) => [z.id, z.name])),
      zoneEmails: new Map(row.zones.map((z) => [z.id, z.emails ?? []])),
      endpointNames: new Map(row.endpoints.map((e) => [e.id, e.name])),
      thingNames,
      locationTagNames: new Map(row.location_tags.map((l) => [l.id, l.name])),
    },
  };
}
