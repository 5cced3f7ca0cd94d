import { describe, expect, it } from 'vitest';
import { dueTimeExceptions, hasOverrun, stayKey } from './exceptions.js';
import { at, engineState, MINUTE_NS, sighting, siteModel, T0, thing, zone } from './fixtures.js';
import { processBatch } from './process.js';
import type { ThingState } from './types.js';

const FIVE_MIN_MS = 5 * 60_000;
const zones = new Map([
  ['dock', zone('dock', { durationNs: 5 * MINUTE_NS })],
  ['free', zone('free')],
]);
const inDock = (overrides: Partial<ThingState> = {}) =>
  thing('box', { zoneId: 'dock', lastZoneTime: T0, lastEndpointTime: T0, ...overrides });

describe('zone time exceptions from the scheduler', () => {
  it.each([
    ['1 ms before the overrun', inDock(), T0 + FIVE_MIN_MS - 1, new Set<string>(), 0],
    ['at the overrun', inDock(), T0 + FIVE_MIN_MS, new Set<string>(), 1],
    ['long after the overrun, with no new sighting', inDock(), T0 + 3 * FIVE_MIN_MS, new Set<string>(), 1],
    [
      'once per stay: one exists already',
      inDock(),
      T0 + FIVE_MIN_MS,
      new Set([stayKey('box', 'dock', T0)]),
      0,
    ],
    [
      'a new stay in the same zone raises again',
      inDock({ lastZoneTime: at(900) }),
      at(900) + FIVE_MIN_MS,
      new Set([stayKey('box', 'dock', T0)]),
      1,
    ],
    ['a zone without an alert time', inDock({ zoneId: 'free' }), T0 + 10 * FIVE_MIN_MS, new Set<string>(), 0],
    ['an unknown zone', inDock({ zoneId: 'elsewhere' }), T0 + 10 * FIVE_MIN_MS, new Set<string>(), 0],
    ['off site', inDock({ zoneId: null }), T0 + 10 * FIVE_MIN_MS, new Set<string>(), 0],
    ['a deleted thing', inDock({ deleted: true }), T0 + 10 * FIVE_MIN_MS, new Set<string>(), 0],
  ])('%s', (_label, t, now, existing, count) => {
    expect(dueTimeExceptions([t], zones, existing, now)).toHaveLength(count);
  });

  it('describes the overrun: type, overrun time, stay, allowed duration, message', () => {
    expect(dueTimeExceptions([inDock()], zones, new Set(), T0 + 2 * FIVE_MIN_MS)).toEqual([
      {
        type: 'zoneTimeException',
        siteId: 'site-1',
        time: T0 + FIVE_MIN_MS,
        thingId: 'box',
        zoneId: 'dock',
        multipleThings: [],
        timeDurationNs: 5 * MINUTE_NS,
        stayStart: T0,
        expectedZoneId: null,
        message: 'was in Zone dock for longer than the allowed 5 minute(s)',
      },
    ]);
  });

  it.each([
    [30_000_000_000, 'was in Zone dock for longer than the allowed 0.5 minute(s)'],
    [90 * MINUTE_NS, 'was in Zone dock for longer than the allowed 90 minute(s)'],
  ])('states the allowed time in minutes (%d ns)', (durationNs, message) => {
    const custom = new Map([['dock', zone('dock', { durationNs })]]);
    expect(dueTimeExceptions([inDock()], custom, new Set(), T0 + 10 * 90 * 60_000)[0].message).toBe(message);
  });

  it.each([
    [0, 0, false],
    [FIVE_MIN_MS - 1, 5 * MINUTE_NS, false],
    [FIVE_MIN_MS, 5 * MINUTE_NS, true],
    [1, 1, true],
  ])('hasOverrun(after %d ms, limit %d ns) = %s', (elapsed, durationNs, expected) => {
    expect(hasOverrun(T0, T0 + elapsed, durationNs)).toBe(expected);
  });
});

describe('zone time exceptions when an overrun stay closes', () => {
  const model = siteModel({
    zones: [
      zone('dock', {
        durationNs: 5 * MINUTE_NS,
        gates: [{ endpoint: 'reader-a', direction: 'IN', antenna: 1 }],
      }),
      zone('store', { gates: [{ endpoint: 'reader-a', direction: 'NEAR', antenna: -1 }] }),
    ],
  });
  const state = engineState([inDock()], { AA01: 'box' });

  it.each([
    ['a stay within the alert time', 240, 0],
    ['a stay that overran between scheduler runs', 301, 1],
  ])('%s', (_label, seconds, count) => {
    const { output } = processBatch(model, state, [sighting({ time: at(seconds) })], at(400));
    expect(output.exceptions).toHaveLength(count);
    expect(output.messages.filter((m) => m.type === 'exception')).toHaveLength(count);
    if (count)
      expect(output.exceptions[0]).toMatchObject({ stayStart: T0, zoneId: 'dock', time: T0 + FIVE_MIN_MS });
  });
});
