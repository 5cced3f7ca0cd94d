import { describe, expect, it } from 'vitest';
import { burstNotice } from './notification-burst';

const alert = (n: number, type: 'zoneTimeException' | 'endpointOffline' = 'zoneTimeException') => ({
  _id: `id${n}`,
  type,
  thingName: `Crate ${n}`,
  message:
    type === 'zoneTimeException'
      ? 'was in Cold room for longer than the allowed 2 minute(s)'
      : `Reader ${n} has been offline since 2026-11-27T15:20:00.000Z`,
});

describe('burstNotice', () => {
  it('shows nothing for no alert', () => {
    expect(burstNotice([])).toBeUndefined();
  });

  it('shows a single alert as itself, opening it', () => {
    expect(burstNotice([alert(1)])).toEqual({
      title: 'Zone time alert',
      body: 'Crate 1 was in Cold room for longer than the allowed 2 minute(s)',
      tag: 'id1',
      path: 'exceptions/id1',
    });
  });

  it('groups a burst into one notification naming the first three, opening Alerts', () => {
    const notice = burstNotice([alert(1), alert(2, 'endpointOffline'), alert(3), alert(4), alert(5)], (t) =>
      t.replace('2026-11-27T15:20:00.000Z', '11/27/2026 04:20 pm'),
    );
    expect(notice).toEqual({
      title: '5 new alerts',
      body: [
        'Crate 1 was in Cold room for longer than the allowed 2 minute(s)',
        'Reader 2 has been offline since 11/27/2026 04:20 pm',
        'Crate 3 was in Cold room for longer than the allowed 2 minute(s)',
        'and 2 more',
      ].join('\n'),
      tag: 'sightline-alerts',
      path: 'alerts',
    });
    expect(burstNotice([alert(1), alert(2)])?.body.split('\n')).toHaveLength(2);
  });
});
