/** Indexes the configuration once per load, so every per-sighting lookup is a map hit. */
import type { IndexedGate, SiteModel, SiteModelInput } from './types.js';

export function buildSiteModel(input: SiteModelInput): SiteModel {
  const gatesByEndpoint = new Map<string, IndexedGate[]>();
  for (const zone of input.zones) {
    for (const gate of zone.gates) {
      const list = gatesByEndpoint.get(gate.endpoint) ?? [];
      list.push({ zoneId: zone.id, direction: gate.direction, antenna: gate.antenna });
      gatesByEndpoint.set(gate.endpoint, list);
    }
  }
  // A gate on one antenna is more specific than an all-antenna (-1) gate; otherwise zone order.
  for (const list of gatesByEndpoint.values()) {
    list.sort((a, b) => Number(a.antenna === -1) - Number(b.antenna === -1));
  }
  return {
    zones: new Map(input.zones.map((z) => [z.id, z])),
    endpoints: new Map(input.endpoints.map((e) => [e.id, e])),
    locationTags: new Map(input.locationTags.map((t) => [t.tag, t])),
    maps: new Map(input.maps.map((m) => [m.id, m])),
    gatesByEndpoint,
  };
}
