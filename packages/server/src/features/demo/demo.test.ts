import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROLE_IDS, STALE_HEARTBEAT_MINUTES } from '@sightline/shared';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login, makeApp, makeOrg } from '../../../test/factories.js';
import { dataRoot } from '../../config.js';
import {
  categories,
  endpointStatus,
  endpoints,
  events,
  locationTags,
  maps,
  sites,
  things,
  thingTags,
  users,
  zones,
} from '../../db/schema.js';
import { seedDemo } from './seed.js';

const app = await makeApp();
const { db } = app.ctx;

async function counts(orgId: string) {
  const of = async <T>(rows: Promise<T[]>) => (await rows).length;
  return {
    sites: await of(db.select().from(sites).where(eq(sites.orgId, orgId))),
    zones: await of(db.select().from(zones).where(eq(zones.orgId, orgId))),
    endpoints: await of(db.select().from(endpoints).where(eq(endpoints.orgId, orgId))),
    maps: await of(db.select().from(maps).where(eq(maps.orgId, orgId))),
    locationTags: await of(db.select().from(locationTags).where(eq(locationTags.orgId, orgId))),
    categories: await of(db.select().from(categories).where(eq(categories.orgId, orgId))),
    items: await of(
      db
        .select()
        .from(things)
        .where(and(eq(things.orgId, orgId), eq(things.class, 'item'))),
    ),
    workers: await of(
      db
        .select()
        .from(things)
        .where(and(eq(things.orgId, orgId), eq(things.class, 'worker'))),
    ),
    thingTags: await of(db.select().from(thingTags).where(eq(thingTags.orgId, orgId))),
    users: await of(db.select().from(users).where(eq(users.orgId, orgId))),
  };
}

describe('demo seed', () => {
  it('seeds the demo organization once, and a second run is a no-op', async () => {
    const org = await makeOrg(app, 'Demo');
    const emailDomain = `${org.subdomain}.sightline.test`;
    const printed: string[] = [];
    const options = { subdomain: org.subdomain, emailDomain, print: (t: string) => printed.push(t) };
    const first = await seedDemo(app, options);
    expect(first?.orgId).toBe(org.id);
    const expected = {
      sites: 2,
      zones: 10,
      endpoints: 14,
      maps: 2,
      locationTags: 10,
      categories: 5,
      items: 200,
      workers: 30,
      thingTags: 230,
      users: 4,
    };
    expect(await counts(org.id)).toEqual(expected);
    expect(await seedDemo(app, options)).toBeUndefined();
    expect(await counts(org.id)).toEqual(expected);
    expect(printed).toHaveLength(1);

    // One user per role, all with the printed password.
    const emails = ['admin', 'manager', 'operator', 'viewer'].map((l) => `${l}@${emailDomain}`);
    for (const email of emails) expect(printed[0]).toContain(email);
    expect(printed[0]).toContain(first?.password);
    const seeded = await db.select().from(users).where(inArray(users.username, emails));
    expect(seeded.map((u) => u.roles[0]).sort()).toEqual(
      [ROLE_IDS.admin, ROLE_IDS.manager, ROLE_IDS.operator, ROLE_IDS.viewer].sort(),
    );
    const admin = await login(app, emails[0] ?? '', first?.password);

    // Sites, their settings (Kits is the parent category) and endpoints through the API.
    const siteList = (await admin.request('GET', '/api/sites?sort=name')).json();
    expect(siteList.map((s: { name: string }) => s.name)).toEqual(['Main Warehouse', 'North Depot']);
    expect(siteList.map((s: { timezone: { id: string } }) => s.timezone.id)).toEqual([
      'Europe/London',
      'America/Chicago',
    ]);
    const [kits] = await db
      .select()
      .from(categories)
      .where(and(eq(categories.orgId, org.id), eq(categories.name, 'Kits')));
    const settings = (await admin.request('GET', `/api/orgsettings?site=${siteList[0]._id}`)).json();
    expect(settings.parentCategories).toEqual([kits?.id]);
    const readers = await admin.request('GET', `/api/endpoints?site=${siteList[1]._id}`);
    expect(readers.headers['x-total-count']).toBe('7');

    // Zones with gates; Shipping kills immediately; alert durations in ns with emails.
    const zoneRows = await db.select().from(zones).where(eq(zones.siteId, siteList[0]._id));
    const byName = new Map(zoneRows.map((z) => [z.name, z]));
    expect([...byName.keys()].sort()).toEqual([
      'Break Room',
      'Receiving',
      'Shipping',
      'Storage A',
      'Storage B',
    ]);
    expect(byName.get('Shipping')).toMatchObject({ immediateKill: true, killMode: 'clearZone' });
    expect(byName.get('Break Room')).toMatchObject({
      durationNs: 45 * 60e9,
      emails: [`supervisor@${emailDomain}`, `safety@${emailDomain}`],
    });
    const endpointIds = new Set(
      (await db.select().from(endpoints).where(eq(endpoints.orgId, org.id))).map((e) => e.id),
    );
    for (const z of zoneRows) {
      const gates = z.gates as { endpoint: string; direction: string; antenna: number }[];
      expect(gates).toHaveLength(1);
      expect(endpointIds.has(gates[0]?.endpoint ?? '')).toBe(true);
    }

    // Things: 24-hex EPCs, zone state, one kit with children.
    const thingRows = await db.select().from(things).where(eq(things.orgId, org.id));
    for (const t of thingRows) expect(t.tag1).toMatch(/^[0-9A-F]{24}$/);
    expect(thingRows.filter((t) => t.class === 'worker').every((t) => t.zoneId && t.lastZoneTime)).toBe(true);
    const kit = thingRows.find((t) => t.name === 'Field Service Kit FSK-01');
    expect(kit?.categories).toEqual([kits?.id]);
    expect(thingRows.filter((t) => t.parents.includes(kit?.id ?? '')).length).toBe(4);
    expect(new Set(thingRows.map((t) => t.name)).size).toBe(230);

    // Each thing in a zone has the reading that put it there: its Events tab and the Activity
    // report's first and last seen are not empty.
    const eventRows = await db.select().from(events).where(eq(events.orgId, org.id));
    const placed = thingRows.filter((t) => t.zoneId);
    expect(eventRows).toHaveLength(placed.length);
    for (const t of placed) {
      const e = eventRows.find((row) => row.thingId === t.id);
      expect(e).toMatchObject({ tag: t.tag1, zoneId: t.zoneId, endpointId: t.endpointId, siteId: t.siteId });
      expect(e?.firstTime).toEqual(t.lastZoneTime);
      expect(e?.time).toEqual(t.lastEvent);
    }
    const thingEvents = await admin.request(
      'GET',
      `/api/events?site=${placed[0]?.siteId}&thing=${placed[0]?.id}`,
    );
    expect(thingEvents.json()).toHaveLength(1);

    // Heartbeats: exactly one reader is stale.
    const staleBefore = new Date(Date.now() - STALE_HEARTBEAT_MINUTES * 60_000);
    const stale = await db
      .select()
      .from(endpoints)
      .where(and(eq(endpoints.orgId, org.id), lt(endpoints.lastHeartbeat, staleBefore)));
    expect(stale.map((e) => e.name)).toEqual(['Yard Gate']);
    const beats = await db
      .select()
      .from(endpointStatus)
      .where(inArray(endpointStatus.endpointId, [...endpointIds]));
    expect(beats.length).toBe(36);

    // A generated floor plan per map, drawing the zones as labelled rooms.
    for (const map of await db.select().from(maps).where(eq(maps.orgId, org.id))) {
      expect(map).toMatchObject({ image: `${map.id}.svg`, imageType: 'image/svg+xml' });
      const svg = readFileSync(path.join(path.join(dataRoot(app.ctx.config), 'maps'), map.image), 'utf8');
      expect(svg).toMatch(/^<svg /);
      for (const name of byName.keys()) expect(svg).toContain(`>${name}</text>`);
    }
  });

  it('does nothing without the demo organization', async () => {
    expect(await seedDemo(app, { subdomain: 'no-such-org-here', print: () => undefined })).toBeUndefined();
  });
});
