import type { Thing } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { applyThingMessage } from './useMapThings';

const thing = (id: string, x: number): Thing =>
  ({ _id: id, name: id, class: 'item', map: 'm1', xycoordinates: [x, 0.5], zone: 'z1' }) as Thing;
const message = (id: string, patch: Record<string, unknown> = {}) => ({
  _id: id,
  change: 'updated' as const,
  zone: 'z2',
  map: 'm1',
  xycoordinates: [0.9, 0.1] as [number, number],
  lastEvent: '2024-05-01T10:00:00.000Z',
  lastZoneTime: '2024-05-01T10:00:00.000Z',
  alarmTamper: false,
  ...patch,
});

describe('applyThingMessage', () => {
  const list = [thing('a', 0.1), thing('b', 0.2)];
  it('moves a known thing in place', () => {
    const next = applyThingMessage(list, message('b'), 'm1');
    expect(next[1]).toMatchObject({ _id: 'b', name: 'b', zone: 'z2', xycoordinates: [0.9, 0.1] });
    expect(next[0]).toBe(list[0]);
  });
  it('drops a thing that left the map, lost its position or was deleted', () => {
    expect(applyThingMessage(list, message('a', { map: 'm2' }), 'm1').map((t) => t._id)).toEqual(['b']);
    expect(applyThingMessage(list, message('a', { xycoordinates: null }), 'm1').map((t) => t._id)).toEqual([
      'b',
    ]);
    expect(applyThingMessage(list, message('a', { change: 'deleted' }), 'm1').map((t) => t._id)).toEqual([
      'b',
    ]);
  });
  it('leaves things it does not know to the refetch', () => {
    expect(applyThingMessage(list, message('c'), 'm1')).toBe(list);
  });
});
