/**
 * Every long-lived route of the OpenAPI route table — each operation that answers
 * `text/event-stream` — ends its stream within a second of each way a credential loses the right
 * to it (test/factories/stream.factory.ts), so a stream route is covered the day it is added.
 */
import { describe, expect, it } from 'vitest';
import {
  makeApp,
  msUntilEnded,
  openStream,
  portOf,
  REVOCATIONS,
  REVOKED_STREAM_CLOSES_WITHIN_MS,
} from '../factories.js';
import { plausible, type Route, routeName, routeTable, urlOf } from './route-table.js';

const app = await makeApp();
const port = await portOf(app);
const streamRoutes = routeTable(app).filter((r) => r.eventStream);

/** Parameters named after a site get the prepared site; the others a plausible value. */
function urlFor(route: Route, siteId: string): string {
  const value = (name: string, schema: unknown) =>
    /^site(Id)?$/.test(name) ? siteId : String(plausible(schema as Parameters<typeof plausible>[0], name));
  const params = Object.fromEntries(route.pathParams.map((p) => [p, value(p, { type: 'string' })]));
  const query = Object.fromEntries(route.requiredQuery.map((q) => [q, value(q, route.query[q])]));
  return urlOf(route, params, query);
}

describe('long-lived routes end when their credential is revoked', () => {
  it('the route table declares the stream routes', () => {
    expect(streamRoutes.map(routeName)).toContain('GET /api/live');
  });

  describe.each(streamRoutes.map((r) => [routeName(r), r] as const))('%s', (_, route) => {
    it.each(REVOCATIONS.map((r) => [r.name, r] as const))('%s', async (_name, revocation) => {
      const prepared = await revocation.prepare(app);
      const stream = await openStream(port, urlFor(route, prepared.siteId), prepared.auth);
      expect(stream.status, `${routeName(route)} opens for the prepared credential`).toBe(200);
      await prepared.revoke(app);
      expect(await msUntilEnded(stream, Date.now())).toBeLessThanOrEqual(REVOKED_STREAM_CLOSES_WITHIN_MS);
    });
  });
});
