/**
 * Who may export, erase and read the audit of a worker, by site and by right:
 * - a worker's personal-data export and erasure span every site, so a caller limited to some sites
 *   (a user or an Admin API key) gets 403 on a worker of its sites and 404 on another site's, and
 *   nothing is erased;
 * - the audit list shows only rows of the sites where the caller has both the site and `read` on
 *   `audit` (a site outside its sites: 404; inside them without the right: 403), and verifying the
 *   whole chain is an organization-wide reader's;
 * - rights that mean nothing alone (audit `read` without `identify` on workers and the users list,
 *   `erase` without `identify`) grant nothing, whichever role carries them.
 */
import {
  type AccessRule,
  ALL_SITES,
  AUDIT_MSG,
  type AuditRow,
  PERSONAL_DATA_MSG,
  ROLE_IDS,
} from '@sightline/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import {
  clientWith,
  gate,
  makeApp,
  makeEndpoint,
  makeSiteLimited,
  makeThing,
  makeZone,
} from '../../../test/factories.js';
import { accessRules, events, roles, things } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';

const app = await makeApp();
const { db } = app.ctx;

/** Two sites, North and South, a worker of each seen at home, and an audit read row of each. */
async function twoSites() {
  const t = await trackedSite(app);
  const orgId = t.org.id;
  const north = t.site.id;
  // South, and an Admin of North only.
  const {
    site: { id: south },
    client: northAdmin,
  } = await makeSiteLimited(app, orgId, { role: 'admin', siteName: 'South', sites: [north] });
  const southReader = await makeEndpoint(db, orgId, south, { name: 'South reader' });
  await makeZone(db, orgId, south, { name: 'South gate', gates: [gate(southReader.id)] });
  const ann = await makeThing(db, orgId, north, { class: 'worker', name: 'Ann North' });
  const bob = await makeThing(db, orgId, south, { class: 'worker', name: 'Bob South' });
  expect((await postNative(app, t.dockReader, [{ tag: ann.tag }, { tag: bob.tag }])).statusCode).toBe(200);
  expect((await postNative(app, southReader, [{ tag: ann.tag }, { tag: bob.tag }])).statusCode).toBe(200);
  // Someone looks at each worker's history: a read row on each home site.
  for (const [site, w] of [
    [north, ann],
    [south, bob],
  ] as const)
    expect((await t.admin.request('GET', `/api/events?site=${site}&thing=${w.id}`)).statusCode).toBe(200);
  return { t, orgId, north, south, ann, bob, northAdmin };
}

/** An API key the organization's Admin creates, with these roles and sites. */
async function keyOf(s: Awaited<ReturnType<typeof twoSites>>, roleIds: string[], sites: string[]) {
  const res = await s.t.admin.request('POST', '/api/apikeys', {
    name: `key ${newId().slice(-6)}`,
    roles: roleIds,
    securityCtx: { sites },
  });
  expect(res.statusCode, res.body).toBe(200);
  return clientWith(app, { bearer: (res.json() as { token: string }).token });
}

/** A role of the organization with these rules, written as a role of the database would be. */
async function customRole(orgId: string, rules: Omit<AccessRule, 'role'>[]) {
  const id = newId();
  await db.insert(roles).values({ id, orgId, name: `Custom ${id.slice(-6)}` });
  await db.insert(accessRules).values(rules.map((r) => ({ roleId: id, ...r })));
  return id;
}

const eventsOf = async (thingId: string) =>
  (await db.select().from(events).where(eq(events.thingId, thingId))).length;
const exists = async (orgId: string, thingId: string) =>
  (
    await db
      .select()
      .from(things)
      .where(and(eq(things.orgId, orgId), eq(things.id, thingId)))
  ).length === 1;

describe("a worker's personal data: only an organization-wide caller", () => {
  it('refuses a site-limited Admin (user and API key) on its own worker (403) and answers 404 on another site’s', async () => {
    const s = await twoSites();
    const northKey = await keyOf(s, [ROLE_IDS.admin], [s.north]);
    const annEvents = await eventsOf(s.ann.id);
    expect(annEvents).toBeGreaterThan(1);
    for (const caller of [s.northAdmin, northKey]) {
      const exported = await caller.request('GET', `/api/things/${s.ann.id}/personal-data`);
      expect(exported.statusCode, exported.body).toBe(403);
      expect(exported.json().message).toBe(PERSONAL_DATA_MSG.allSitesOnly);
      const erased = await caller.request('POST', `/api/things/${s.ann.id}/erase`);
      expect(erased.statusCode, erased.body).toBe(403);
      expect(erased.json().message).toBe(PERSONAL_DATA_MSG.allSitesOnly);
      for (const [method, path] of [
        ['GET', 'personal-data'],
        ['POST', 'erase'],
      ] as const)
        expect((await caller.request(method, `/api/things/${s.bob.id}/${path}`)).statusCode).toBe(404);
    }
    // Nothing went: the worker and its events on both sites are still there.
    expect(await exists(s.orgId, s.ann.id)).toBe(true);
    expect(await eventsOf(s.ann.id)).toBe(annEvents);
    // An All Sites Admin exports the worker's events of both sites.
    const whole = await s.t.admin.request('GET', `/api/things/${s.ann.id}/personal-data`);
    expect(whole.statusCode).toBe(200);
  });

  it('refuses an All Sites caller whose erase right covers one site only (403), and a role with erase but not identify', async () => {
    const s = await twoSites();
    const oneSite = await customRole(s.orgId, [
      { resource: 'things', action: 'erase', site: s.north },
      { resource: 'workers', action: 'identify', site: ALL_SITES },
    ]);
    const eraseOnly = await customRole(s.orgId, [{ resource: 'things', action: 'erase', site: ALL_SITES }]);
    for (const role of [oneSite, eraseOnly]) {
      const key = await keyOf(s, [role], [ALL_SITES]);
      expect((await key.request('GET', `/api/things/${s.ann.id}/personal-data`)).statusCode).toBe(403);
      expect((await key.request('POST', `/api/things/${s.ann.id}/erase`)).statusCode).toBe(403);
    }
    expect(await exists(s.orgId, s.ann.id)).toBe(true);
    // With identify for All Sites, erase for All Sites is whole: the worker goes.
    const eraser = await customRole(s.orgId, [
      { resource: 'things', action: 'erase', site: ALL_SITES },
      { resource: 'workers', action: 'identify', site: ALL_SITES },
    ]);
    const key = await keyOf(s, [eraser], [ALL_SITES]);
    expect((await key.request('POST', `/api/things/${s.ann.id}/erase`)).statusCode).toBe(200);
    expect(await exists(s.orgId, s.ann.id)).toBe(false);
  });
});

describe('who looked at whom: the audit of the sites the caller reads', () => {
  const readsOf = async (caller: { request: (m: string, u: string) => Promise<{ json(): unknown }> }) =>
    ((await caller.request('GET', '/api/audit?action=read&resource=workers')).json() as AuditRow[]).map(
      (r) => r.resourceId,
    );

  it('shows a site-limited Admin its site’s rows only; another site is 404, verify 403', async () => {
    const s = await twoSites();
    expect(await readsOf(s.t.admin)).toEqual(expect.arrayContaining([s.ann.id, s.bob.id]));
    expect(await readsOf(s.northAdmin)).toEqual([s.ann.id]);
    expect((await s.northAdmin.request('GET', `/api/audit?site=${s.south}`)).statusCode).toBe(404);
    expect((await s.northAdmin.request('GET', `/api/audit/export?site=${s.south}`)).statusCode).toBe(404);
    expect((await s.northAdmin.request('GET', `/api/audit?resourceId=${s.bob.id}`)).json()).toEqual([]);
    const verify = await s.northAdmin.request('GET', '/api/audit/verify');
    expect(verify.statusCode).toBe(403);
    expect(verify.json().message).toBe(AUDIT_MSG.wholeTrailOnly);
    expect((await s.t.admin.request('GET', '/api/audit/verify')).json()).toMatchObject({ ok: true });
  });

  it('follows the site of the audit right, not only the caller’s sites (403 on a site without it)', async () => {
    const s = await twoSites();
    const northAuditor = await customRole(s.orgId, [
      { resource: 'audit', action: 'read', site: s.north },
      { resource: 'workers', action: 'identify', site: ALL_SITES },
      { resource: 'users', action: 'create', site: ALL_SITES },
    ]);
    const key = await keyOf(s, [northAuditor], [ALL_SITES]);
    expect(await readsOf(key)).toEqual([s.ann.id]);
    const south = await key.request('GET', `/api/audit?site=${s.south}`);
    expect(south.statusCode).toBe(403);
    expect((await key.request('GET', `/api/audit?site=${s.north}`)).statusCode).toBe(200);
    expect((await key.request('GET', '/api/audit/verify')).statusCode).toBe(403);
  });

  it('grants nothing to audit read without identify on workers or without the users list', async () => {
    const s = await twoSites();
    for (const rules of [
      [{ resource: 'audit', action: 'read' as const, site: ALL_SITES }],
      [
        { resource: 'audit', action: 'read' as const, site: ALL_SITES },
        { resource: 'workers', action: 'identify' as const, site: ALL_SITES },
      ],
      [
        { resource: 'audit', action: 'read' as const, site: ALL_SITES },
        { resource: 'users', action: 'create' as const, site: ALL_SITES },
      ],
    ]) {
      const key = await keyOf(s, [await customRole(s.orgId, rules)], [ALL_SITES]);
      for (const path of ['/api/audit', '/api/audit/export', '/api/audit/verify'])
        expect((await key.request('GET', path)).statusCode, path).toBe(403);
    }
  });
});
