import type { LiveThingState, Thing } from '@sightline/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ListResult } from '../../api/client';
import { thingKeys } from './keys';
import { applyThingLive, applyToMap } from './live';

const thing = (id: string, x: number, lastZoneTime = '2024-05-01T10:00:00.000Z'): Thing =>
  ({
    _id: id,
    name: id,
    class: 'item',
    map: 'm1',
    xycoordinates: [x, 0.5],
    zone: 'z1',
    lastZoneTime,
  }) as Thing;
const state = (id: string, patch: Partial<LiveThingState> = {}): LiveThingState => ({
  _id: id,
  change: 'updated',
  name: id,
  class: 'item',
  site: 's',
  zone: 'z1',
  zoneName: 'Dock',
  lastZoneTime: '2024-05-01T10:00:00.000Z',
  lastEvent: '2024-05-01T10:05:00.000Z',
  lastEndpointTime: null,
  endpoint: null,
  direction: null,
  locationTag: null,
  map: 'm1',
  xycoordinates: [0.9, 0.1],
  alarmTamper: false,
  alarmTamperTag: null,
  alarmTamperTime: null,
  data: {},
  ...patch,
});

function setup() {
  const client = new QueryClient();
  const invalidate = vi.fn();
  const listKey = thingKeys.list({ site: 's', class: 'item', sort: '-lastZoneTime', page: 0, limit: 25 });
  client.setQueryData<ListResult<Thing>>(listKey, { items: [thing('a', 0.1), thing('b', 0.2)], total: 2 });
  const mapKey = thingKeys.map('s', 'm1');
  client.setQueryData<Thing[]>(mapKey, [thing('a', 0.1), thing('b', 0.2)]);
  client.setQueryData(thingKeys.detail('b'), thing('b', 0.2));
  return { client, invalidate, listKey, mapKey, context: { client, invalidate } };
}

describe('applyThingLive', () => {
  it('moves a thing in the lists, its detail and the map without refetching anything', () => {
    const { client, invalidate, listKey, mapKey, context } = setup();
    applyThingLive(state('b'), context);
    expect(invalidate).not.toHaveBeenCalled();
    expect(client.getQueryData<ListResult<Thing>>(listKey)?.items[1]).toMatchObject({
      _id: 'b',
      xycoordinates: [0.9, 0.1],
      lastEvent: '2024-05-01T10:05:00.000Z',
    });
    expect(client.getQueryData<Thing[]>(mapKey)?.[1]?.xycoordinates).toEqual([0.9, 0.1]);
    expect(client.getQueryData<Thing>(thingKeys.detail('b'))?.xycoordinates).toEqual([0.9, 0.1]);
  });
  it('refetches the list a zone entry reorders, and the map a new thing enters', () => {
    const { invalidate, listKey, mapKey, context } = setup();
    applyThingLive(state('b', { lastZoneTime: '2024-05-02T00:00:00.000Z' }), context);
    expect(invalidate).toHaveBeenCalledWith(listKey);
    applyThingLive(state('c'), context);
    expect(invalidate).toHaveBeenCalledWith(mapKey);
  });
  it('refetches lists and maps on create, delete and import', () => {
    const { invalidate, context } = setup();
    applyThingLive({ change: 'created', thing: thing('c', 0.3) }, context);
    expect(invalidate).toHaveBeenCalledWith(thingKeys.lists());
    expect(invalidate).toHaveBeenCalledWith(thingKeys.maps());
    applyThingLive({ change: 'imported', thing: { _id: 'c' } }, context);
    expect(invalidate).toHaveBeenCalledWith(thingKeys.all());
  });
});

describe('applyToMap', () => {
  const list = [thing('a', 0.1), thing('b', 0.2)];
  it('drops a thing that left the map or lost its position', () => {
    expect(applyToMap(list, 'a', { map: 'm2' }, 'm1').map((t) => t._id)).toEqual(['b']);
    expect(applyToMap(list, 'a', { map: 'm1', xycoordinates: null }, 'm1').map((t) => t._id)).toEqual(['b']);
  });
  it('leaves things it does not know alone', () => {
    expect(applyToMap(list, 'c', { map: 'm1' }, 'm1')).toBe(list);
  });
});
