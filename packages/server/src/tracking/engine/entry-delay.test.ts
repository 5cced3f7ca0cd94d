/** A zone's entry delay, without a database: doorway flicker, a real move, a move ending inside the delay. */
import { describe, expect, it } from 'vitest';
import { enterZone } from './entry-delay.js';
import { at, endpoint, engineState, sighting, T0, thing, zone } from './fixtures.js';
import { buildSiteModel } from './model.js';
import { processBatch } from './process.js';
import type { EngineSighting, EngineState } from './types.js';

const NOW = at(86_400);
const SECOND_NS = 1_000_000_000;

/** A hall and a room either side of a doorway, each with its reader; the room's entry delay is 30 s. */
const model = buildSiteModel({
  zones: [
    zone('hall', { gates: [{ endpoint: 'hall-reader', direction: 'NEAR', antenna: -1 }] }),
    zone('room', {
      entryDelayNs: 30 * SECOND_NS,
      gates: [{ endpoint: 'room-reader', direction: 'NEAR', antenna: -1 }],
    }),
    zone('yard', { gates: [{ endpoint: 'yard-reader', direction: 'NEAR', antenna: -1 }] }),
  ],
  endpoints: [
    endpoint('hall-reader'),
    endpoint('room-reader'),
    endpoint('yard-reader'),
    endpoint('handheld'),
  ],
  locationTags: [],
  maps: [],
});
const inHall = engineState(
  [thing('box', { zoneId: 'hall', lastZoneTime: T0, lastEndpointTime: T0, lastEvent: T0 })],
  { AA01: 'box' },
);
const seen = (reader: string, seconds: number): EngineSighting =>
  sighting({ endpointId: reader, time: at(seconds), antenna: 1 });
const zoneChanges = (messages: readonly { type: string }[]) =>
  messages.filter((m) => m.type === 'zoneChange');

describe('entry delay', () => {
  it('a thing flickering across the doorway within the delay makes no stays and no zone changes', () => {
    const flicker: EngineSighting[] = [];
    for (let s = 5; s <= 120; s += 10) flicker.push(seen('room-reader', s), seen('hall-reader', s + 5));
    const { output, state } = processBatch(model, inHall, flicker, NOW);
    expect(output.zoneStays).toEqual([]);
    expect(zoneChanges(output.messages)).toEqual([]);
    expect(state.things.get('box')).toMatchObject({ zoneId: 'hall', lastZoneTime: T0, pendingZoneId: null });
    // Every sighting is still an event.
    expect(output.events.length).toBeGreaterThan(0);
  });

  it('a real move counts once the thing was seen there for the delay; its stay starts at the first sighting', () => {
    const sightings = [10, 20, 30, 40].map((s) => seen('room-reader', s));
    const { output, state } = processBatch(model, inHall, sightings, NOW);
    expect(output.zoneStays).toEqual([
      expect.objectContaining({ zoneId: 'hall', timeStart: T0, timeEnd: at(10) }),
    ]);
    expect(zoneChanges(output.messages)).toEqual([
      expect.objectContaining({ fromZoneId: 'hall', toZoneId: 'room', time: at(10) }),
    ]);
    expect(state.things.get('box')).toMatchObject({
      zoneId: 'room',
      lastZoneTime: at(10),
      pendingZoneId: null,
    });
  });

  it('a move that ends inside the delay leaves the thing where it was', () => {
    const sightings = [seen('room-reader', 10), seen('room-reader', 30), seen('hall-reader', 35)];
    const { output, state } = processBatch(model, inHall, sightings, NOW);
    expect(output.zoneStays).toEqual([]);
    expect(zoneChanges(output.messages)).toEqual([]);
    expect(state.things.get('box')).toMatchObject({
      zoneId: 'hall',
      pendingZoneId: null,
      pendingZoneSince: null,
    });
  });

  it('the wait carries over between batches (the pending zone is part of the thing)', () => {
    const first = processBatch(model, inHall, [seen('room-reader', 10)], NOW);
    expect(zoneChanges(first.output.messages)).toEqual([]);
    expect(first.output.things[0]).toMatchObject({
      zoneId: 'hall',
      pendingZoneId: 'room',
      pendingZoneSince: at(10),
    });
    const second = processBatch(model, first.state as EngineState, [seen('room-reader', 45)], NOW);
    expect(zoneChanges(second.output.messages)).toEqual([
      expect.objectContaining({ toZoneId: 'room', time: at(10) }),
    ]);
  });

  it('a zone without a delay is entered at once and ends a wait for another; a reader saying nothing keeps it', () => {
    const { output, state } = processBatch(
      model,
      inHall,
      [seen('room-reader', 10), seen('handheld', 15), seen('room-reader', 41), seen('yard-reader', 42)],
      NOW,
    );
    expect(zoneChanges(output.messages).map((m) => (m as unknown as { toZoneId: string }).toZoneId)).toEqual([
      'room',
      'yard',
    ]);
    expect(state.things.get('box')).toMatchObject({ zoneId: 'yard', lastZoneTime: at(42) });
  });

  it('the rule alone: seen in the pending zone again before / after the delay, or back where it is', () => {
    const zones = model.zones;
    const pending = { zoneId: 'hall', pendingZoneId: 'room', pendingZoneSince: at(10) };
    expect(enterZone(pending, 'room', at(39), zones)).toEqual({
      kind: 'wait',
      pendingZoneId: 'room',
      pendingZoneSince: at(10),
    });
    expect(enterZone(pending, 'room', at(40), zones)).toEqual({ kind: 'move', zoneId: 'room', at: at(10) });
    expect(enterZone(pending, 'hall', at(20), zones)).toEqual({
      kind: 'wait',
      pendingZoneId: null,
      pendingZoneSince: null,
    });
    expect(enterZone(pending, null, at(20), zones)).toEqual({ kind: 'move', zoneId: null, at: at(20) });
  });
});
