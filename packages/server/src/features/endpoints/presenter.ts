/**
 * Endpoints as the API presents them: `presentEndpoint` (lists and details, without the key: the
 * service adds `key` and `qrcode` for callers who may see them) and their status records,
 * `presentEndpointStatus` (@sightline/shared `endpoint-presenter.ts`, where the ingest feature's
 * live `heartbeat` message reads it too).
 */
import {
  type Antenna,
  CONNECTION_MODES,
  type ConnectionMode,
  type Endpoint,
  type EndpointConnection,
  presentEndpointStatus,
} from '@sightline/shared';
import type { EndpointRow, EndpointStatusRow } from '../../db/rows.js';
import type { LiveConnection } from '../connections/repository.js';

export { presentEndpointStatus } from '@sightline/shared';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** antennas is jsonb: read it defensively, so one odd entry cannot break a list. */
function antennasOf(value: unknown): Antenna[] {
  if (!Array.isArray(value)) return [];
  return value.map((a: { antenna?: unknown; xycoordinates?: unknown; map?: unknown }) => {
    const xy = Array.isArray(a?.xycoordinates) ? a.xycoordinates : [];
    return {
      antenna: Math.trunc(num(a?.antenna)),
      xycoordinates: [num(xy[0]), num(xy[1])],
      map: typeof a?.map === 'string' && a.map ? a.map : null,
    };
  });
}

/**
 * The connection's settings (jsonb, read defensively; never the password) and, when Sightline
 * connects, the live state; push and a connection nobody has held yet have no state.
 */
function presentConnection(row: EndpointRow, live: LiveConnection | undefined): EndpointConnection {
  const c = (row.connection ?? {}) as Record<string, unknown>;
  const mode: ConnectionMode = CONNECTION_MODES.includes(c.mode as ConnectionMode)
    ? (c.mode as ConnectionMode)
    : 'push';
  const shown = mode !== 'push' ? live : undefined;
  return {
    mode,
    host: typeof c.host === 'string' ? c.host : '',
    port: typeof c.port === 'number' ? c.port : null,
    username: typeof c.username === 'string' ? c.username : '',
    tls: c.tls === true,
    hasPassword: row.connectionPassword !== '',
    ...(shown ? { state: shown.state } : {}),
    since: shown ? shown.since.toISOString() : null,
    error: shown?.error ?? null,
    reportsReceived: shown?.reportsReceived ?? 0,
    reconnects: shown?.reconnects ?? 0,
    antennas: shown?.antennas ?? {},
  };
}

/** `status` is the endpoint's latest heartbeat, if it ever sent one; `live` its connection's state. */
export function presentEndpoint(
  row: EndpointRow,
  status: EndpointStatusRow | undefined,
  live?: LiveConnection,
): Endpoint {
  return {
    _id: row.id,
    name: row.name,
    uuid: row.uuid,
    site: row.siteId,
    map: row.mapId,
    xycoordinates: [row.x, row.y],
    externalgate: row.externalGate,
    description: row.description,
    epcisId: row.epcisId,
    autoEnroll: { enabled: row.autoEnroll, locationEnabled: row.autoEnrollLocations },
    antennas: antennasOf(row.antennas),
    status: status ? presentEndpointStatus(status) : null,
    connection: presentConnection(row, live),
  };
}
