import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import batch from './fixtures/impinj-batch.json' with { type: 'json' };
import overflow from './fixtures/impinj-overflow.json' with { type: 'json' };
import nontag from './fixtures/interop/impinj-nontag.json' with { type: 'json' };
import { parseImpinj, parseImpinjEvent } from './impinj.js';
import { ReaderFormatError } from './types.js';

const RECEIVED = Date.parse('2024-05-01T10:30:00.000Z');
const tagEvent = (tagInventoryEvent: unknown, extra: Record<string, unknown> = {}) => ({
  timestamp: '2024-05-01T10:11:12.123456789Z',
  eventType: 'tagInventory',
  tagInventoryEvent,
  ...extra,
});

function errorOf(body: unknown): string {
  try {
    parseImpinj(body, RECEIVED);
  } catch (e) {
    if (e instanceof ReaderFormatError) {
      expect(e.statusCode).toBe(400);
      return e.message;
    }
    throw e;
  }
  throw new Error('expected a ReaderFormatError');
}

describe('Impinj IoT device interface', () => {
  it('normalises a webhook batch: base64 epc, epcHex preferred, 1-based port, centi-dBm, ns times', () => {
    const result = parseImpinj(batch, RECEIVED);
    expect(result.sightings).toEqual([
      {
        tag: 'E2801190A5021F80055817CA',
        antenna: 1,
        time: Date.parse('2024-05-01T10:11:12.123Z'),
        direction: 'NEAR',
        rssi: -61.5,
        alarmTamper: false,
      },
      {
        tag: '300833B2DDD9014000000003',
        antenna: 2,
        time: Date.parse('2024-05-01T10:11:12.498Z'),
        direction: 'NEAR',
        rssi: -53.25,
        alarmTamper: false,
      },
    ]);
    expect(result.heartbeat).toBeUndefined();
    expect(result.warnings).toEqual([]);
  });

  it('treats an empty array as a heartbeat with no sightings', () => {
    expect(parseImpinj([], RECEIVED)).toEqual({ ok: true, sightings: [], heartbeat: {}, warnings: [] });
  });

  it('accepts a single event object (MQTT delivers one per message)', () => {
    const result = parseImpinj(tagEvent({ epc: '4oARcAAAAg+15sHy', antennaPort: 4 }), RECEIVED);
    expect(result.sightings).toEqual([
      expect.objectContaining({ tag: 'E28011700000020FB5E6C1F2', antenna: 4 }),
    ]);
  });

  it('reports an overflow as a warning and still reads events without eventType (older firmware)', () => {
    const result = parseImpinj(overflow, RECEIVED);
    expect(result.warnings).toEqual([expect.stringMatching(/^event\[0\]: .*overflow/)]);
    expect(result.readerEvents).toEqual([
      { kind: 'overflow', message: 'Overflow: events were dropped on the reader' },
    ]);
    expect(result.sightings).toEqual([
      expect.objectContaining({ tag: 'E28011700000020FB5E6C1F2', antenna: 4, rssi: -70.1 }),
    ]);
  });

  it.each([
    ['no nanoseconds', '2024-05-01T10:11:12Z', '2024-05-01T10:11:12.000Z'],
    ['microseconds', '2024-05-01T10:11:12.123456Z', '2024-05-01T10:11:12.123Z'],
    ['nanoseconds, truncated not rounded', '2024-05-01T10:11:12.999999999Z', '2024-05-01T10:11:12.999Z'],
    ['an offset', '2024-05-01T12:11:12.5+02:00', '2024-05-01T10:11:12.500Z'],
  ])('parses event timestamps with %s', (_label, timestamp, expected) => {
    const [sighting] = parseImpinj(tagEvent({ epcHex: 'AB' }, { timestamp }), RECEIVED).sightings;
    expect(sighting.time).toBe(Date.parse(expected));
  });

  it('uses lastSeenTime over the event timestamp, and the receipt time when both are absent', () => {
    const withLastSeen = tagEvent({ epcHex: 'AB', lastSeenTime: '2024-05-01T10:00:00.000000001Z' });
    expect(parseImpinj(withLastSeen, RECEIVED).sightings[0].time).toBe(Date.parse('2024-05-01T10:00:00Z'));
    const bare = { eventType: 'tagInventory', tagInventoryEvent: { epcHex: 'AB' } };
    expect(parseImpinj(bare, RECEIVED).sightings[0].time).toBe(RECEIVED);
  });

  it.each([
    ['antennaActivation', { antennaActivationEvent: { antennaPort: 2 } }],
    ['inventoryTerminated', { inventoryTerminatedEvent: {} }],
  ])('accepts %s without a sighting or a status record', (eventType, payload) => {
    const result = parseImpinj([{ timestamp: '2024-05-01T10:11:12Z', eventType, ...payload }], RECEIVED);
    expect(result).toEqual({ ok: true, sightings: [], warnings: [] });
  });

  it('turns the R700 non-tag events into status records, ignoring tagLocationEntry (impinj-nontag.json)', () => {
    expect(parseImpinj(nontag, RECEIVED)).toEqual({
      ok: true,
      sightings: [],
      readerEvents: [
        { kind: 'inventory', message: 'Inventory running' },
        { kind: 'antenna', message: 'Antenna 2 connected', antennas: [{ antenna: 2, state: 'connected' }] },
        {
          kind: 'antenna',
          message: 'Antenna 3 disconnected',
          antennas: [{ antenna: 3, state: 'disconnected' }],
        },
        { kind: 'overflow', message: 'Overflow: 1200 events dropped', dropped: 1200, buffered: 0 },
        { kind: 'gpi', message: 'GPI 1: high-to-low' },
        { kind: 'inventory', message: 'Inventory idle' },
      ],
      warnings: [
        'event[3]: the reader reported an overflow (reads were dropped on the reader)',
        'event[4]: event type tagLocationEntry ignored',
      ],
    });
  });

  it('handles each event of the non-tag sample and each line of the HTTP stream alone (parseImpinjEvent)', () => {
    const one = nontag.map((event) => parseImpinjEvent(event, RECEIVED));
    expect(one.map((r) => r.readerEvents?.[0]?.kind ?? null)).toEqual([
      'inventory',
      'antenna',
      'antenna',
      'overflow',
      null,
      'gpi',
      'inventory',
    ]);
    const lines = readFileSync(new URL('./fixtures/interop/impinj-stream.ndjson', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(lines.map((line) => parseImpinjEvent(JSON.parse(line), RECEIVED).sightings)).toEqual([
      [
        {
          tag: 'E2801190A5021F80055817CA',
          antenna: 1,
          time: Date.parse('2026-11-27T11:13:12.915Z'),
          direction: 'NEAR',
          rssi: -40,
          alarmTamper: false,
        },
      ],
      [
        {
          tag: 'E2801190A5021F800558322B',
          antenna: 1,
          time: Date.parse('2026-11-27T11:13:13.915Z'),
          direction: 'NEAR',
          rssi: -41,
          alarmTamper: false,
        },
      ],
    ]);
  });

  it('reads a non-tag event it cannot fully read without refusing it', () => {
    const result = parseImpinjEvent(
      { eventType: 'antennaDisconnected', antennaDisconnectedEvent: {} },
      RECEIVED,
    );
    expect(result.readerEvents).toEqual([{ kind: 'antenna', message: 'Antenna ? disconnected' }]);
  });

  it.each([
    [
      'no epc at all',
      [tagEvent({ antennaPort: 1 })],
      'event[0].tagInventoryEvent: epc or epcHex is required',
    ],
    [
      'the 4th event without epc',
      [tagEvent({ epcHex: 'AB' }), tagEvent({ epcHex: 'AB' }), tagEvent({ epcHex: 'AB' }), tagEvent({})],
      'event[3].tagInventoryEvent: epc or epcHex is required',
    ],
    ['a bad base64 epc', [tagEvent({ epc: '***' })], 'event[0].tagInventoryEvent.epc: must be the base64'],
    [
      'a non-hex epcHex',
      [tagEvent({ epcHex: 'XYZ' })],
      'event[0].tagInventoryEvent.epcHex: must be 1 to 128',
    ],
    [
      'a missing tagInventoryEvent',
      [{ eventType: 'tagInventory' }],
      'event[0].tagInventoryEvent: is required',
    ],
    [
      'a bad timestamp',
      [tagEvent({ epcHex: 'AB' }, { timestamp: 'yesterday' })],
      'event[0].timestamp: must be',
    ],
    [
      'a timestamp without zone',
      [tagEvent({ epcHex: 'AB' }, { timestamp: '2024-05-01T10:11:12' })],
      'timestamp',
    ],
    ['a bad lastSeenTime', [tagEvent({ epcHex: 'AB', lastSeenTime: 5 })], 'tagInventoryEvent.lastSeenTime'],
    ['a string port', [tagEvent({ epcHex: 'AB', antennaPort: '1' })], 'tagInventoryEvent.antennaPort'],
    ['an event that is not an object', [42], 'event[0]: '],
    ['a body that is a string', 'hello', 'event[0]: '],
  ])('rejects %s, naming the field', (_label, body, message) => {
    expect(errorOf(body)).toContain(message);
  });

  it('rejects more than 5000 events', () => {
    const events = Array.from({ length: 5001 }, () => tagEvent({ epcHex: 'AB' }));
    expect(errorOf(events)).toBe('event: at most 5000 events per request (got 5001)');
    expect(parseImpinj(events.slice(0, 5000), RECEIVED).sightings).toHaveLength(5000);
  });
});
