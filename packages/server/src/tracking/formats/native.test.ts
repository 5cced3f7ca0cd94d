import { describe, expect, it } from 'vitest';
import { parseNativeHeartbeat, parseNativeSightings } from './native.js';
import { ReaderFormatError } from './types.js';

const RECEIVED = Date.parse('2024-05-01T10:30:00.000Z');

function errorOf(parse: () => unknown): ReaderFormatError {
  try {
    parse();
  } catch (e) {
    if (e instanceof ReaderFormatError) return e;
    throw e;
  }
  throw new Error('expected a ReaderFormatError');
}

describe('native sightings', () => {
  it('applies the defaults: receipt time, antenna 0, NEAR, no tamper; upper-cases the tag', () => {
    expect(parseNativeSightings({ sightings: [{ tag: 'e2801160aa' }] }, RECEIVED)).toEqual({
      ok: true,
      sightings: [{ tag: 'E2801160AA', antenna: 0, time: RECEIVED, direction: 'NEAR', alarmTamper: false }],
      warnings: [],
    });
  });

  it('keeps every field a reader sends and ignores unknown ones', () => {
    const body = {
      uuid: 'reader-1',
      sightings: [
        {
          tag: 'E2801160AA',
          antenna: 2,
          time: '2024-05-01T10:11:12.123456789Z',
          direction: 'OUT',
          rssi: -61.5,
          data: { cFloat0: 21.7, other: 1 },
          alarmTamper: true,
          vendor: 'x',
        },
      ],
    };
    expect(parseNativeSightings(body, RECEIVED).sightings).toEqual([
      {
        tag: 'E2801160AA',
        antenna: 2,
        time: Date.parse('2024-05-01T10:11:12.123Z'),
        direction: 'OUT',
        rssi: -61.5,
        data: { cFloat0: 21.7 },
        alarmTamper: true,
      },
    ]);
  });

  it.each([
    ['a missing sightings array', {}, 'sightings: '],
    ['a non-hex tag', { sightings: [{ tag: 'G1' }] }, 'sightings[0].tag: must be 1 to 128 hex characters'],
    ['an empty tag', { sightings: [{ tag: '' }] }, 'sightings[0].tag: must be 1 to 128 hex characters'],
    ['a 129-digit tag', { sightings: [{ tag: 'A'.repeat(129) }] }, 'sightings[0].tag'],
    ['antenna 65', { sightings: [{ tag: 'AB' }, { tag: 'AB', antenna: 65 }] }, 'sightings[1].antenna'],
    ['a fractional antenna', { sightings: [{ tag: 'AB', antenna: 1.5 }] }, 'sightings[0].antenna'],
    ['direction SIDEWAYS', { sightings: [{ tag: 'AB', direction: 'SIDEWAYS' }] }, 'sightings[0].direction'],
    ['a time without zone', { sightings: [{ tag: 'AB', time: '2024-05-01T10:11:12' }] }, 'sightings[0].time'],
    [
      'a string cFloat0',
      { sightings: [{ tag: 'AB', data: { cFloat0: 'warm' } }] },
      'sightings[0].data.cFloat0',
    ],
  ])('rejects %s, naming the field', (_label, body, message) => {
    const error = errorOf(() => parseNativeSightings(body, RECEIVED));
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain(message);
    expect(error.errors?.[0].path).toBe(message.split(':')[0]);
  });

  it('accepts 5000 sightings and rejects 5001', () => {
    const sightings = Array.from({ length: 5001 }, () => ({ tag: 'AB' }));
    expect(errorOf(() => parseNativeSightings({ sightings }, RECEIVED)).message).toContain(
      'sightings: at most 5000 sightings per request',
    );
    expect(parseNativeSightings({ sightings: sightings.slice(1) }, RECEIVED).sightings).toHaveLength(5000);
  });
});

describe('native heartbeat', () => {
  it('keeps uptime, temperature, ip and version', () => {
    const body = { uptime: 3600, readerTemp: 41.5, ip: '10.0.0.7', version: '7.1.0' };
    expect(parseNativeHeartbeat(body).heartbeat).toEqual(body);
  });
  it('accepts an empty body', () => {
    expect(parseNativeHeartbeat(undefined).heartbeat).toEqual({});
  });
  it('rejects a negative uptime', () => {
    expect(errorOf(() => parseNativeHeartbeat({ uptime: -1 })).message).toContain('uptime');
  });
});
