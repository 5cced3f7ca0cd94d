/**
 * Endpoints (readers) for the tests, their credentials as request headers, and heartbeats:
 * `makeEndpoint(db, orgId, siteId, overrides?)`, written straight to the database so a test builds
 * exactly what it needs.
 */
import { randomUUID } from 'node:crypto';
import type { Tx } from '../../src/db/client.js';
import { endpointStatus, endpoints } from '../../src/db/schema.js';
import { newId, randomToken } from '../../src/platform/ids.js';

export async function makeEndpoint(
  db: Tx,
  orgId: string,
  siteId: string,
  overrides: Partial<typeof endpoints.$inferInsert> = {},
) {
  const row = {
    id: newId(),
    orgId,
    siteId,
    name: `Reader ${randomToken(3)}`,
    uuid: randomUUID(),
    key: randomToken(24),
    ...overrides,
  };
  await db.insert(endpoints).values(row);
  return { id: row.id, orgId, siteId, uuid: row.uuid, key: row.key, name: row.name };
}
export type TestEndpoint = Awaited<ReturnType<typeof makeEndpoint>>;

/** The headers a reader authenticates with: its key as Bearer, its UUID in `x-endpoint-uuid`. */
export const readerHeaders = (endpoint: { uuid: string; key: string }, key = endpoint.key) => ({
  authorization: `Bearer ${key}`,
  'x-endpoint-uuid': endpoint.uuid,
});

/** The `authorization` of a reader speaking HTTP Basic (Impinj, Zebra): `<uuid>:<key>`. */
export const readerBasic = (endpoint: { uuid: string; key: string }, key = endpoint.key) =>
  `Basic ${Buffer.from(`${endpoint.uuid}:${key}`).toString('base64')}`;

/** A heartbeat of the endpoint `minutesAgo` minutes old. */
export async function makeHeartbeat(
  db: Tx,
  endpointId: string,
  minutesAgo: number,
  values: { ip?: string; version?: string; uptime?: number; readerTemp?: number } = {},
) {
  const time = new Date(Date.now() - minutesAgo * 60_000);
  await db.insert(endpointStatus).values({ endpointId, time, ...values });
  return time;
}
