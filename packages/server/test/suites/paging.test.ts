/**
 * Paging on every list route, generated from the OpenAPI route table: at the largest `limit` a
 * route allows, edge values of `page` answer 200 when the rows to skip (page × limit) stay within
 * the bound the shared list schemas set, and 400 naming `page` otherwise — never a 5xx.
 */
import { LIST_OFFSET_MAX } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { makeApp, makeSuperAdmin, makeTenant } from '../factories.js';
import { makeRecords, plausibleQuery, recordIdFor } from './fixtures.js';
import { type Route, routeName, routeTable, urlOf } from './route-table.js';

const app = await makeApp({ logLevel: 'error', logFormat: 'json' });
const tenant = await makeTenant(app);
const su = await makeSuperAdmin(app, tenant.org.id);
const own = await makeRecords(app, tenant.org.id, tenant.site.id, tenant.admin);
const paged = routeTable(app).filter((r) => r.method === 'GET' && 'page' in r.query && 'limit' in r.query);

const EDGE_PAGES = [
  String(Number.MAX_SAFE_INTEGER),
  String(2 ** 31),
  String(2 ** 53),
  '1e308',
  '-1',
  '0',
  '1e3',
  ' 1',
];

/** A page is a whole number from 0 whose rows to skip stay within the bound. */
function accepted(page: string, limit: number): boolean {
  const n = Number(page);
  return Number.isSafeInteger(n) && n >= 0 && n * limit <= LIST_OFFSET_MAX;
}

function largestLimit(route: Route): number {
  const max = route.query.limit?.maximum;
  if (max === undefined) throw new Error(`${routeName(route)}: limit has no maximum`);
  return max;
}

async function get(route: Route, limit: number, page: string) {
  const params = Object.fromEntries(route.pathParams.map((p) => [p, recordIdFor(route, own)]));
  const url = urlOf(route, params, { ...plausibleQuery(route, own), limit: String(limit), page });
  return su.request('GET', url);
}

describe('page × limit on every list route', () => {
  it('finds the list routes', () => {
    expect(paged.map(routeName)).toEqual(expect.arrayContaining(['GET /api/events', 'GET /api/zones']));
  });

  for (const route of paged) {
    it(routeName(route), async () => {
      const limit = largestLimit(route);
      const last = Math.floor(LIST_OFFSET_MAX / limit);
      const cases: [number, string][] = [
        ...EDGE_PAGES.map((page) => [limit, page] as [number, string]),
        [limit, String(last)],
        [limit, String(last + 1)],
        [1, String(Number.MAX_SAFE_INTEGER)],
      ];
      const wrong: string[] = [];
      for (const [size, page] of cases) {
        const res = await get(route, size, page);
        const expected = accepted(page, size) ? 200 : 400;
        const named = expected === 200 || /page/.test(res.json().message ?? '');
        if (res.statusCode !== expected || !named)
          wrong.push(`limit=${size} page=${page} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
