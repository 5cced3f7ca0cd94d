/** Fixtures of the endpoint tests: endpoints and heartbeats written straight to the database. */
import { endpointStatus, endpoints, maps } from '../../db/schema.js';
import type { App } from '../../platform/context.js';
import { newId, randomToken } from '../../platform/ids.js';

export async function makeEndpoint(
  app: App,
  orgId: string,
  siteId: string,
  name: string,
  overrides: Partial<typeof endpoints.$inferInsert> = {},
) {
  const id = newId();
  const uuid = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomToken(6)}`;
  const key = `key-${randomToken(12)}`;
  await app.ctx.db.insert(endpoints).values({ id, orgId, siteId, name, uuid, key, ...overrides });
  return { id, uuid, key };
}

/** A heartbeat `minutesAgo` minutes old. */
export async function makeHeartbeat(
  app: App,
  endpointId: string,
  minutesAgo: number,
  values: { ip?: string; version?: string; uptime?: number; readerTemp?: number } = {},
) {
  const time = new Date(Date.now() - minutesAgo * 60_000);
  await app.ctx.db.insert(endpointStatus).values({ endpointId, time, ...values });
  return time;
}

export const readerHeaders = (endpoint: { uuid: string; key: string }) => ({
  authorization: `Bearer ${endpoint.key}`,
  'x-endpoint-uuid': endpoint.uuid,
});

export async function makeMap(app: App, orgId: string, siteId: string, name = 'Floor') {
  const id = newId();
  await app.ctx.db.insert(maps).values({ id, orgId, siteId, name });
  return { id };
}
