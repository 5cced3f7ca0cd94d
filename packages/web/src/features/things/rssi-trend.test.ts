import type { EventRecord } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { rssiPoints } from './RssiTrend';

const event = (time: string, rssi: number | null) => ({ time, rssi }) as EventRecord;

describe('rssiPoints', () => {
  it('orders the sightings oldest first, leaves out those without RSSI, and keeps the newest 30', () => {
    expect(
      rssiPoints([
        event('2026-11-27T10:02:00.000Z', -50),
        event('2026-11-27T10:01:00.000Z', null),
        event('2026-11-27T10:00:00.000Z', -61.5),
      ]),
    ).toEqual([
      { time: '2026-11-27T10:00:00.000Z', rssi: -61.5 },
      { time: '2026-11-27T10:02:00.000Z', rssi: -50 },
    ]);
    const many = Array.from({ length: 40 }, (_, i) =>
      event(`2026-11-27T10:${String(i).padStart(2, '0')}:00.000Z`, -i),
    );
    const points = rssiPoints(many);
    expect(points).toHaveLength(30);
    expect(points[0]).toEqual({ time: '2026-11-27T10:10:00.000Z', rssi: -10 });
  });
});
