import { describe, expect, it } from 'vitest';
import batch from './fixtures/zebra-batch.json' with { type: 'json' };
import heartbeat from './fixtures/zebra-heartbeat.json' with { type: 'json' };
import single from './fixtures/zebra-single.json' with { type: 'json' };
import { ReaderFormatError } from './types.js';
import { parseZebra } from './zebra.js';

const RECEIVED = Date.parse('2023-02-24T10:30:00.000Z');
const tagEvent = (data: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'SIMPLE',
  timestamp: '2023-02-24T10:14:42.851+0000',
  data,
  ...extra,
});

function errorOf(body: unknown): string {
  try {
    parseZebra(body, RECEIVED);
  } catch (e) {
    if (e instanceof ReaderFormatError) return e.message;
    throw e;
  }
  throw new Error('expected a ReaderFormatError');
}

describe('Zebra IoT Connector', () => {
  it('normalises a batched array, parsing +0000 and +0200 offsets without a colon', () => {
    const result = parseZebra(batch, RECEIVED);
    expect(result.sightings).toEqual([
      {
        tag: 'E28011700000020FB5E6C1F2',
        antenna: 1,
        time: Date.parse('2023-02-24T10:14:42.851Z'),
        direction: 'NEAR',
        rssi: -58,
        alarmTamper: false,
      },
      {
        tag: '300833B2DDD9014000000003',
        antenna: 0,
        time: Date.parse('2023-02-24T10:14:43.002Z'),
        direction: 'NEAR',
        alarmTamper: false,
      },
    ]);
    expect(result.heartbeat).toBeUndefined();
  });

  it('accepts a single (unbatched) object with a negative offset', () => {
    expect(parseZebra(single, RECEIVED).sightings).toEqual([
      {
        tag: 'E2801190A5021F80055817CA',
        antenna: 3,
        time: Date.parse('2023-02-24T10:14:42.851Z'),
        direction: 'NEAR',
        rssi: -61.5,
        alarmTamper: false,
      },
    ]);
  });

  it('turns a management heartbeat into uptime, temperature and version', () => {
    expect(parseZebra(heartbeat, RECEIVED)).toEqual({
      ok: true,
      sightings: [],
      heartbeat: { uptime: 86400, readerTemp: 41, version: '3.21.16.0' },
      warnings: [],
    });
  });

  it('reads numbers sent as strings in a heartbeat and ignores other management events', () => {
    const body = [
      {
        component: 'RG',
        type: 'heartbeat',
        data: { radio_control: { UPTIME: '120' }, system: { temperature: '38.5' } },
      },
      { component: 'RG', type: 'warnings', data: { message: 'antenna 3 disconnected' } },
      tagEvent({ idHex: 'AB' }),
    ];
    const result = parseZebra(body, RECEIVED);
    expect(result.heartbeat).toEqual({ uptime: 120, readerTemp: 38.5 });
    expect(result.warnings).toEqual(['event[1]: management event warnings ignored']);
    expect(result.sightings).toHaveLength(1);
  });

  it('uses the receipt time when an event has no timestamp', () => {
    const [sighting] = parseZebra({ type: 'SIMPLE', data: { idHex: 'AB', eventNum: 1 } }, RECEIVED).sightings;
    expect(sighting.time).toBe(RECEIVED);
  });

  it.each([
    ['+0000', '2023-02-24T10:14:42.851+0000', '2023-02-24T10:14:42.851Z'],
    ['-0330', '2023-02-24T06:44:42.851-0330', '2023-02-24T10:14:42.851Z'],
    ['+05:30 with a colon', '2023-02-24T15:44:42.851+05:30', '2023-02-24T10:14:42.851Z'],
    ['Z', '2023-02-24T10:14:42.851Z', '2023-02-24T10:14:42.851Z'],
  ])('parses the offset %s', (_label, timestamp, expected) => {
    const [sighting] = parseZebra(tagEvent({ idHex: 'AB' }, { timestamp }), RECEIVED).sightings;
    expect(sighting.time).toBe(Date.parse(expected));
  });

  it.each([
    [
      'a tag event without data',
      [{ type: 'SIMPLE', timestamp: '2023-02-24T10:14:42.851+0000' }],
      'event[0].data: is required',
    ],
    ['data without idHex', [tagEvent({ eventNum: 3 })], 'event[0].data.idHex: is required'],
    [
      'a non-hex idHex',
      [tagEvent({ idHex: 'nothex' })],
      'event[0].data.idHex: must be 1 to 128 hex characters',
    ],
    ['an antenna out of range', [tagEvent({ idHex: 'AB', antenna: 99 })], 'event[0].data.antenna'],
    [
      'a bad timestamp',
      [tagEvent({ idHex: 'AB' }, { timestamp: '2023-02-30T10:14:42.851+0000' })],
      'event[0].timestamp',
    ],
    [
      'an offset hour of 24',
      [tagEvent({ idHex: 'AB' }, { timestamp: '2023-02-24T10:14:42.851+2400' })],
      'event[0].timestamp',
    ],
    ['a null body', null, 'event[0]: '],
    [
      'the second event broken',
      [tagEvent({ idHex: 'AB' }), tagEvent({ idHex: 'AB', peakRssi: 'loud' })],
      'event[1].data.peakRssi',
    ],
  ])('rejects %s, naming the field', (_label, body, message) => {
    expect(errorOf(body)).toContain(message);
  });

  it('rejects more than 5000 events', () => {
    const events = Array.from({ length: 5001 }, () => tagEvent({ idHex: 'AB' }));
    expect(errorOf(events)).toBe('event: at most 5000 events per request (got 5001)');
  });
});
