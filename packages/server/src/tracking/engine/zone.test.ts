import type { Direction } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { endpoint, siteModel, zone } from './fixtures.js';
import { buildSiteModel } from './model.js';
import type { EndpointLocation } from './types.js';
import { matchGate, resolveZone, targetZone } from './zone.js';

describe('gate matching', () => {
  const model = buildSiteModel({
    zones: [
      zone('all-in', { gates: [{ endpoint: 'r', direction: 'IN', antenna: -1 }] }),
      zone('ant2-in', { gates: [{ endpoint: 'r', direction: 'IN', antenna: 2 }] }),
      zone('ant3-out', { gates: [{ endpoint: 'r', direction: 'OUT', antenna: 3 }] }),
      zone('other', { gates: [{ endpoint: 'q', direction: 'NEAR', antenna: -1 }] }),
    ],
    endpoints: [],
    locationTags: [],
    maps: [],
  });
  const gates = model.gatesByEndpoint.get('r');

  it.each<[string, Direction, number, string | undefined]>([
    ['antenna -1 matches every antenna', 'IN', 7, 'all-in'],
    ['antenna 0 under -1', 'IN', 0, 'all-in'],
    ['a specific antenna beats -1', 'IN', 2, 'ant2-in'],
    ['a specific antenna and direction', 'OUT', 3, 'ant3-out'],
    ['the direction must match', 'NEAR', 2, undefined],
    ['the antenna must match', 'OUT', 2, undefined],
    ['GONE matches no IN/OUT gate', 'GONE', 3, undefined],
  ])('%s', (_label, direction, antenna, expected) => {
    expect(matchGate(gates, direction, antenna)).toBe(expected);
  });

  it('only gates of the sighting endpoint count', () => {
    expect(matchGate(model.gatesByEndpoint.get('q'), 'IN', 1)).toBeUndefined();
    expect(matchGate(model.gatesByEndpoint.get('nobody'), 'NEAR', 1)).toBeUndefined();
  });
});

describe('zone resolution order: gate, location tag, external gate, unchanged', () => {
  const model = siteModel();
  const located: EndpointLocation = { locationTagId: 'lt-1', zoneId: 'yard', mapId: null, x: 0, y: 0 };
  const gated = endpoint('reader-a');
  const external = endpoint('reader-a', { externalGate: true });
  const plain = endpoint('reader-b');
  const externalB = endpoint('reader-b', { externalGate: true });

  it.each([
    ['a gate match', gated, null, 'NEAR', 1, { kind: 'zone', zoneId: 'store', via: 'gate' }],
    [
      'the gate wins over the location tag',
      gated,
      located,
      'IN',
      1,
      { kind: 'zone', zoneId: 'dock', via: 'gate' },
    ],
    [
      'the gate wins over the external gate',
      external,
      null,
      'IN',
      1,
      { kind: 'zone', zoneId: 'dock', via: 'gate' },
    ],
    [
      'the location tag zone without a gate',
      plain,
      located,
      'NEAR',
      1,
      { kind: 'zone', zoneId: 'yard', via: 'locationTag' },
    ],
    [
      'a location tag without a zone falls through',
      plain,
      { ...located, zoneId: null },
      'NEAR',
      1,
      { kind: 'unchanged' },
    ],
    ['external gate OUT: off site', externalB, null, 'OUT', 1, { kind: 'offsite' }],
    ['external gate GONE: off site', externalB, null, 'GONE', 1, { kind: 'offsite' }],
    ['external gate IN: unchanged', externalB, null, 'IN', 1, { kind: 'unchanged' }],
    ['external gate NEAR: unchanged', externalB, null, 'NEAR', 1, { kind: 'unchanged' }],
    ['OUT on a non-external endpoint: unchanged', plain, null, 'OUT', 1, { kind: 'unchanged' }],
    [
      'the location tag wins over the external gate',
      externalB,
      located,
      'OUT',
      1,
      { kind: 'zone', zoneId: 'yard', via: 'locationTag' },
    ],
  ] as const)('%s', (_label, ep, location, direction, antenna, expected) => {
    expect(resolveZone(model, ep, location, direction, antenna)).toEqual(expected);
  });

  it.each([
    [{ kind: 'zone', zoneId: 'dock', via: 'gate' }, 'store', 'dock'],
    [{ kind: 'offsite' }, 'store', null],
    [{ kind: 'unchanged' }, 'store', 'store'],
    [{ kind: 'unchanged' }, null, null],
  ] as const)('targetZone(%j, %s) = %s', (resolution, current, expected) => {
    expect(targetZone(resolution, current)).toBe(expected);
  });
});
