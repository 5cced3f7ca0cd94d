import { describe, expect, it } from 'vitest';
import { HeartbeatBody, NativeSightingsBody, parseReaderTime, Sighting } from './sightings.js';

describe('reader times (ISO 8601 with a timezone)', () => {
  it.each([
    ['2024-05-01T10:11:12Z', '2024-05-01T10:11:12.000Z'],
    ['2024-05-01T10:11:12.1Z', '2024-05-01T10:11:12.100Z'],
    ['2024-05-01T10:11:12.123456789Z', '2024-05-01T10:11:12.123Z'],
    ['2024-05-01T10:11:12.999999999Z', '2024-05-01T10:11:12.999Z'],
    ['2023-02-24T10:14:42.851+0000', '2023-02-24T10:14:42.851Z'],
    ['2023-02-24T12:14:42.851+0200', '2023-02-24T10:14:42.851Z'],
    ['2023-02-24T05:14:42.851-05:00', '2023-02-24T10:14:42.851Z'],
    ['2023-02-24T15:44:42+05:30', '2023-02-24T10:14:42.000Z'],
    ['2023-02-24T11:14:42+01', '2023-02-24T10:14:42.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['2023-02-24T10:14Z', '2023-02-24T10:14:00.000Z'],
  ])('%s', (input, expected) => {
    expect(parseReaderTime(input)).toBe(Date.parse(expected));
  });

  it.each([
    '2024-05-01T10:11:12',
    '2024-05-01',
    '2023-02-29T00:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-05-01T24:00:00Z',
    '2024-05-01T10:60:00Z',
    '2024-05-01T10:11:12+2400',
    '2024-05-01T10:11:12+00:',
    '1714558272123',
    'yesterday',
  ])('rejects %s', (input) => {
    expect(parseReaderTime(input)).toBeUndefined();
  });
});

describe('native bodies', () => {
  it('normalises a sighting and applies its defaults', () => {
    expect(Sighting.parse({ tag: ' e280ab ' })).toEqual({
      tag: 'E280AB',
      antenna: 0,
      direction: 'NEAR',
      alarmTamper: false,
    });
  });
  it('caps a request at 5000 sightings', () => {
    const sightings = Array.from({ length: 5001 }, () => ({ tag: 'AB' }));
    expect(NativeSightingsBody.safeParse({ sightings }).success).toBe(false);
    expect(NativeSightingsBody.safeParse({ sightings: sightings.slice(1) }).success).toBe(true);
  });
  it('accepts the endpoint credentials in the body', () => {
    expect(HeartbeatBody.parse({ uuid: 'u', key: 'k', uptime: 5 })).toEqual({
      uuid: 'u',
      key: 'k',
      uptime: 5,
    });
  });
});
