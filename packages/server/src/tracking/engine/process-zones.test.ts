import { describe, expect, it } from 'vitest';
import {
  at,
  endpoint,
  engineState,
  floorMap,
  openEvent,
  sighting,
  siteModel,
  T0,
  thing,
} from './fixtures.js';
import { processBatch } from './process.js';
import type { ThingState } from './types.js';

const NOW = at(86_400);
const box = (overrides: Partial<ThingState> = {}) => engineState([thing('box', overrides)], { AA01: 'box' });
const inDock = box({ zoneId: 'dock', lastZoneTime: T0, lastEndpointTime: T0, lastEvent: T0 });

describe('zone changes and stays', () => {
  it.each([
    ['a stay of 90 s', 90, 90_000_000_000],
    ['a stay of 1 ms', 0.001, 1_000_000],
    ['a stay of 2 h', 7200, 7_200_000_000_000],
  ])('closing %s records it in nanoseconds', (_label, seconds, ns) => {
    const { output } = processBatch(siteModel(), inDock, [sighting({ time: at(seconds) })], NOW);
    expect(output.zoneStays).toEqual([
      {
        thingId: 'box',
        zoneId: 'dock',
        siteId: 'site-1',
        timeStart: T0,
        timeEnd: at(seconds),
        timeDurationNs: ns,
      },
    ]);
    expect(output.things[0]).toMatchObject({ zoneId: 'store', lastZoneTime: at(seconds) });
    expect(output.messages).toContainEqual({
      type: 'zoneChange',
      siteId: 'site-1',
      thingId: 'box',
      fromZoneId: 'dock',
      toZoneId: 'store',
      time: at(seconds),
    });
  });

  it.each([
    ['the first placement closes nothing', box(), sighting(), 'store', 0],
    [
      'staying in the same zone keeps the stay open',
      inDock,
      sighting({ direction: 'IN', time: at(9) }),
      'dock',
      0,
    ],
    [
      'no gate and no location: unchanged',
      inDock,
      sighting({ endpointId: 'reader-b', time: at(9) }),
      'dock',
      0,
    ],
  ])('%s', (_label, state, s, zoneId, stays) => {
    const { output } = processBatch(siteModel(), state, [s], NOW);
    expect(output.things[0].zoneId).toBe(zoneId);
    expect(output.zoneStays).toHaveLength(stays);
  });

  it('keeps the entry time while the thing stays in its zone', () => {
    const { output } = processBatch(siteModel(), inDock, [sighting({ direction: 'IN', time: at(9) })], NOW);
    expect(output.things[0]).toMatchObject({ lastZoneTime: T0, lastEndpointTime: at(9) });
  });

  it.each(['OUT', 'GONE'] as const)(
    'an external gate %s takes the thing off site and off the map',
    (direction) => {
      const model = siteModel({
        endpoints: [
          endpoint('reader-a'),
          endpoint('reader-b', { externalGate: true, mapId: 'floor', x: 10, y: 10 }),
        ],
        maps: [floorMap],
      });
      const { output } = processBatch(
        model,
        inDock,
        [sighting({ endpointId: 'reader-b', direction, time: at(30) })],
        NOW,
      );
      expect(output.things[0]).toMatchObject({
        zoneId: null,
        lastZoneTime: at(30),
        mapId: null,
        x: null,
        y: null,
      });
      expect(output.zoneStays).toEqual([expect.objectContaining({ zoneId: 'dock', timeEnd: at(30) })]);
      expect(output.events[0].zoneId).toBeNull();
    },
  );

  it('walks a thing through several zones in one batch, one stay per zone left', () => {
    const { output } = processBatch(
      siteModel(),
      box(),
      [
        sighting({ direction: 'IN', time: at(0) }),
        sighting({ direction: 'IN', time: at(10) }),
        sighting({ direction: 'NEAR', time: at(40) }),
        sighting({ direction: 'IN', time: at(100) }),
      ],
      NOW,
    );
    expect(output.zoneStays.map((s) => [s.zoneId, s.timeStart, s.timeEnd])).toEqual([
      ['dock', at(0), at(40)],
      ['store', at(40), at(100)],
    ]);
    expect(output.things).toHaveLength(1);
    expect(output.things[0]).toMatchObject({ zoneId: 'dock', lastZoneTime: at(100) });
    expect(output.events.map((e) => [e.zoneId, e.repeatCount, e.open])).toEqual([
      ['dock', 1, false],
      ['store', 0, false],
      ['dock', 0, true],
    ]);
  });
});

describe('order and duplicates', () => {
  const recent = box({
    zoneId: 'dock',
    lastZoneTime: at(100),
    lastEndpointTime: at(100),
    lastEvent: at(100),
  });

  it('records an older sighting as an event but moves nothing back', () => {
    const { output } = processBatch(siteModel(), recent, [sighting({ time: at(50) })], NOW);
    expect(output.events).toEqual([expect.objectContaining({ time: at(50), zoneId: 'store' })]);
    expect(output.things).toEqual([]);
    expect(output.zoneStays).toEqual([]);
  });

  it('a newer sighting merged into an out-of-order event still moves the thing', () => {
    const { output } = processBatch(
      siteModel(),
      recent,
      [sighting({ time: at(90) }), sighting({ time: at(110) })],
      NOW,
    );
    expect(output.events).toEqual([
      expect.objectContaining({ firstTime: at(90), time: at(110), repeatCount: 1 }),
    ]);
    expect(output.things[0]).toMatchObject({ zoneId: 'store', lastZoneTime: at(110) });
  });

  it('applies a sighting at exactly lastEndpointTime', () => {
    const { output } = processBatch(siteModel(), recent, [sighting({ time: at(100) })], NOW);
    expect(output.things[0].zoneId).toBe('store');
  });

  it.each([
    ['an exact repeat is ignored', [sighting(), sighting()], 1, 0],
    ['another antenna is not a repeat', [sighting(), sighting({ antenna: 2 })], 2, 0],
    ['another endpoint is not a repeat', [sighting(), sighting({ endpointId: 'reader-b' })], 2, 0],
    ['another time is not a repeat', [sighting(), sighting({ time: T0 + 1 })], 1, 1],
  ])('%s', (_label, sightings, events, repeats) => {
    const { output } = processBatch(siteModel(), box(), sightings, NOW);
    expect(output.events).toHaveLength(events);
    expect(output.events[0].repeatCount).toBe(repeats);
  });

  it('processes a shuffled batch in time order', () => {
    const { output } = processBatch(
      siteModel(),
      box(),
      [
        sighting({ direction: 'IN', time: at(100) }),
        sighting({ time: at(40) }),
        sighting({ direction: 'IN', time: at(0) }),
      ],
      NOW,
    );
    expect(output.zoneStays.map((s) => [s.zoneId, s.timeStart, s.timeEnd])).toEqual([
      ['dock', at(0), at(40)],
      ['store', at(40), at(100)],
    ]);
    expect(output.things[0]).toMatchObject({ zoneId: 'dock', lastEndpointTime: at(100) });
  });

  it('treats a time far in the future (reader clock ahead) as now', () => {
    const { output } = processBatch(siteModel(), box(), [sighting({ time: NOW + 3_600_000 })], NOW);
    expect(output.things[0].lastEndpointTime).toBe(NOW);
    const near = processBatch(siteModel(), box(), [sighting({ time: NOW + 60_000 })], NOW);
    expect(near.output.things[0].lastEndpointTime).toBe(NOW + 60_000);
  });

  it('ignores sightings of endpoints missing from the model', () => {
    const { output } = processBatch(siteModel(), box(), [sighting({ endpointId: 'unknown' })], NOW);
    expect(output.events).toEqual([]);
  });
});

describe('thing state follows its newest sighting', () => {
  it.each([
    ['the newest cFloat0', [{ cFloat0: 20.5 }, { cFloat0: 21.7 }], { cFloat0: 21.7 }],
    ['a sighting without data keeps the last value', [{ cFloat0: 20.5 }, undefined], { cFloat0: 20.5 }],
  ])('data: %s', (_label, data, expected) => {
    const sightings = data.map((d, i) => sighting({ time: at(i), ...(d ? { data: d } : {}) }));
    expect(processBatch(siteModel(), box(), sightings, NOW).output.things[0].data).toEqual(expected);
  });

  it.each([
    [
      'an alarm starts',
      [false, true, true],
      { alarmTamper: true, alarmTamperTag: 'AA01', alarmTamperTime: at(1) },
    ],
    [
      'an alarm clears, keeping when it started',
      [true, false],
      { alarmTamper: false, alarmTamperTag: 'AA01', alarmTamperTime: at(0) },
    ],
    ['no alarm', [false], { alarmTamper: false, alarmTamperTag: null, alarmTamperTime: null }],
  ])('tamper: %s', (_label, alarms, expected) => {
    const sightings = alarms.map((alarmTamper, i) => sighting({ time: at(i), alarmTamper }));
    expect(processBatch(siteModel(), box(), sightings, NOW).output.things[0]).toMatchObject(expected);
  });

  it('takes the map position of the antenna that saw it', () => {
    const model = siteModel({
      endpoints: [
        endpoint('reader-a', {
          mapId: 'floor',
          antennas: [{ antenna: 1, xycoordinates: [50, 50], map: null }],
        }),
      ],
      maps: [floorMap],
    });
    const { output } = processBatch(model, box(), [sighting()], NOW);
    expect(output.things[0]).toMatchObject({
      mapId: 'floor',
      x: 0.25,
      y: 0.5,
      endpointId: 'reader-a',
      direction: 'NEAR',
    });
  });
});

describe('batch plumbing', () => {
  it('merges into the stored open event and reports it as an update', () => {
    const state = engineState(
      [thing('box', { zoneId: 'store', lastZoneTime: T0, lastEndpointTime: T0 })],
      { AA01: 'box' },
      [openEvent({ eventId: 9, repeatCount: 3 })],
    );
    const { output } = processBatch(siteModel(), state, [sighting({ time: at(20) })], NOW);
    expect(output.events).toEqual([
      expect.objectContaining({ eventId: 9, repeatCount: 4, addedRepeats: 1, time: at(20), open: true }),
    ]);
    expect(output.messages.filter((m) => m.type === 'event')).toHaveLength(1);
  });

  it('never mutates its input state and returns the next one', () => {
    const state = inDock;
    const before = structuredClone([...state.things.values()]);
    const result = processBatch(siteModel(), state, [sighting({ time: at(5) })], NOW);
    expect([...state.things.values()]).toEqual(before);
    expect(result.state.things.get('box')?.zoneId).toBe('store');
    expect(result.state.openEvents.get('AA01')).toMatchObject({ zoneId: 'store', time: at(5) });
  });

  // Speed is measured by bench/stages.ts and bench:ingest, not by a timed test.
  it('compacts a large batch (50,000 sightings of 1,000 tags) into one event per tag', () => {
    const things = Array.from({ length: 1000 }, (_v, i) => thing(`t${i}`));
    const tags = Object.fromEntries(things.map((t, i) => [`AB${i}`, t.id]));
    const sightings = Array.from({ length: 50_000 }, (_v, i) =>
      sighting({ tag: `AB${i % 1000}`, time: T0 + i }),
    );
    const { output } = processBatch(siteModel(), engineState(things, tags), sightings, NOW);
    expect(output.events).toHaveLength(1000);
    expect(output.events[0].repeatCount).toBe(49);
  });
});
