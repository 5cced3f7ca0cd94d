/**
 * Unknown keys on every route of the route table that takes a JSON object: the route's plausible
 * body plus a key it does not name, at the top and inside each nested object it describes, is a
 * 400 naming that key, and nothing is stored. A PUT whose record a GET of the same path answers
 * is also sent that record back with an unknown key. Free maps (`additionalProperties`) take any
 * key and are not probed.
 */
import { describe, expect, it } from 'vitest';
import { makeApp, makeSuperAdmin, makeTenant } from '../factories.js';
import { makeRecords, plausibleQuery, recordIdFor, SAMPLE_BODIES } from './fixtures.js';
import {
  changedTables,
  type JsonSchema,
  pathParamsOf,
  plausible,
  type Route,
  routeName,
  routeTable,
  snapshotOrg,
  urlOf,
} from './route-table.js';

const app = await makeApp({ logLevel: 'error', logFormat: 'json' });
const tenant = await makeTenant(app);
const su = await makeSuperAdmin(app, tenant.org.id);
const own = await makeRecords(app, tenant.org.id, tenant.site.id, tenant.admin);
const VOLATILE = ['sessions', 'login_attempts'];
const UNKNOWN = 'probeUnknownKey';

/** The object form of a schema (the first non-null alternative), if it names its properties. */
function objectOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema;
  const alt = (schema.anyOf ?? schema.oneOf ?? schema.allOf)?.find((s) => objectOf(s));
  return alt ? objectOf(alt) : undefined;
}

const routes = routeTable(app).filter(
  (r) => objectOf(r.body) && !r.path.startsWith('/api/ingest/') && r.method !== 'GET',
);
const readable = new Set(
  routeTable(app)
    .filter((r) => r.method === 'GET')
    .map((r) => r.path),
);

function baseBody(route: Route): Record<string, unknown> {
  const sample = SAMPLE_BODIES[routeName(route)];
  if (sample !== undefined) return structuredClone(sample) as Record<string, unknown>;
  const body = (plausible(route.body) ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(body)) if (own.ids[key]) body[key] = own.ids[key];
  return body;
}

/** Each nested object the body schema describes by its properties: its key and a plausible value. */
function nestedObjects(body: JsonSchema): [string, Record<string, unknown>][] {
  return Object.entries(objectOf(body)?.properties ?? {}).flatMap(([name, s]) => {
    const nested = objectOf(s);
    if (!nested || (s as { 'x-server-owned'?: boolean })['x-server-owned']) return [];
    return [[name, (plausible(nested, name) ?? {}) as Record<string, unknown>]];
  });
}

async function expectRefused(route: Route, url: string, body: unknown, path: string) {
  const before = await snapshotOrg(app, tenant.org.id, VOLATILE);
  const res = await su.request(route.method, url, body);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
  const answer = res.json() as { message: string; errors?: { path: string }[] };
  expect(answer.errors?.map((e) => e.path)).toContain(`body.${path}`);
  expect(answer.message).toContain(path);
  expect(changedTables(before, await snapshotOrg(app, tenant.org.id, VOLATILE))).toEqual([]);
}

describe('a body key no route names is a 400 naming it', () => {
  it('covers the routes that take a body', () => {
    expect(routes.map(routeName)).toEqual(
      expect.arrayContaining([
        'PUT /api/categories/:id',
        'PUT /api/zones/:id',
        'PUT /api/things/:id',
        'PUT /api/sites/:id',
        'PUT /api/users/me',
        'PUT /api/webhooks/:id',
        'PUT /api/ssosettings',
        'POST /api/things',
        'POST /api/webhooks',
      ]),
    );
  });

  for (const route of routes) {
    describe(routeName(route), () => {
      const url = urlOf(route, pathParamsOf(route, recordIdFor(route, own)), plausibleQuery(route, own));

      it('at the top', () => expectRefused(route, url, { ...baseBody(route), [UNKNOWN]: 'x' }, UNKNOWN));

      for (const [name, value] of nestedObjects(route.body as JsonSchema)) {
        it(`inside ${name}`, () =>
          expectRefused(
            route,
            url,
            { ...baseBody(route), [name]: { ...value, [UNKNOWN]: 1 } },
            `${name}.${UNKNOWN}`,
          ));
      }

      if (route.method === 'PUT' && readable.has(route.path)) {
        it('in the record its GET answered', async () => {
          const read = await su.request('GET', url);
          expect(read.statusCode, read.body.slice(0, 300)).toBe(200);
          await expectRefused(route, url, { ...(read.json() as object), [UNKNOWN]: true }, UNKNOWN);
        });
      }
    });
  }
});
