/**
 * Endpoints as the API presents them: `presentEndpoint` (lists and details, without the key: the
 * service adds `key` and `qrcode` for callers who may see them) and their status records,
 * `presentEndpointStatus` (@sightline/shared `endpoint-presenter.ts`, where the ingest feature's
 * live `heartbeat` message reads it too).
 */
import { type Antenna, type Endpoint, presentEndpointStatus } from '@sightline/shared';
import type { EndpointRow, EndpointStatusRow } from '../../db/rows.js';

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

/** `status` is the endpoint's latest heartbeat, if it ever sent one. */
export function presentEndpoint(row: EndpointRow, status: EndpointStatusRow | undefined): Endpoint {
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
  };
}
