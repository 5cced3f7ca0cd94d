/**
 * Loads what one batch needs in ONE statement (one round trip): the state of the batch's tags —
 * their things (thing_tags ⨝ things) and open events (tag_state ⨝ events) — and the current
 * location of the batch's endpoints, always; the organization's configuration (zones — a stay may
 * close in another site —, endpoints, maps, location tags) only when its version is not the one
 * the instance keeps (config.ts). The per-tag rows are aggregated as `json_agg` of a subquery's
 * rows (row_to_json): several times cheaper than `json_build_object` per row, which looks up each
 * argument's type output on every call.
 *
 * A column read here from zones, endpoints, maps or location_tags must be one whose change bumps
 * the configuration version (migration 0017's triggers), except an endpoint's location_tag_id.
 */

import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import {
  buildSiteModel,
  type EndpointModel,
  type EngineState,
  type LocationTagModel,
  type SiteModel,
  type ThingState,
} from '../engine/index.js';
import { textArray } from './arrays.js';
import type { ConfigCache, OrgConfig } from './config.js';
import type { KeptState } from './kept-state.js';
import {
  type EndpointModelJson,
  type LocationTagModelJson,
  locationOf,
  type MapModelJson,
  type OpenEventJson,
  type ThingStateJson,
  toEndpoint,
  toMap,
  toOpenEvent,
  toThing,
  toZone,
  type ZoneModelJson,
} from './rows.js';

/** Names and mail addresses the engine does not need but live messages and mails do. */
export interface Directory {
  zoneNames: ReadonlyMap<string, string>;
  zoneEmails: ReadonlyMap<string, readonly string[]>;
  endpointNames: ReadonlyMap<string, string>;
  thingNames: Map<string, string>;
  /** The workers among the things named (their live messages say so: features/live/present.ts). */
  workers: ReadonlySet<string>;
  locationTagNames: ReadonlyMap<string, string>;
}

export interface Loaded {
  model: SiteModel;
  state: EngineState;
  directory: Directory;
  /** Thing id → partition key (its smallest tag), when loaded for a partition (partitions.ts). */
  partitionKeys?: ReadonlyMap<string, string>;
  /** Whether the configuration came from the statement (false: the instance's kept one). */
  configLoaded: boolean;
  /** With `kept`: whether its state is still the database's (only its unknown tags were read). */
  keptValid: boolean;
  /** `organizations.tracking_state_version` in the statement's snapshot. */
  stateVersion: number;
  /** The tags whose state the statement read. */
  read: readonly string[];
}

/** A keeping ingest's load (kept-state.ts): only the tags its kept state does not know, if still valid. */
interface KeptLoad {
  partition: number;
  /** The partition's kept state, if any. */
  base: KeptState | undefined;
  /** The batch's tags the kept state does not know. */
  missing: readonly string[];
}

export interface LoadOptions {
  /** The instance's kept configurations; without one the configuration is read every time. */
  cache?: ConfigCache;
  /** Load each thing's partition key (a partition transaction, partitions.ts). */
  partitionKeys?: boolean;
  /**
   * The keeping ingest's kept state: the statement marks the transaction as the keeping writer
   * (migration 0035's triggers skip its writes) and reads only `missing` when both state versions
   * are the kept ones, every tag otherwise.
   */
  kept?: KeptLoad;
}

/** Epoch milliseconds of a timestamptz column, as a JSON number. */
const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::bigint`);

interface LoadRow {
  /** The organization's configuration version (null: no such organization row). */
  config_version: number | null;
  /** Whether the configuration columns below were read (the version is not the kept one). */
  config_loaded: boolean;
  state_version: number | null;
  /** Whether the kept state is the database's (both versions are the kept ones). */
  kept_valid: boolean;
  zones: ZoneModelJson[];
  endpoints: EndpointModelJson[];
  maps: MapModelJson[];
  location_tags: LocationTagModelJson[];
  endpoint_locations: { id: string; locationTagId: string | null }[];
  things: ThingStateJson[];
  open_events: OpenEventJson[];
}

/**
 * `endpointIds` name the batch's endpoints (one, or several for a group of batches; null for a
 * manual move): their current locations are read fresh. The configuration is the whole
 * organization's (as stored now, not as an auth cache remembers it), read only when `cache`
 * does not hold its current version.
 */
export async function loadBatch(
  tx: Tx,
  orgId: string,
  endpointIds: string | readonly string[] | null,
  tags: readonly string[],
  options: LoadOptions = {},
): Promise<Loaded> {
  const batchEndpoints =
    endpointIds === null ? [] : typeof endpointIds === 'string' ? [endpointIds] : endpointIds;
  const kept = options.cache?.get(orgId);
  // `config.stale` is an InitPlan: when false, each configuration subquery is skipped whole
  // (a One-Time Filter), so a batch on a kept configuration reads one organization row for it.
  const stale = sql`(SELECT stale FROM config)`;
  const keep = options.kept;
  const base = keep?.base;
  const keptValid = base
    ? sql`o.tracking_state_version = ${base.orgVersion}::bigint AND ${base.version}::bigint = (SELECT v.version
        FROM tracking_state_versions v WHERE v.org_id = ${orgId} AND v.partition = ${keep.partition})`
    : sql`false`;
  const [row] = await rows<LoadRow>(
    tx,
    sql`WITH config AS (SELECT o.tracking_config_version::float8 AS version,
          o.tracking_config_version IS DISTINCT FROM ${kept?.version ?? null}::bigint AS stale,
          o.tracking_state_version::float8 AS state_version, coalesce(${keptValid}, false) AS kept_valid
        FROM (VALUES (1)) one LEFT JOIN organizations o ON o.id = ${orgId}),
      batch_tags AS (SELECT DISTINCT unnest(CASE WHEN (SELECT kept_valid FROM config)
        THEN ${textArray(keep?.missing ?? [], (t) => t)}::text[] ELSE ${textArray(tags, (t) => t)}::text[] END) AS tag)
    SELECT (SELECT version FROM config) AS config_version, ${stale} AS config_loaded,
      (SELECT state_version FROM config) AS state_version, (SELECT kept_valid FROM config) AS kept_valid,${
        keep ? sql` set_config('sightline.kept_state', 'on', true) IS NOT NULL AS keeping,` : sql``
      }
      (SELECT coalesce(json_agg(json_build_object('id', z.id, 'siteId', z.site_id, 'name', z.name,
          'durationNs', z.duration_ns, 'entryDelayNs', z.entry_delay_ns, 'killDuration', z.kill_duration, 'immediateKill', z.immediate_kill,
          'killMode', z.kill_mode, 'gates', z.gates, 'emails', z.emails)), '[]')
        FROM zones z WHERE z.org_id = ${orgId} AND ${stale}) AS zones,
      (SELECT coalesce(json_agg(json_build_object('id', e.id, 'siteId', e.site_id, 'name', e.name,
          'externalGate', e.external_gate, 'autoEnroll', e.auto_enroll, 'autoEnrollLocations', e.auto_enroll_locations,
          'mapId', e.map_id, 'x', e.x, 'y', e.y, 'antennas', e.antennas, 'locationTagId', e.location_tag_id)), '[]')
        FROM endpoints e WHERE e.org_id = ${orgId} AND ${stale}) AS endpoints,
      (SELECT coalesce(json_agg(json_build_object('id', m.id, 'topLeftX', m.top_left_x, 'topLeftY', m.top_left_y,
          'botRightX', m.bot_right_x, 'botRightY', m.bot_right_y)), '[]')
        FROM maps m WHERE m.org_id = ${orgId} AND ${stale}) AS maps,
      (SELECT coalesce(json_agg(json_build_object('id', l.id, 'tag', l.tag, 'name', l.name, 'siteId', l.site_id,
          'zoneId', l.zone_id, 'mapId', l.map_id, 'x', l.x, 'y', l.y)), '[]')
        FROM location_tags l WHERE l.org_id = ${orgId} AND ${stale}) AS location_tags,
      (SELECT coalesce(json_agg(json_build_object('id', e.id, 'locationTagId', e.location_tag_id)), '[]')
        FROM endpoints e WHERE e.org_id = ${orgId}
          AND e.id = ANY(${textArray(batchEndpoints, (e) => e)}::text[])) AS endpoint_locations,
      (SELECT coalesce(json_agg(r), '[]') FROM (SELECT tt.tag, t.id, t.name, t.class, t.site_id AS "siteId",
          t.zone_id AS "zoneId", ${ms('t.last_zone_time')} AS "lastZoneTime", ${ms('t.last_event')} AS "lastEvent",
          t.pending_zone_id AS "pendingZoneId", ${ms('t.pending_zone_since')} AS "pendingZoneSince",
          ${ms('t.last_endpoint_time')} AS "lastEndpointTime", t.endpoint_id AS "endpointId", t.direction,
          t.location_tag_id AS "locationTagId", t.map_id AS "mapId", t.x, t.y, t.alarm_tamper AS "alarmTamper",
          t.alarm_tamper_tag AS "alarmTamperTag", ${ms('t.alarm_tamper_time')} AS "alarmTamperTime", t.data, t.parents${
            options.partitionKeys
              ? sql`, (SELECT min(k.tag) FROM thing_tags k WHERE k.org_id = ${orgId} AND k.thing_id = t.id) AS "partitionKey"`
              : sql``
          }
        FROM thing_tags tt JOIN things t ON t.id = tt.thing_id AND t.deleted_at IS NULL
        WHERE tt.org_id = ${orgId} AND tt.tag IN (SELECT tag FROM batch_tags)) r) AS things,
      (SELECT coalesce(json_agg(r), '[]') FROM (SELECT ev.id AS "eventId", s.tag, ev.thing_id AS "thingId",
          ev.site_id AS "siteId", ev.endpoint_id AS "endpointId", ev.antenna, ev.direction, ev.zone_id AS "zoneId",
          ev.location_tag_id AS "locationTagId", ${ms('ev.first_time')} AS "firstTime", ${ms('ev.time')} AS "time",
          ev.repeat_count AS "repeatCount", ev.alarm_tamper AS "alarmTamper", ev.data, ev.rssi
        FROM tag_state s JOIN events ev ON ev.id = s.event_id
        WHERE s.org_id = ${orgId} AND s.tag IN (SELECT tag FROM batch_tags)) r) AS open_events`,
  );
  if (!row) throw new Error('load returned no row');
  let config = row.config_loaded ? undefined : kept;
  if (!config) {
    config = configOf(row);
    if (row.config_version !== null) options.cache?.keep(orgId, config);
  }
  const loaded = assemble(row, config);
  loaded.keptValid = row.kept_valid;
  loaded.stateVersion = row.state_version ?? 0;
  loaded.read = row.kept_valid ? (keep?.missing ?? []) : tags;
  if (options.partitionKeys) {
    loaded.partitionKeys = new Map(row.things.map((t) => [t.id, t.partitionKey ?? t.tag]));
  }
  return loaded;
}

/** The configuration the statement read, built into the engine's model once per version. */
function configOf(row: LoadRow): OrgConfig {
  const locationTags = new Map<string, LocationTagModel>(row.location_tags.map((l) => [l.id, l]));
  const model = buildSiteModel({
    zones: row.zones.map(toZone),
    endpoints: row.endpoints.map((e) => toEndpoint(e, locationTags)),
    locationTags: [...locationTags.values()],
    maps: row.maps.map(toMap),
  });
  return {
    version: row.config_version ?? -1,
    model,
    locationTagsById: locationTags,
    names: {
      zoneNames: new Map(row.zones.map((z) => [z.id, z.name])),
      zoneEmails: new Map(row.zones.map((z) => [z.id, z.emails ?? []])),
      endpointNames: new Map(row.endpoints.map((e) => [e.id, e.name])),
      locationTagNames: new Map(row.location_tags.map((l) => [l.id, l.name])),
    },
  };
}

/**
 * The batch's endpoints where they are now (a handheld's location changes with the location tags
 * it reads, by the batches themselves, without a configuration version): the kept model as it is
 * when every location matches, else a copy with those endpoints replaced.
 */
function withLocations(config: OrgConfig, current: LoadRow['endpoint_locations']): SiteModel {
  const { model } = config;
  let endpoints: Map<string, EndpointModel> | undefined;
  for (const { id, locationTagId } of current) {
    const endpoint = model.endpoints.get(id);
    if (!endpoint || (endpoint.location?.locationTagId ?? null) === locationTagId) continue;
    endpoints ??= new Map(model.endpoints);
    endpoints.set(id, { ...endpoint, location: locationOf(locationTagId, config.locationTagsById) });
  }
  return endpoints ? { ...model, endpoints } : model;
}

function assemble(row: LoadRow, config: OrgConfig): Loaded {
  const things = new Map<string, ThingState>();
  const tags = new Map<string, string>();
  const thingNames = new Map<string, string>();
  const workers = new Set<string>();
  for (const t of row.things) {
    tags.set(t.tag, t.id);
    thingNames.set(t.id, t.name);
    if (t.class === 'worker') workers.add(t.id);
    if (!things.has(t.id)) things.set(t.id, toThing(t));
  }
  return {
    model: withLocations(config, row.endpoint_locations),
    state: { things, tags, openEvents: new Map(row.open_events.map((e) => [e.tag, toOpenEvent(e)])) },
    directory: { ...config.names, thingNames, workers },
    configLoaded: row.config_loaded,
    keptValid: false,
    stateVersion: 0,
    read: [],
  };
}
