/**
 * A refusal names what the caller tried, on every route of the route table: a Viewer refused a
 * read is told it may not read, refused a delete that it may not delete, refused a change that it
 * may not modify — whichever right the rule behind it checks.
 */
import { describe, expect, it } from 'vitest';
import { makeApp, makeTenant } from '../factories.js';
import { makeRecords, plausibleQuery, recordIdFor } from './fixtures.js';
import { pathParamsOf, plausible, type Route, routeName, routeTable, urlOf, within } from './route-table.js';

const app = await makeApp({ logLevel: 'error', logFormat: 'json' });
const tenant = await makeTenant(app);
const own = await makeRecords(app, tenant.org.id, tenant.site.id, tenant.admin);
const routes = routeTable(app).filter(
  (r) => !r.path.startsWith('/api/ingest/') && !r.eventStream && !r.upload && r.pathParams.length <= 1,
);

/** The verbs a refusal of this request may name: removing a part of a record modifies it. */
const VERB: Record<string, string[]> = { GET: ['read'], DELETE: ['delete', 'modify'], PUT: ['modify'] };
/**
 * Reads that need a right of their own: a worker's personal-data export needs `erase` on things,
 * an EPCIS capture job the right that captures (`create` on things).
 */
const OWN_RIGHT: Record<string, string[]> = {
  'GET /api/things/:id/personal-data': ['erase'],
  'GET /api/epcis/capture/:id': ['create'],
};
const verbsOf = (route: Route) =>
  OWN_RIGHT[routeName(route)] ??
  (route.method === 'DELETE' && route.path.endsWith('/:id') ? ['delete'] : (VERB[route.method] ?? []));
const REFUSAL = /You do not have permission to (\w+) /;

describe('a refusal names what was tried', () => {
  const refused: string[] = [];
  for (const route of routes.filter((r) => VERB[r.method])) {
    it(routeName(route), async () => {
      const url = urlOf(route, pathParamsOf(route, recordIdFor(route, own)), plausibleQuery(route, own));
      const body = route.method === 'PUT' ? (plausible(route.body) ?? {}) : undefined;
      const res = await within(3000, tenant.viewer.request(route.method, url, body));
      if (res?.statusCode !== 403) return;
      const verb = REFUSAL.exec(res.json().message)?.[1];
      if (verb === undefined) return; // a refusal of its own words (Super Admin only, all sites)
      refused.push(routeName(route));
      expect(verbsOf(route), res.json().message).toContain(verb);
    });
  }
  it('covers the reads an admin-only right guards', () => {
    expect(refused).toEqual(
      expect.arrayContaining([
        'GET /api/webhooks',
        'GET /api/users',
        'GET /api/apikeys',
        'DELETE /api/zones/:id',
      ]),
    );
  });
});
