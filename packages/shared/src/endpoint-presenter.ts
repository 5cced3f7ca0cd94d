/**
 * An endpoint's status record (one heartbeat) as the API presents it: the endpoints' REST answers
 * and the live `heartbeat` message, which adds the endpoint's name. In shared, as things and
 * events are, because the ingest feature publishes heartbeats and may not import the endpoints
 * feature (which imports ingest).
 */
import { AntennaStatus, ENDPOINT_STATUS_KINDS, type EndpointStatus } from './endpoints.js';
import type { LiveHeartbeat } from './live.js';
import { type FieldTable, plain, presentFields } from './presenter.js';

/** What a status record is presented from: its stored fields (the time as Date or epoch ms). */
export interface EndpointStatusFields {
  endpointId: string;
  time: Date | number;
  kind: string;
  message: string;
  ip: string;
  version: string;
  uptime: number | null;
  readerTemp: number | null;
  cpu: number | null;
  antennas: unknown;
  dropped: number | null;
  buffered: number | null;
}

const ENDPOINT_STATUS_FIELDS: FieldTable<Omit<EndpointStatus, 'antennas'>> = {
  endpoint: plain('endpointId'),
  time: { kind: 'time', from: 'time' },
  kind: { kind: 'oneOf', from: 'kind', values: ENDPOINT_STATUS_KINDS, fallback: 'heartbeat' },
  message: plain('message'),
  ip: plain('ip'),
  version: plain('version'),
  uptime: plain('uptime'),
  readerTemp: plain('readerTemp'),
  cpu: plain('cpu'),
  dropped: plain('dropped'),
  buffered: plain('buffered'),
};

/** The stored antenna states, keeping only well-formed entries (the column is written by one function). */
export function storedAntennaStates(stored: unknown): AntennaStatus[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((a) => {
    const parsed = AntennaStatus.safeParse(a);
    return parsed.success ? [parsed.data] : [];
  });
}

export function presentEndpointStatus(row: EndpointStatusFields): EndpointStatus {
  return { ...presentFields(ENDPOINT_STATUS_FIELDS, row), antennas: storedAntennaStates(row.antennas) };
}

/** The live `heartbeat` message: the status record with the endpoint's name after its id. */
export function presentHeartbeat(row: EndpointStatusFields, name: string): LiveHeartbeat {
  const { endpoint, ...status } = presentEndpointStatus(row);
  return { endpoint, name, ...status };
}
