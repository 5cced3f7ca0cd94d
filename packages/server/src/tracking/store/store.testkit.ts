/** Test builders for tracking: endpoints, zones, things and location tags written directly. */

import { randomUUID } from 'node:crypto';
import type { Gate } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { endpoints, locationTags, things, thingTags, zones } from '../../db/schema.js';
import { newId, randomToken } from '../../platform/ids.js';

export interface TestEndpoint {
  id: string;
  orgId: string;
  siteId: string;
  uuid: string;
  key: string;
  name: string;
}

export async function makeEndpoint(
  db: Tx,
  orgId: string,
  siteId: string,
  overrides: Partial<typeof endpoints.$inferInsert> = {},
): Promise<TestEndpoint> {
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

export async function makeZone(
  db: Tx,
  orgId: string,
  siteId: string,
  name: string,
  gates: Gate[] = [],
  overrides: Partial<typeof zones.$inferInsert> = {},
): Promise<string> {
  const id = newId();
  await db.insert(zones).values({ id, orgId, siteId, name, gates, ...overrides });
  return id;
}

/** A gate zone: every sighting of the endpoint (antenna -1, NEAR) enters it. */
export const gate = (endpoint: string, antenna = -1, direction: Gate['direction'] = 'NEAR'): Gate => ({
  endpoint,
  antenna,
  direction,
});

export async function makeThing(
  db: Tx,
  orgId: string,
  siteId: string,
  tag: string,
  overrides: Partial<typeof things.$inferInsert> = {},
): Promise<string> {
  const id = newId();
  await db.insert(things).values({ id, orgId, siteId, name: `Thing ${tag}`, tag1: tag, ...overrides });
  await db.insert(thingTags).values({ orgId, tag, thingId: id });
  return id;
}

export async function makeLocationTag(
  db: Tx,
  orgId: string,
  siteId: string,
  tag: string,
  zoneId: string | null,
): Promise<string> {
  const id = newId();
  await db.insert(locationTags).values({ id, orgId, siteId, name: `Spot ${tag}`, tag, zoneId });
  return id;
}

export async function thingRow(db: Tx, id: string) {
  const [row] = await db.select().from(things).where(eq(things.id, id));
  if (!row) throw new Error(`no thing ${id}`);
  return row;
}

export const at = (iso: string) => Date.parse(iso);
