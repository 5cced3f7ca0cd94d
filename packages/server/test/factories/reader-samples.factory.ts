/**
 * Reader payloads written by others (tracking/formats/fixtures/interop, copied from the shared
 * interop material) and what the API answers for each once stored: the exact endpoint status
 * records and events. Shared by the HTTP and the MQTT ingest tests.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import impinjNontag from '../../src/tracking/formats/fixtures/interop/impinj-nontag.json' with {
  type: 'json',
};
import zebraGpiWarning from '../../src/tracking/formats/fixtures/interop/zebra-gpi-warning.json' with {
  type: 'json',
};
import zebraHeartbeat from '../../src/tracking/formats/fixtures/interop/zebra-heartbeat.json' with {
  type: 'json',
};
import type { trackedSite } from './ingest.factory.js';

export { impinjNontag, zebraGpiWarning, zebraHeartbeat };

export const streamLines = readFileSync(
  new URL('../../src/tracking/formats/fixtures/interop/impinj-stream.ndjson', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as unknown);

type Site = Awaited<ReturnType<typeof trackedSite>>;
type Status = Record<string, unknown>;

export const HEARTBEAT_ANTENNAS = [
  { antenna: 1, state: 'connected' },
  { antenna: 2, state: 'connected' },
  { antenna: 3, state: 'disconnected' },
  { antenna: 4, state: 'disconnected' },
];

/** What GET endpoints/status answers for a record with only these fields set. */
const record = (endpoint: string, ip: string, fields: Status): Status => ({
  endpoint,
  time: expect.any(String),
  kind: 'heartbeat',
  message: '',
  ip,
  version: '',
  uptime: null,
  readerTemp: null,
  cpu: null,
  dropped: null,
  buffered: null,
  antennas: [],
  ...fields,
});

/** The expected records of each sample, oldest first. */
export const heartbeatRecords = (id: string, ip: string) => [
  record(id, ip, {
    uptime: 90,
    readerTemp: 38,
    cpu: 17,
    dropped: 0,
    buffered: 0,
    antennas: HEARTBEAT_ANTENNAS,
  }),
];
export const gpiWarningRecords = (id: string, ip: string) => [
  record(id, ip, { kind: 'gpi', message: 'GPI 1: HIGH' }),
  record(id, ip, { kind: 'warning', message: 'CPU utilization above threshold' }),
];
export const nontagRecords = (id: string, ip: string) => {
  const two = [{ antenna: 2, state: 'connected' }];
  const twoThree = [...two, { antenna: 3, state: 'disconnected' }];
  return [
    record(id, ip, { kind: 'inventory', message: 'Inventory running' }),
    record(id, ip, { kind: 'antenna', message: 'Antenna 2 connected', antennas: two }),
    record(id, ip, { kind: 'antenna', message: 'Antenna 3 disconnected', antennas: twoThree }),
    record(id, ip, {
      kind: 'overflow',
      message: 'Overflow: 1200 events dropped',
      dropped: 1200,
      buffered: 0,
      antennas: twoThree,
    }),
    record(id, ip, { kind: 'gpi', message: 'GPI 1: high-to-low', antennas: twoThree }),
    record(id, ip, { kind: 'inventory', message: 'Inventory idle', antennas: twoThree }),
  ];
};

/** The status records, oldest first (the API answers newest first). */
export async function statusAnswered(s: Site, endpointId: string): Promise<Status[]> {
  const res = await s.viewer.request('GET', `/api/endpoints/status/${endpointId}?limit=100`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Status[]).reverse();
}

export async function eventsAnswered(s: Site) {
  const res = await s.viewer.request('GET', `/api/events?site=${s.site.id}&sort=tag`);
  return (res.json() as Status[]).map((e) => ({
    tag: e.tag,
    antenna: e.antenna,
    time: e.time,
    rssi: e.rssi,
  }));
}

export const STREAM_EVENTS = [
  { tag: 'E2801190A5021F80055817CA', antenna: 1, time: '2026-11-27T11:13:12.915Z', rssi: -40 },
  { tag: 'E2801190A5021F800558322B', antenna: 1, time: '2026-11-27T11:13:13.915Z', rssi: -41 },
];

export const HANDHELD_DATA = {
  type: 'dataEVT',
  timestamp: '2026-11-27T11:20:00.000+0000',
  data: {
    tagData: [
      { eventNum: 1, epc: 'e28011700000020fb5e6c1f2', peakRssi: -52, antenna: 1 },
      { eventNum: 2, epc: '300833B2DDD9014000000003', rssi: -61 },
    ],
  },
};
export const HANDHELD_EVENTS = [
  { tag: '300833B2DDD9014000000003', antenna: 0, time: '2026-11-27T11:20:00.000Z', rssi: -61 },
  { tag: 'E28011700000020FB5E6C1F2', antenna: 1, time: '2026-11-27T11:20:00.000Z', rssi: -52 },
];
