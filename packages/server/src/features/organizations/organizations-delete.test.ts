import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ORGANIZATION_MSG } from '@sightline/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login, makeApp, makeSite, makeSuperAdmin, makeTenant, makeUser } from '../../../test/factories.js';
import { dataRoot } from '../../config.js';
import { rows } from '../../db/client.js';
import {
  apiKeys,
  categories,
  endpointStatus,
  endpoints,
  epcisCapturedIds,
  epcisCaptures,
  epcisEventIds,
  epcisEvents,
  events,
  maps,
  organizations,
  sessions,
  sites,
  ssoSettings,
  things,
  thingTags,
  users,
  zones,
} from '../../db/schema.js';
import { newId, randomToken } from '../../platform/ids.js';
import { foldEventDays } from '../reports/event-days.js';
import { drainRemovals } from '../retention/removals.js';

const app = await makeApp();
const { db } = app.ctx;

/** An organization with a little of everything, as a Super Admin of another one sees it. */
async function populatedOrg() {
  const home = await makeTenant(app);
  const root = await makeSuperAdmin(app, home.org.id);
  const subdomain = `doomed-${newId().slice(-10)}`;
  const orgId = (
    await root.request('POST', '/api/organizations', {
      name: 'Doomed',
      subdomain,
      adminName: 'Doomed Admin',
      adminEmail: `doomed-${subdomain}@example.com`,
    })
  ).json()._id;
  const site = await makeSite(app, orgId);
  const user = await makeUser(app, orgId, { role: 'admin' });
  const member = await login(app, user.username, user.password, user.id);
  const mapId = newId();
  const endpointId = newId();
  const thingId = newId();
  const file = `${mapId}.svg`;
  mkdirSync(path.join(dataRoot(app.ctx.config), 'maps'), { recursive: true });
  writeFileSync(path.join(path.join(dataRoot(app.ctx.config), 'maps'), file), '<svg/>');
  await db.insert(ssoSettings).values({ orgId, oktaIssuer: 'https://doomed.okta.com' });
  await db.insert(maps).values({ id: mapId, orgId, siteId: site.id, name: 'Floor', image: file });
  await db.insert(zones).values({ id: newId(), orgId, siteId: site.id, name: 'Dock' });
  await db
    .insert(endpoints)
    .values({ id: endpointId, orgId, siteId: site.id, name: 'Gate', uuid: randomToken(12), key: 'k' });
  await db.insert(endpointStatus).values({ endpointId, time: new Date() });
  await db.insert(categories).values({ id: newId(), orgId, name: 'Tools' });
  await db.insert(things).values({ id: thingId, orgId, siteId: site.id, name: 'Drill', tag1: 'ABC123' });
  await db.insert(thingTags).values({ orgId, tag: 'ABC123', thingId });
  await db
    .insert(events)
    .values({ orgId, siteId: site.id, tag: 'ABC123', thingId, time: new Date(), firstTime: new Date() });
  await foldEventDays(db, orgId);
  await db
    .insert(apiKeys)
    .values({ id: newId(), orgId, name: 'k', tokenHash: randomToken(), tokenPrefix: 'sl_' });
  return { home, root, orgId, user, member, endpointId, file };
}

/** OpenEPCIS's capture test events (epcis/fixtures, Apache-2.0): one document to capture. */
const epcisEventsDir = path.join(
  import.meta.dirname,
  '..',
  'epcis',
  'fixtures',
  'openepcis',
  'Capture',
  'Events',
);
const epcisDocument = () => {
  const [file] = readdirSync(epcisEventsDir).filter((f) => f.endsWith('.json'));
  return JSON.parse(readFileSync(path.join(epcisEventsDir, String(file)), 'utf8'));
};

/** The organization's rows in each EPCIS table. */
const epcisRows = async (orgId: string) =>
  (
    await Promise.all(
      [epcisCaptures, epcisEvents, epcisEventIds, epcisCapturedIds].map((table) =>
        db.select().from(table).where(eq(table.orgId, orgId)),
      ),
    )
  ).map((found) => found.length);

/** The Activity events rollup's rows of the organization (its tables are not in the drizzle schema). */
const rollupRows = (orgId: string) =>
  rows(
    db,
    sql`SELECT 'days' FROM event_days WHERE org_id = ${orgId} UNION ALL SELECT 'pending' FROM event_days_pending
      WHERE org_id = ${orgId} UNION ALL SELECT 'state' FROM event_days_state WHERE org_id = ${orgId}`,
  );

describe('deleting an organization', () => {
  it('removes everything the organization owns and nothing else', async () => {
    const o = await populatedOrg();
    expect(await rollupRows(o.orgId)).toHaveLength(2);
    // EPCIS: a captured event kept, and the eventID the query answered for its Sightline event.
    expect((await o.member.request('POST', '/api/epcis/capture', epcisDocument())).statusCode).toBe(202);
    expect((await o.member.request('GET', '/api/epcis/events')).statusCode).toBe(200);
    expect(await epcisRows(o.orgId)).toEqual([1, 1, 1, 1]);
    const res = await o.root.request('DELETE', `/api/organizations/${o.orgId}`);
    expect(res.statusCode).toBe(204);

    const left = await Promise.all(
      [sites, users, maps, zones, endpoints, categories, things, thingTags, apiKeys].map((table) =>
        db.select().from(table).where(eq(table.orgId, o.orgId)),
      ),
    );
    expect(left.flat()).toEqual([]);
    expect(await rollupRows(o.orgId)).toEqual([]);
    expect(await epcisRows(o.orgId)).toEqual([0, 0, 0, 0]);
    expect(await db.select().from(organizations).where(eq(organizations.id, o.orgId))).toEqual([]);
    expect(await db.select().from(ssoSettings).where(eq(ssoSettings.orgId, o.orgId))).toEqual([]);
    // Its history is gone from every answer at once, and from the tables in the background.
    expect(
      await db.select().from(endpointStatus).where(eq(endpointStatus.endpointId, o.endpointId)),
    ).toHaveLength(1);
    await drainRemovals(db);
    expect(await db.select().from(endpointStatus).where(eq(endpointStatus.endpointId, o.endpointId))).toEqual(
      [],
    );
    expect(await db.select().from(events).where(eq(events.orgId, o.orgId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, o.user.id))).toEqual([]);
    expect(existsSync(path.join(path.join(dataRoot(app.ctx.config), 'maps'), o.file))).toBe(false);
    expect((await o.member.request('GET', '/api/sites')).statusCode).toBe(401);

    // The Super Admin's own organization is untouched.
    expect((await o.home.admin.request('GET', '/api/sites')).json()).toHaveLength(1);
    expect((await o.root.request('GET', `/api/organizations/${o.home.org.id}`)).statusCode).toBe(200);
  });

  it("refuses to delete the caller's own organization (400) and keeps it", async () => {
    const t = await makeTenant(app);
    const root = await makeSuperAdmin(app, t.org.id);
    const res = await root.request('DELETE', `/api/organizations/${t.org.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ORGANIZATION_MSG.cannotDeleteOwn);
    expect((await t.admin.request('GET', '/api/sites')).json()).toHaveLength(1);
  });

  it("lets no one but a Super Admin delete, not even the organization's admin (403)", async () => {
    const o = await populatedOrg();
    expect((await o.member.request('DELETE', `/api/organizations/${o.orgId}`)).statusCode).toBe(403);
    expect((await o.home.admin.request('DELETE', `/api/organizations/${o.orgId}`)).statusCode).toBe(403);
    expect((await o.member.request('GET', '/api/sites')).json()).toHaveLength(1);
  });
});
