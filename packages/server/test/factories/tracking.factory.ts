/**
 * The one set of tracking factories (CONVENTIONS "Tests"): `makeX(db, orgId, siteId, overrides?)`,
 * written straight to the database so a test builds exactly what it needs.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Gate } from '@sightline/shared';
import type { Tx } from '../../src/db/client.js';
import {
  endpointStatus,
  endpoints,
  locationTags,
  maps,
  things,
  thingTags,
  zones,
} from '../../src/db/schema.js';
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

export async function makeZone(
  db: Tx,
  orgId: string,
  siteId: string,
  overrides: Partial<typeof zones.$inferInsert> = {},
) {
  const row = { id: newId(), orgId, siteId, name: `Zone ${randomToken(3)}`, ...overrides };
  await db.insert(zones).values(row);
  return { id: row.id, name: row.name };
}

/** A gate: every sighting of the endpoint (antenna -1, NEAR by default) enters the zone. */
export const gate = (endpoint: string, antenna = -1, direction: Gate['direction'] = 'NEAR'): Gate => ({
  endpoint,
  antenna,
  direction,
});

/** A thing known by `tag` (its tag1; the tag index row too). */
export async function makeThing(
  db: Tx,
  orgId: string,
  siteId: string,
  overrides: Partial<typeof things.$inferInsert> & { tag?: string } = {},
) {
  const { tag = randomBytes(6).toString('hex').toUpperCase(), ...rest } = overrides;
  const row = { id: newId(), orgId, siteId, name: `Thing ${tag}`, tag1: tag, ...rest };
  await db.insert(things).values(row);
  await db.insert(thingTags).values({ orgId, tag, thingId: row.id });
  return { id: row.id, name: row.name, tag };
}

export async function makeLocationTag(
  db: Tx,
  orgId: string,
  siteId: string,
  overrides: Partial<typeof locationTags.$inferInsert> & { tag?: string } = {},
) {
  const { tag = randomBytes(6).toString('hex').toUpperCase(), ...rest } = overrides;
  const row = { id: newId(), orgId, siteId, name: `Spot ${tag}`, tag, ...rest };
  await db.insert(locationTags).values(row);
  return { id: row.id, tag };
}

export async function makeMap(
  db: Tx,
  orgId: string,
  siteId: string,
  overrides: Partial<typeof maps.$inferInsert> = {},
) {
  const row = { id: newId(), orgId, siteId, name: `Floor ${randomToken(3)}`, ...overrides };
  await db.insert(maps).values(row);
  return { id: row.id, name: row.name };
}
