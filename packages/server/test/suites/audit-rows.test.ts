/**
 * The audit trail on every route, generated from the OpenAPI route table: each write route that
 * records a change (features/audit/recorder.ts, `recordsChange`) writes exactly its row when it
 * answers 2xx (its resource, the caller as actor) and none when it refuses; no row carries a
 * secret in the clear. A new write route is covered the day it is added.
 */
import { REDACTED } from '@sightline/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { recordsChange } from '../../src/features/audit/recorder.js';
import { makeApp, makeSuperAdmin, makeTenant } from '../factories.js';
import { makeRecords, SAMPLE_BODIES } from './fixtures.js';
import { pathParamsOf, plausible, type Route, routeName, routeTable, urlOf, within } from './route-table.js';

const app = await makeApp();
const tenant = await makeTenant(app);
const own = await makeRecords(app, tenant.org.id, tenant.site.id, tenant.admin);
// A Super Admin reaches every route (organizations and identity providers too).
const caller = await makeSuperAdmin(app, tenant.org.id);
// Deletes last, so the other routes find the fixture records.
const routes = routeTable(app)
  .filter((r) => recordsChange(r.method, r.path))
  .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
const figures = { routes: 0, recorded: 0, refused: 0 };

const segmentOf = (route: Route) => route.path.split('/')[2] ?? '';

function requestOf(route: Route) {
  const query: Record<string, string> = {};
  for (const name of Object.keys(route.query)) {
    const real = own.ids[name];
    if (real && (name === 'site' || route.requiredQuery.includes(name))) query[name] = real;
    else if (route.requiredQuery.includes(name)) query[name] = String(plausible(route.query[name], name));
  }
  let body: unknown;
  if (route.method === 'POST' || route.method === 'PUT') {
    body = structuredClone(SAMPLE_BODIES[routeName(route)]) ?? plausible(route.body);
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const key of Object.keys(body)) {
        const real = key === 'site' ? own.ids.site : own.ids[key];
        if (real) (body as Record<string, unknown>)[key] = real;
      }
    }
  }
  const id = own.ids[segmentOf(route)] ?? own.ids.things ?? '';
  return { url: urlOf(route, pathParamsOf(route, id), query), body };
}

interface Written {
  id: string;
  action: string;
  resource: string;
  actor_id: string | null;
  changes: unknown;
}
const written = (afterId: string) =>
  rows<Written>(
    app.ctx.db,
    sql`SELECT id::text, action, resource, actor_id, changes FROM audit_rows
        WHERE org_id = ${tenant.org.id} AND id > ${afterId}::bigint ORDER BY id`,
  );
const lastId = async () =>
  (
    await rows<{ id: string }>(
      app.ctx.db,
      sql`SELECT coalesce(max(id), 0)::text AS id FROM audit_rows WHERE org_id = ${tenant.org.id}`,
    )
  )[0]?.id ?? '0';

const SECRET = /password|token|secret|^key$|keyhash|seed|recovery/i;
function secretsIn(value: unknown, path = ''): string[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
    const here = `${path}.${k}`;
    const clear = SECRET.test(k) && typeof v === 'string' && v !== '' && v !== REDACTED;
    return [...(clear ? [here] : []), ...secretsIn(v, here)];
  });
}

describe('every write route writes its audit row', () => {
  for (const route of routes) {
    it(routeName(route), async () => {
      figures.routes++;
      const { url, body } = requestOf(route);
      const from = await lastId();
      const res = await within(5000, caller.request(route.method, url, body));
      const added = await written(from);
      if (res && res.statusCode < 300) {
        figures.recorded++;
        expect(added, `${routeName(route)} answered ${res.statusCode} without a row`).toHaveLength(1);
        const [row] = added;
        expect(row?.resource).toBe(segmentOf(route));
        expect(row?.actor_id).toBe(caller.userId);
        expect(secretsIn(row?.changes)).toEqual([]);
      } else {
        figures.refused++;
        expect(added, `${routeName(route)} refused (${res?.statusCode}) but wrote a row`).toEqual([]);
      }
    });
  }
});

afterAll(() => {
  console.log(
    `audit suite: ${figures.routes} write routes, ${figures.recorded} answered 2xx each with its row, ${figures.refused} refused with none`,
  );
});
