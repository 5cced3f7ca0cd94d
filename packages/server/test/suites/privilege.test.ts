/**
 * Settings that decide who someone is or what they reach, generated from the OpenAPI route table:
 * every write that sets an identity provider, roles, site scope or the organizations themselves is
 * refused to a site-limited Admin (user or API key) and, where it can make someone a Super Admin
 * or change the provider, to every Admin who is not a Super Admin — and nothing changes. The same
 * request from a Super Admin succeeds, so each refusal is the privilege's and not the body's.
 * A new route whose body carries `roles`, `securityCtx` or `sites`, or that writes one of these
 * resources, fails the classification test until it is added here.
 */
import { ALL_SITES, ROLE_IDS, SUPER_ADMIN_ROLE_ID } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  type Client,
  clientWith,
  login,
  makeApp,
  makeOrg,
  makeSuperAdmin,
  makeTenant,
  makeUser,
  PASSWORD,
} from '../factories.js';
import { makeRecords } from './fixtures.js';
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

const app = await makeApp({ ssoAllowPrivate: true });
await app.ready();
const routes = routeTable(app);

/** What a body must be for the route's privilege to be what is tested. */
type Case = {
  /** Who besides a site-limited caller is refused: every Admin who is not a Super Admin, or none. */
  refusedToAdmins: boolean;
  body?: (ids: Record<string, string>) => unknown;
  /** The record a `:id` names (default: the path segment's fixture). */
  target?: 'allSitesUser' | 'otherOrg';
};

const grant = (roles: string[], sites: string[]) => ({ roles, securityCtx: { sites } });
const uniqueEmail = () => `priv-${Math.random().toString(36).slice(2)}@example.com`;

/** Every privileged write, by route; the classification test keeps this table complete. */
const CASES: Record<string, Case> = {
  'PUT /api/ssosettings': {
    refusedToAdmins: true,
    body: () => ({ oktaIssuer: 'https://93.184.215.14/oauth2', oktaClientId: 'x', oktaClientSecret: 'y' }),
  },
  'POST /api/ssosettings': {
    refusedToAdmins: true,
    body: () => ({ entraTenant: 'attacker.example', allowSuperAdminSso: true }),
  },
  'POST /api/organizations': {
    refusedToAdmins: true,
    body: () => ({
      name: 'New org',
      subdomain: `org-${Math.random().toString(36).slice(2, 10)}`,
      adminName: 'First',
      adminEmail: uniqueEmail(),
    }),
  },
  'PUT /api/organizations/:id': {
    refusedToAdmins: true,
    target: 'otherOrg',
    body: (ids) => ({
      name: 'Renamed',
      subdomain: ids.otherSubdomain,
      oktaEnabled: true,
      entraEnabled: true,
    }),
  },
  'DELETE /api/organizations/:id': { refusedToAdmins: true, target: 'otherOrg' },
  'POST /api/users': {
    refusedToAdmins: true,
    body: () => ({
      name: 'Made',
      username: uniqueEmail(),
      password: PASSWORD,
      ...grant([SUPER_ADMIN_ROLE_ID], [ALL_SITES]),
    }),
  },
  'PUT /api/users/:id': {
    refusedToAdmins: true,
    target: 'allSitesUser',
    body: (ids) => ({
      name: 'Raised',
      username: ids.allSitesUsername,
      ...grant([SUPER_ADMIN_ROLE_ID], [ALL_SITES]),
    }),
  },
  'POST /api/apikeys': {
    refusedToAdmins: false,
    body: () => ({ name: 'Wide key', ...grant([ROLE_IDS.admin], [ALL_SITES]) }),
  },
  'POST /api/users/:id/ssolinks': {
    refusedToAdmins: false,
    target: 'allSitesUser',
    body: () => ({ provider: 'okta' }),
  },
  'DELETE /api/users/:id/ssolinks/:provider': { refusedToAdmins: false, target: 'allSitesUser' },
  'PUT /api/retention': { refusedToAdmins: true, body: () => ({ sightings: 1, workerHistory: 1 }) },
  'POST /api/retention/run': { refusedToAdmins: true },
};

/** Whether a schema (at any depth) has a property that grants roles or sites. */
function grantsAccess(schema: JsonSchema | undefined, depth = 0): boolean {
  if (!schema || depth > 4) return false;
  const props = schema.properties ?? {};
  if (['roles', 'securityCtx', 'sites'].some((p) => p in props)) return true;
  const nested = [
    ...Object.values(props),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];
  return nested.some((s) => grantsAccess(s, depth + 1));
}

const PRIVILEGED_RESOURCES = new Set(['ssosettings', 'organizations', 'ssolinks', 'retention']);
const privileged = (route: Route) =>
  route.method !== 'GET' &&
  !route.path.startsWith('/api/users/me') &&
  (grantsAccess(route.body) || route.path.split('/').some((s) => PRIVILEGED_RESOURCES.has(s)));

describe('privileged settings on every route', () => {
  it('classifies every route that writes providers, roles, sites or organizations', () => {
    const found = routes.filter(privileged).map(routeName).sort();
    const known = Object.keys(CASES).sort();
    expect(found).toEqual(known);
  });

  for (const [name, spec] of Object.entries(CASES)) {
    it(name, async () => {
      const route = routes.find((r) => routeName(r) === name);
      expect(route, `${name} is in the route table`).toBeDefined();
      if (!route) return;
      const t = await makeTenant(app);
      const records = await makeRecords(app, t.org.id, t.site.id, t.admin);
      const superAdmin = await makeSuperAdmin(app, t.org.id);
      const wide = await makeUser(app, t.org.id, { role: 'viewer' });
      const limitedUser = await makeUser(app, t.org.id, { role: 'admin', sites: [t.site.id] });
      const limited = await login(app, limitedUser.username, PASSWORD, limitedUser.id);
      const key = async (sites: string[]) => {
        const res = await t.admin.request('POST', '/api/apikeys', {
          name: `k${Date.now()}`,
          ...grant([ROLE_IDS.admin], sites),
        });
        return clientWith(app, { bearer: res.json().token });
      };
      const otherOrg = await makeOrg(app, 'Other');
      const ids = { ...records.ids, otherSubdomain: otherOrg.subdomain, allSitesUsername: wide.username };
      const targets = { allSitesUser: wide.id, otherOrg: otherOrg.id };
      const id = spec.target ? targets[spec.target] : (records.ids[route.path.split('/')[2] ?? ''] ?? '');
      const url = urlOf(route, pathParamsOf(route, id));
      const callers: [string, Client][] = [
        ['site-limited admin', limited],
        ['site-limited admin key', await key([t.site.id])],
      ];
      if (spec.refusedToAdmins) callers.push(['admin', t.admin], ['admin key', await key([ALL_SITES])]);

      for (const [who, client] of callers) {
        const before = await snapshotOrg(app, t.org.id, ['sessions']);
        const res = await client.request(route.method, url, spec.body?.(ids) ?? plausible(route.body));
        expect([403, 404], `${who}: ${res.statusCode} ${res.body.slice(0, 160)}`).toContain(res.statusCode);
        expect(changedTables(before, await snapshotOrg(app, t.org.id, ['sessions'])), who).toEqual([]);
      }
      const allowed = await superAdmin.request(route.method, url, spec.body?.(ids) ?? plausible(route.body));
      expect(allowed.statusCode, `super admin: ${allowed.body.slice(0, 200)}`).toBeLessThan(300);
    });
  }
});
