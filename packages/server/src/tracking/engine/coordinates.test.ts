import { describe, expect, it } from 'vitest';
import { resolvePosition, toMapFraction } from './coordinates.js';
import { endpoint, floorMap, siteModel } from './fixtures.js';
import type { EndpointLocation, MapModel } from './types.js';

describe('map coordinates → 0-1 fractions', () => {
  const flipped: MapModel = { id: 'flipped', topLeft: [0, 100], botRight: [200, 0] };
  const offset: MapModel = { id: 'offset', topLeft: [-50, 20], botRight: [50, 220] };

  it.each([
    ['the top-left corner', floorMap, 0, 0, { x: 0, y: 0 }],
    ['the bottom-right corner', floorMap, 200, 100, { x: 1, y: 1 }],
    ['the middle', floorMap, 100, 50, { x: 0.5, y: 0.5 }],
    ['a point past the corner is clamped', floorMap, 250, -10, { x: 1, y: 0 }],
    ['a y axis that grows upwards (Leaflet CRS.Simple)', flipped, 50, 75, { x: 0.25, y: 0.25 }],
    ['corners away from the origin', offset, 0, 170, { x: 0.5, y: 0.75 }],
  ])('%s', (_label, map, x, y, expected) => {
    expect(toMapFraction(map, x, y)).toEqual(expected);
  });

  it('gives no fraction for a degenerate map', () => {
    expect(toMapFraction({ id: 'line', topLeft: [0, 0], botRight: [0, 100] }, 0, 50)).toBeUndefined();
  });
});

describe('position source: antenna, else location tag, else endpoint', () => {
  const model = siteModel({
    maps: [floorMap, { id: 'upstairs', topLeft: [0, 0], botRight: [10, 10] }],
  });
  const antennas = [
    { antenna: 1, xycoordinates: [20, 10] as [number, number], map: null },
    { antenna: 2, xycoordinates: [5, 5] as [number, number], map: 'upstairs' },
    { antenna: 3, xycoordinates: [5, 5] as [number, number], map: 'gone' },
  ];
  const fixed = endpoint('reader-a', { mapId: 'floor', x: 100, y: 50, antennas });
  const located: EndpointLocation = { locationTagId: 'lt-1', zoneId: null, mapId: 'floor', x: 50, y: 25 };

  it.each([
    ["the antenna's coordinates on the endpoint's map", fixed, null, 1, { mapId: 'floor', x: 0.1, y: 0.1 }],
    ["the antenna's own map", fixed, null, 2, { mapId: 'upstairs', x: 0.5, y: 0.5 }],
    [
      'an antenna on an unknown map falls back to the endpoint',
      fixed,
      null,
      3,
      { mapId: 'floor', x: 0.5, y: 0.5 },
    ],
    ['an unlisted antenna: the endpoint', fixed, null, 7, { mapId: 'floor', x: 0.5, y: 0.5 }],
    ['the location tag before the endpoint', fixed, located, 7, { mapId: 'floor', x: 0.25, y: 0.25 }],
    ['the antenna before the location tag', fixed, located, 1, { mapId: 'floor', x: 0.1, y: 0.1 }],
    [
      'a handheld without a map: the location tag',
      endpoint('handheld'),
      located,
      0,
      { mapId: 'floor', x: 0.25, y: 0.25 },
    ],
    ['no map anywhere: no position', endpoint('handheld'), null, 0, undefined],
  ])('%s', (_label, ep, location, antenna, expected) => {
    expect(resolvePosition(model, ep, location, antenna)).toEqual(expected);
  });
});
