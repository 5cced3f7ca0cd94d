/**
 * Map positions: a thing's xycoordinates are 0-1 fractions of its map, from the
 * antenna's coordinates, else the endpoint's current location tag's (a handheld), else the
 * endpoint's own.
 */
import type { AntennaModel, EndpointLocation, EndpointModel, MapModel, SiteModel } from './types.js';

export interface MapPosition {
  mapId: string;
  /** Fractions 0-1 of the map's width and height, measured from its top-left corner. */
  x: number;
  y: number;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Map coordinates → fractions of the rectangle topLeft..botRight; undefined for a degenerate map. */
export function toMapFraction(map: MapModel, x: number, y: number): { x: number; y: number } | undefined {
  const width = map.botRight[0] - map.topLeft[0];
  const height = map.botRight[1] - map.topLeft[1];
  if (!width || !height || !Number.isFinite(x) || !Number.isFinite(y)) return undefined;
  return { x: clamp01((x - map.topLeft[0]) / width), y: clamp01((y - map.topLeft[1]) / height) };
}

interface Candidate {
  mapId: string | null;
  x: number;
  y: number;
}

function candidates(
  endpoint: EndpointModel,
  location: EndpointLocation | null,
  antenna: AntennaModel | undefined,
): Candidate[] {
  const list: Candidate[] = [];
  if (antenna) {
    const [x, y] = antenna.xycoordinates;
    list.push({ mapId: antenna.map ?? endpoint.mapId, x, y });
  }
  if (location) list.push({ mapId: location.mapId, x: location.x, y: location.y });
  list.push({ mapId: endpoint.mapId, x: endpoint.x, y: endpoint.y });
  return list;
}

/** The first source with a known map; undefined when none has one. */
export function resolvePosition(
  model: SiteModel,
  endpoint: EndpointModel,
  location: EndpointLocation | null,
  antennaNumber: number,
): MapPosition | undefined {
  const antenna = endpoint.antennas.find((a) => a.antenna === antennaNumber);
  for (const c of candidates(endpoint, location, antenna)) {
    const map = c.mapId ? model.maps.get(c.mapId) : undefined;
    const fraction = map && toMapFraction(map, c.x, c.y);
    if (map && fraction) return { mapId: map.id, ...fraction };
  }
  return undefined;
}
