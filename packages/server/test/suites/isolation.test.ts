/**
 * Isolation on every route (one of the suites of docs/security.md, "Suites"), generated from the
 * OpenAPI route table: another organization's ids and sites are 404, a site-limited caller on
 * another site's records is 404, each role on each write is 403 where the role's access rules
 * withhold the right (reading needs only the site), and API keys behave like users. No list or
 * answer carries another organization's ids; nothing of theirs changes.
 */
import { type Action, ALL_SITES, BUILT_IN_ROLES, can, ROLE_IDS } from '@sightline/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Client,
  clientWith,
  login,
  makeApp,
  makeOrg,
  makeSite,
  makeTenant,
  makeUser,
  PASSWORD,
  type RoleName,
} from '../factories.js';
import { makeRecords, type OrgRecords, SAMPLE_BODIES } from './fixtures.js';
import {
  changedTables,
  pathParamsOf,
  plausible,
  type Route,
  routeName,
  routeTable,
  snapshotOrg,
  urlOf,
  within,
} from './route-table.js';

const app = await makeApp();
const tenant = await makeTenant(app);
const secondSite = await makeSite(app, tenant.org.id, 'Second');
const own = await makeRecords(app, tenant.org.id, tenant.site.id, tenant.admin);
const ownSecond = await makeRecords(app, tenant.org.id, secondSite.id, tenant.admin);
const otherOrg = await makeOrg(app, 'Other');
const otherSite = await makeSite(app, otherOrg.id);
const otherAdmin = await login(app, (await makeUser(app, otherOrg.id, { role: 'admin' })).username);
const other = await makeRecords(app, otherOrg.id, otherSite.id, otherAdmin);
const limitedUser = await makeUser(app, tenant.org.id, { role: 'admin', sites: [tenant.site.id] });
const limited = await login(app, limitedUser.username, PASSWORD, limitedUser.id);
const routes = routeTable(app);

async function apiKeyClient(role: RoleName, sites = [ALL_SITES]): Promise<Client> {
  const res = await tenant.admin.request('POST', '/api/apikeys', {
    name: `${role} key ${Date.now()}`,
    roles: [ROLE_IDS[role]],
    securityCtx: { sites },
  });
  if (res.statusCode !== 200) throw new Error(`api key: ${res.statusCode} ${res.body}`);
  return clientWith(app, { bearer: res.json().token });
}
const keys = {
  admin: await apiKeyClient('admin'),
  limitedAdmin: await apiKeyClient('admin', [tenant.site.id]),
  manager: await apiKeyClient('manager'),
  operator: await apiKeyClient('operator'),
  viewer: await apiKeyClient('viewer'),
};

const figures = { routes: 0, requests: 0, refusedAsExpected: 0, failures: [] as string[] };

/** Routes every signed-in caller uses on itself, and sign-in/reader routes with their own credentials. */
const SELF_OR_PUBLIC = /^\/(api\/(auth|ingest|users\/me|check|messages)\b|auth\/)/;
const selfOrPublic = (route: Route) => SELF_OR_PUBLIC.test(route.path);

const segmentOf = (route: Route) => route.path.split('/')[2] ?? '';

/** The access resource and action a write route needs; undefined when it is no write. */
function accessOf(route: Route): { resource: string; action: Action } | undefined {
  if (route.method === 'GET' || selfOrPublic(route)) return undefined;
  const segment = segmentOf(route);
  const resource =
    {
      categories: 'image-categories',
      orgsettings: 'settings',
      import: 'things',
      event: 'things',
      epcis: 'things',
    }[segment] ?? segment;
  if (route.path === '/api/reports/adhoc' || route.path === '/api/import/preview') return undefined;
  if (route.path.endsWith('/totp')) return { resource: 'users', action: 'modify' };
  if (route.path === '/api/exceptions/acknowledge' || route.path === '/api/exceptions/resolve')
    return { resource, action: 'modify' };
  if (route.method === 'DELETE') return { resource, action: 'delete' };
  if (
    route.method === 'PUT' ||
    /\/:id\/\w+$/.test(route.path) ||
    segment === 'orgsettings' ||
    segment === 'event'
  )
    return { resource, action: 'modify' };
  return { resource, action: 'create' };
}

function idsOf(records: OrgRecords, route: Route) {
  const id = records.ids[segmentOf(route)] ?? records.ids.things ?? '';
  return pathParamsOf(route, id);
}

/** A request of the route aimed at `target`'s records and site, with a body naming `bodyIds`' records. */
function requestOf(route: Route, target: OrgRecords, bodyIds: OrgRecords = target) {
  const query: Record<string, string> = {};
  for (const name of Object.keys(route.query)) {
    const real = target.ids[name];
    if (real && (name === 'site' || route.requiredQuery.includes(name))) query[name] = real;
    else if (route.requiredQuery.includes(name)) {
      const value = plausible(route.query[name], name);
      if (typeof value === 'string' || typeof value === 'number') query[name] = String(value);
    }
  }
  let body: unknown;
  if (route.method === 'POST' || route.method === 'PUT') {
    body = structuredClone(SAMPLE_BODIES[routeName(route)]) ?? plausible(route.body);
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const key of Object.keys(body)) {
        const real = key === 'site' ? target.ids.site : bodyIds.ids[key];
        if (real) (body as Record<string, unknown>)[key] = real;
      }
    }
  }
  return { url: urlOf(route, idsOf(target, route), query), body };
}

async function send(client: Client, route: Route, url: string, body: unknown) {
  figures.requests++;
  const res = await within(3000, client.request(route.method, url, body));
  // An open live stream is an answer too: a 200 that leaked the site.
  return res ?? ({ statusCode: 200, body: '(stream opened)' } as LightMyRequestResponse);
}

const otherIds = Object.values(other.ids);
const leaks = (res: LightMyRequestResponse) => otherIds.filter((id) => res.body.includes(id));

function expectRefused(res: LightMyRequestResponse, what: string, allowed: number[]) {
  if (!allowed.includes(res.statusCode)) {
    figures.failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 120)}`);
  } else figures.refusedAsExpected++;
}

describe('isolation on every route', () => {
  const otherBefore = snapshotOrg(app, otherOrg.id, ['sessions']);

  for (const route of routes) {
    if (selfOrPublic(route)) continue;
    it(routeName(route), async () => {
      figures.routes++;
      const before = figures.failures.length;
      const name = routeName(route);
      const hasId = route.pathParams.length > 0;
      const siteScoped = 'site' in route.query;

      // Another organization's record, by a user and by an API key with every right: 404.
      if (hasId) {
        const { url, body } = requestOf(route, other, own);
        for (const [who, client] of [
          ['admin', tenant.admin],
          ['admin key', keys.admin],
        ] as const) {
          const res = await send(client, route, url, body);
          // Organizations are the Super Admin's alone: everyone else is refused before the lookup.
          const allowed = segmentOf(route) === 'organizations' ? [403, 404] : [404];
          expectRefused(res, `${name} ${who} on another organization's id`, allowed);
          expect(leaks(res), `${name} leaks another organization's ids`).toEqual([]);
        }
      }
      // Lists and other reads of one's own organization carry nothing of another's.
      if (route.method === 'GET' && !hasId) {
        const { url } = requestOf(route, own);
        const res = await send(tenant.admin, route, url, undefined);
        expect(leaks(res), `${name} lists another organization's ids`).toEqual([]);
      }
      // Another organization's site: 404 (400 when the route refuses the request before the site).
      if (siteScoped) {
        const { url, body } = requestOf(route, { ...own, ids: { ...own.ids, site: other.ids.site ?? '' } });
        const res = await send(tenant.admin, route, url, body);
        expectRefused(res, `${name} admin on another organization's site`, [404]);
        expect(leaks(res)).toEqual([]);
      }
      // A caller limited to the first site, on the second site's records and site: 404.
      if (hasId && segmentOf(route) !== 'users' && segmentOf(route) !== 'usernames') {
        const { url, body } = requestOf(route, ownSecond, own);
        for (const [who, client] of [
          ['site-limited admin', limited],
          ['site-limited key', keys.limitedAdmin],
        ] as const) {
          if (!siteBound(route)) continue;
          const res = await send(client, route, url, body);
          expectRefused(res, `${name} ${who} on another site's record`, [404]);
        }
      }
      if (siteScoped) {
        const { url, body } = requestOf(route, { ...own, ids: { ...own.ids, site: secondSite.id } });
        const res = await send(limited, route, url, body);
        expectRefused(res, `${name} site-limited admin on another site`, [404]);
      }
      // Each role on each write: 403 where its access rules withhold the right, users and keys alike.
      const access = accessOf(route);
      if (access) {
        const { url, body } = requestOf(route, own);
        for (const role of ['manager', 'operator', 'viewer'] as const) {
          const rules = BUILT_IN_ROLES.find((r) => r.id === ROLE_IDS[role])?.rules ?? [];
          if (can(rules, access.resource, access.action)) continue;
          for (const [who, client] of [
            [role, tenant[role]],
            [`${role} key`, keys[role]],
          ] as const) {
            const res = await send(client, route, url, body);
            // Without a fixture of the kind (exceptions), the id names nothing: 404 comes first.
            const allowed = segmentOf(route) in own.ids || !hasId ? [403] : [403, 404];
            expectRefused(res, `${name} ${who} (${access.action} ${access.resource})`, allowed);
          }
        }
      }
      expect(figures.failures.slice(before)).toEqual([]);
    });
  }

  it('changed nothing of the other organization', async () => {
    expect(changedTables(await otherBefore, await snapshotOrg(app, otherOrg.id, ['sessions']))).toEqual([]);
  });
});

/** Records of these kinds belong to a site; organization-wide ones (categories, webhooks, keys) do not. */
function siteBound(route: Route): boolean {
  return !['categories', 'image-categories', 'webhooks', 'apikeys', 'organizations'].includes(
    segmentOf(route),
  );
}

afterAll(() => {
  console.log(
    `isolation suite: ${figures.routes} of ${routes.length} routes covered (the rest are sign-in, reader and own-account routes), ${figures.requests} requests sent, ${figures.refusedAsExpected} refused as expected, ${figures.failures.length} not`,
  );
});
