/** Which zone a sighting puts a thing in. */
import type { Direction } from '@sightline/shared';
import type { EndpointLocation, EndpointModel, IndexedGate, SiteModel } from './types.js';

export type ZoneResolution =
  | { kind: 'zone'; zoneId: string; via: 'gate' | 'locationTag' }
  /** An external gate's OUT/GONE: the thing leaves the site (no zone). */
  | { kind: 'offsite' }
  /** Nothing says where: the thing's zone is unchanged. */
  | { kind: 'unchanged' };

/** The zone of the first gate matching direction and antenna (-1 = every antenna). */
export function matchGate(
  gates: readonly IndexedGate[] | undefined,
  direction: Direction,
  antenna: number,
): string | undefined {
  if (!gates) return undefined;
  for (const gate of gates) {
    if (gate.direction === direction && (gate.antenna === -1 || gate.antenna === antenna)) return gate.zoneId;
  }
  return undefined;
}

export function resolveZone(
  model: SiteModel,
  endpoint: EndpointModel,
  location: EndpointLocation | null,
  direction: Direction,
  antenna: number,
): ZoneResolution {
  const gateZone = matchGate(model.gatesByEndpoint.get(endpoint.id), direction, antenna);
  if (gateZone) return { kind: 'zone', zoneId: gateZone, via: 'gate' };
  if (location?.zoneId) return { kind: 'zone', zoneId: location.zoneId, via: 'locationTag' };
  if (endpoint.externalGate && (direction === 'OUT' || direction === 'GONE')) return { kind: 'offsite' };
  return { kind: 'unchanged' };
}

/** The zone a resolution leaves a thing in, given where it is now. */
export function targetZone(resolution: ZoneResolution, currentZoneId: string | null): string | null {
  if (resolution.kind === 'zone') return resolution.zoneId;
  if (resolution.kind === 'offsite') return null;
  return currentZoneId;
}
