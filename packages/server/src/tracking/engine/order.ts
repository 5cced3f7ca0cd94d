/** Batch order: exact repeats dropped (a reader may send a sighting twice), then time order. */
import type { EngineSighting } from './types.js';

/** Drops exact repeats (endpoint, tag, antenna, time) and orders by time (stable). */
export function prepareSightings(sightings: readonly EngineSighting[]): EngineSighting[] {
  const seen = new Set<string>();
  const unique: EngineSighting[] = [];
  let ordered = true;
  for (const s of sightings) {
    const key = `${s.endpointId}\u0000${s.tag}\u0000${s.antenna}\u0000${s.time}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (unique.length > 0 && s.time < unique[unique.length - 1].time) ordered = false;
    unique.push(s);
  }
  return ordered ? unique : unique.sort((a, b) => a.time - b.time);
}
