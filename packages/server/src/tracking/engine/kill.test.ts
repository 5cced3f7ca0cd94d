import { describe, expect, it } from 'vitest';
import { at, engineState, sighting, siteModel, T0, thing, zone } from './fixtures.js';
import { killAt, killDue, lastSeen } from './kill.js';
import { processBatch } from './process.js';
import type { KillMode, ThingState } from './types.js';

const HOUR = 3_600_000;
const zones = new Map([
  ['dock', zone('dock', { killDuration: 2 })],
  ['bin', zone('bin', { killDuration: 0.5, killMode: 'deleteThing' })],
  ['store', zone('store')],
]);
const seenAt = (zoneId: string | null, seen: number, overrides: Partial<ThingState> = {}) =>
  thing('box', {
    zoneId,
    lastZoneTime: T0,
    lastEndpointTime: seen,
    lastEvent: seen,
    mapId: 'floor',
    x: 0.5,
    y: 0.5,
    ...overrides,
  });

describe('kill after killDuration hours unseen', () => {
  it.each([
    ['not yet due', seenAt('dock', at(60)), at(60) + 2 * HOUR - 1, null],
    ['due exactly at killDuration', seenAt('dock', at(60)), at(60) + 2 * HOUR, 'clearZone'],
    ['long overdue', seenAt('dock', at(60)), at(60) + 30 * HOUR, 'clearZone'],
    ['fractional hours, deleteThing mode', seenAt('bin', at(60)), at(60) + HOUR / 2, 'deleteThing'],
    ['a zone without killDuration', seenAt('store', at(60)), at(60) + 1000 * HOUR, null],
    ['off site', seenAt(null, at(60)), at(60) + 1000 * HOUR, null],
    ['already deleted', seenAt('bin', at(60), { deleted: true }), at(60) + 1000 * HOUR, null],
  ])('%s', (_label, t, now, mode) => {
    const output = killDue([t], zones, now);
    if (mode === null) {
      expect(output.things).toEqual([]);
      return;
    }
    expect(output.things).toEqual([
      expect.objectContaining({
        zoneId: null,
        lastZoneTime: at(60),
        deleted: mode === 'deleteThing',
        mapId: null,
      }),
    ]);
    expect(output.zoneStays).toEqual([
      expect.objectContaining({
        zoneId: t.zoneId,
        timeStart: T0,
        timeEnd: at(60),
        timeDurationNs: 60_000_000_000,
      }),
    ]);
    expect(output.messages).toContainEqual(
      expect.objectContaining({ type: 'thing', change: mode === 'deleteThing' ? 'deleted' : 'updated' }),
    );
  });

  it('counts from the newest of lastEndpointTime, lastEvent and lastZoneTime', () => {
    expect(lastSeen(thing('a', { lastZoneTime: at(5), lastEndpointTime: at(3), lastEvent: null }))).toBe(
      at(5),
    );
    expect(lastSeen(thing('a'))).toBeNull();
    expect(killAt(seenAt('dock', at(60)), zones.get('dock') ?? zone('x'))).toBe(at(60) + 2 * HOUR);
  });
});

describe('immediate kill on entering the zone', () => {
  const model = (killMode: KillMode) =>
    siteModel({
      zones: [
        zone('dock', { gates: [{ endpoint: 'reader-a', direction: 'IN', antenna: 1 }] }),
        zone('shipped', {
          immediateKill: true,
          killMode,
          gates: [{ endpoint: 'reader-b', direction: 'OUT', antenna: -1 }],
        }),
      ],
    });
  const state = engineState([thing('box', { zoneId: 'dock', lastZoneTime: T0, lastEndpointTime: T0 })], {
    AA01: 'box',
  });
  const ship = (seconds: number) => sighting({ endpointId: 'reader-b', direction: 'OUT', time: at(seconds) });

  it.each([
    ['clearZone', false],
    ['deleteThing', true],
  ] as const)('%s: takes the thing out as it enters', (killMode, deleted) => {
    const { output } = processBatch(model(killMode), state, [ship(30)], at(100));
    expect(output.things).toEqual([expect.objectContaining({ zoneId: null, lastZoneTime: at(30), deleted })]);
    expect(output.zoneStays.map((s) => [s.zoneId, s.timeStart, s.timeEnd])).toEqual([
      ['dock', T0, at(30)],
      ['shipped', at(30), at(30)],
    ]);
    expect(output.events).toEqual([expect.objectContaining({ zoneId: 'shipped' })]);
  });

  it('repeats of the same passage merge into its event and do not re-enter the zone', () => {
    const { output } = processBatch(model('clearZone'), state, [ship(30), ship(35), ship(40)], at(100));
    expect(output.zoneStays).toHaveLength(2);
    expect(output.events).toEqual([expect.objectContaining({ repeatCount: 2, time: at(40) })]);
    expect(output.things[0]).toMatchObject({ zoneId: null, lastEndpointTime: at(40) });
  });
});
