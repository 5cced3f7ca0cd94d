import { describe, expect, it } from 'vitest';
import gpiWarning from './fixtures/interop/zebra-gpi-warning.json' with { type: 'json' };
import realHeartbeat from './fixtures/interop/zebra-heartbeat.json' with { type: 'json' };
import batch from './fixtures/zebra-batch.json' with { type: 'json' };
import heartbeat from './fixtures/zebra-heartbeat.json' with { type: 'json' };
import single from './fixtures/zebra-single.json' with { type: 'json' };
import { ReaderFormatError } from './types.js';
import { parseZebra, uptimeSeconds } from './zebra.js';

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

  it('turns an upper-case (older firmware) heartbeat into uptime, temperature, CPU, antennas and version', () => {
    expect(parseZebra(heartbeat, RECEIVED)).toEqual({
      ok: true,
      sightings: [],
      heartbeat: {
        uptime: 86400,
        readerTemp: 41,
        version: '3.21.16.0',
        cpu: 17,
        antennas: [
          { antenna: 1, state: 'connected' },
          { antenna: 2, state: 'connected' },
          { antenna: 3, state: 'disconnected' },
          { antenna: 4, state: 'disconnected' },
        ],
      },
      warnings: [],
    });
  });

  it("reads a heartbeat in Zebra's data model: uptimes as strings, temperature as an object (zebra-heartbeat.json)", () => {
    expect(parseZebra(realHeartbeat, RECEIVED)).toEqual({
      ok: true,
      sightings: [],
      heartbeat: {
        uptime: 90,
        readerTemp: 38,
        cpu: 17,
        antennas: [
          { antenna: 1, state: 'connected' },
          { antenna: 2, state: 'connected' },
          { antenna: 3, state: 'disconnected' },
          { antenna: 4, state: 'disconnected' },
        ],
        dropped: 0,
        buffered: 0,
      },
      warnings: [],
    });
  });

  it('turns gpi and warning events into status records (zebra-gpi-warning.json)', () => {
    expect(parseZebra(gpiWarning, RECEIVED)).toEqual({
      ok: true,
      sightings: [],
      readerEvents: [
        { kind: 'gpi', message: 'GPI 1: HIGH' },
        { kind: 'warning', message: 'CPU utilization above threshold' },
      ],
      warnings: [],
    });
  });

  it.each([
    ['0:01:23', 83],
    ['12:00:00', 43_200],
    ['2 days, 3:04:05', 183_845],
    ['1:00:00:01', 86_401],
    ['120', 120],
    [3600, 3600],
    ['soon', undefined],
  ])('reads the uptime %s as %s seconds', (value, seconds) => {
    expect(uptimeSeconds(value)).toBe(seconds);
  });

  it('reads numbers sent as strings in a heartbeat, errors as status records, and ignores unknown events', () => {
    const body = [
      {
        component: 'RG',
        type: 'heartbeat',
        data: { radio_control: { UPTIME: '120' }, system: { temperature: '38.5', cpu: 'busy' } },
      },
      { component: 'RG', type: 'errors', data: { message: 'antenna 3 disconnected' } },
      { component: 'RG', type: 'firmwareUpdateProgress', data: {} },
      tagEvent({ idHex: 'AB' }),
    ];
    const result = parseZebra(body, RECEIVED);
    expect(result.heartbeat).toEqual({ uptime: 120, readerTemp: 38.5 });
    expect(result.readerEvents).toEqual([{ kind: 'error', message: 'antenna 3 disconnected' }]);
    expect(result.warnings).toEqual(['event[2]: management event firmwareUpdateProgress ignored']);
    expect(result.sightings).toHaveLength(1);
  });

  it('never refuses a heartbeat it cannot read', () => {
    const body = {
      component: 'RG',
      type: 'heartbeat',
      data: { system: { temperature: { ambient: 'hot' } } },
    };
    expect(parseZebra(body, RECEIVED).heartbeat).toEqual({});
    expect(parseZebra({ type: 'heartbeat', data: null }, RECEIVED).heartbeat).toEqual({});
  });

  it("reads a handheld's dataEVT tag records (data.tagData[]), skipping a record without an EPC", () => {
    const result = parseZebra(
      {
        type: 'dataEVT',
        timestamp: '2023-02-24T10:14:42.851+0000',
        data: {
          tagData: [
            { eventNum: 1, epc: 'e28011700000020fb5e6c1f2', peakRssi: -52, antenna: 1 },
            {
              eventNum: 2,
              idHex: '300833B2DDD9014000000003',
              rssi: -60.5,
              timestamp: '2023-02-24T10:14:43.002+0000',
            },
            { eventNum: 3 },
          ],
        },
      },
      RECEIVED,
    );
    expect(result.sightings).toEqual([
      {
        tag: 'E28011700000020FB5E6C1F2',
        antenna: 1,
        time: Date.parse('2023-02-24T10:14:42.851Z'),
        direction: 'NEAR',
        rssi: -52,
        alarmTamper: false,
      },
      {
        tag: '300833B2DDD9014000000003',
        antenna: 0,
        time: Date.parse('2023-02-24T10:14:43.002Z'),
        direction: 'NEAR',
        rssi: -60.5,
        alarmTamper: false,
      },
    ]);
    expect(result.warnings).toEqual(['event[0].data.tagData[2]: a tag record without epc skipped']);
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
      'a handheld record with a non-hex epc',
      { type: 'dataEVT', data: { tagData: [{ eventNum: 1, epc: 'zz' }] } },
      'event[0].data.tagData[0].epc: must be 1 to 128 hex characters',
    ],
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
