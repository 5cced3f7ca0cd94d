import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROLE_IDS, STALE_HEARTBEAT_MINUTES } from '@sightline/shared';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login, makeApp, makeOrg } from '../../../test/factories.js';
import { DEMO_RECEIVER_PATH, dataRoot, demoReceiverUrl } from '../../config.js';
import {
  categories,
  endpointStatus,
  endpoints,
  events,
  exceptions,
  images,
  locationTags,
  maps,
  reportConfigs,
  sites,
  things,
  thingTags,
  users,
  webhookDeliveries,
  webhooks,
  zones,
} from '../../db/schema.js';
import { imageKeys } from '../../platform/storage/image-keys.js';
import { sendWebhook } from '../webhooks/send.js';
import { DEMO_PHOTOS, SITE_POSITIONS } from './photos.js';
import { seedDemo } from './seed.js';

// The demo on (its receiver and webhook exist), its simulator off (the counts below stay put).
const app = await makeApp({ demo: true, demoSimulator: false });
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
    images: await of(db.select().from(images).where(eq(images.orgId, orgId))),
    reportConfigs: await of(db.select().from(reportConfigs).where(eq(reportConfigs.orgId, orgId))),
    webhooks: await of(db.select().from(webhooks).where(eq(webhooks.orgId, orgId))),
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
      images: DEMO_PHOTOS.length,
      reportConfigs: 2,
      webhooks: 1,
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

  it('seeds photos with EXIF dates and GPS, report configs, a webhook log, an open and an acknowledged exception', async () => {
    const org = await makeOrg(app, 'Demo');
    const emailDomain = `${org.subdomain}.sightline.test`;
    const options = { subdomain: org.subdomain, emailDomain, print: () => undefined };
    const started = Date.now();
    const first = await seedDemo(app, options);
    const admin = await login(app, `admin@${emailDomain}`, first?.password);
    const siteList = (await admin.request('GET', '/api/sites?sort=name')).json();
    const siteIds: string[] = siteList.map((s: { _id: string }) => s._id);

    // Photos: each site's, listed by the Images screen, with the date and position their EXIF
    // carries as read back by the upload path, tags, categories, and the three stored files.
    const categoryRows = await db.select().from(categories).where(eq(categories.orgId, org.id));
    const categoryName = new Map(categoryRows.map((c) => [c.id, c.name]));
    for (const [index, siteId] of siteIds.entries()) {
      const listed = await admin.request('GET', `/api/images?site=${siteId}&limit=100`);
      const expected = DEMO_PHOTOS.filter((p) => p.site === index);
      expect(listed.json()).toHaveLength(expected.length);
    }
    const rows = await db.select().from(images).where(eq(images.orgId, org.id));
    for (const p of DEMO_PHOTOS) {
      const row = rows.find((r) => r.fileName === p.fileName);
      expect(row).toMatchObject({ siteId: siteIds[p.site], format: 'jpeg', make: 'Sightline' });
      const [lon, lat] = SITE_POSITIONS[p.site] ?? [0, 0];
      expect(row?.longitude).toBeCloseTo(lon, 5);
      expect(row?.latitude).toBeCloseTo(lat, 5);
      // The EXIF date (a local clock) read back: its day is p.daysAgo before the seed, not upload time.
      const taken = row?.timestamp ?? new Date(0);
      expect([taken.getHours(), taken.getMinutes(), taken.getSeconds()]).toEqual([p.hour, 17, 42]);
      const daysBefore = (started - taken.getTime()) / 86_400_000;
      expect(daysBefore).toBeGreaterThan(p.daysAgo - 1);
      expect(daysBefore).toBeLessThan(p.daysAgo + 1);
      expect(row?.tags).toEqual(p.tags);
      expect(row?.categories.map((id) => categoryName.get(id))).toEqual(p.categories);
      for (const key of Object.values(imageKeys(org.id, row?.id ?? ''))) {
        expect(await app.ctx.storage.exists(key)).toBe(true);
      }
    }
    const thumb = await admin.request('GET', `/api/images/${rows[0]?.id}/thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    // Report configurations of the first site, one in the daily email, whose recipients are all at
    // example.com (a domain that receives no mail).
    const configs = (await admin.request('GET', `/api/reportconfigs?site=${siteIds[0]}`)).json();
    expect(configs.map((c: { name: string; email: boolean }) => [c.name, c.email])).toEqual([
      ['Daily zone time exceptions', true],
      ['Tools and laptops seen', false],
    ]);
    for (const site of await db.select().from(sites).where(eq(sites.orgId, org.id))) {
      expect(site.reportEmails.length).toBeGreaterThan(0);
      for (const email of site.reportEmails) expect(email).toMatch(/@example\.com$/);
    }

    // The webhook targets the demo's own receiver; its delivery log shows answered deliveries.
    const hooks = (await admin.request('GET', '/api/webhooks')).json();
    expect(hooks).toHaveLength(1);
    expect(hooks[0].targetUrl).toBe(demoReceiverUrl(app.ctx.config));
    const log = (await admin.request('GET', `/api/webhooks/${hooks[0].id}/deliveries`)).json();
    expect(log.length).toBeGreaterThanOrEqual(5);
    for (const d of log) expect(d).toMatchObject({ status: 200, event: 'seen' });
    const delivered = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hooks[0].id));
    expect(delivered.every((d) => d.done && !d.failed)).toBe(true);

    // At least one zone-time exception is open from the start, for a stay that has overrun.
    const open = (await admin.request('GET', `/api/exceptions?site=${siteIds[0]}`)).json();
    expect(open.length).toBeGreaterThan(0);
    const stored = await db
      .select()
      .from(exceptions)
      .where(and(eq(exceptions.orgId, org.id), isNull(exceptions.resolvedAt)));
    expect(stored.length).toBeGreaterThan(0);
    // The oldest is acknowledged by the Manager (the Alerts screen shows both states), the rest open.
    const states = stored.map((e) => e.state);
    expect(states.filter((state) => state === 'acknowledged')).toHaveLength(1);
    expect(states.filter((state) => state === 'open').length).toBeGreaterThan(0);
    const acknowledged = stored.find((e) => e.state === 'acknowledged');
    expect(acknowledged?.time.getTime()).toBe(Math.min(...stored.map((e) => e.time.getTime())));
    expect(acknowledged?.acknowledgedBy).toBeTruthy();
    for (const e of stored) {
      expect(e.type).toBe('zoneTimeException');
      expect(e.time.getTime()).toBe((e.stayStart?.getTime() ?? 0) + (e.timeDurationNs ?? 0) / 1e6);
      expect(e.time.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it("serves the webhook receiver, and the guard lets through only the receiver's exact URL", async () => {
    const answer = await app.inject({ method: 'POST', url: DEMO_RECEIVER_PATH, payload: { any: 'thing' } });
    expect(answer.statusCode).toBe(200);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const trusted = `http://127.0.0.1:${port}${DEMO_RECEIVER_PATH}`;
    const send = (targetUrl: string) =>
      sendWebhook({
        contentType: 'application/json',
        targetUrl,
        headers: {},
        secret: 's',
        body: '{}',
        event: 'seen',
        deliveryId: '1',
        timeoutMs: 5000,
        allowPrivate: false,
        trustedTarget: trusted,
      });
    expect(await send(trusted)).toMatchObject({ ok: true, status: 200 });
    for (const other of [
      `http://127.0.0.1:${port}/healthz`,
      `http://127.0.0.1:${port}${DEMO_RECEIVER_PATH}?x=1`,
      `http://localhost:${port}${DEMO_RECEIVER_PATH}`,
      `http://10.0.0.1:${port}${DEMO_RECEIVER_PATH}`,
    ]) {
      expect((await send(other)).ok).toBe(false);
    }
  });

  it('has no receiver and no webhook with the demo off', async () => {
    expect(demoReceiverUrl({ demo: false, port: 8080 })).toBeUndefined();
    const plain = await makeApp();
    const answer = await plain.inject({ method: 'POST', url: DEMO_RECEIVER_PATH, payload: {} });
    expect(answer.statusCode).toBe(404);
    const org = await makeOrg(plain, 'Demo');
    await seedDemo(plain, { subdomain: org.subdomain, print: () => undefined });
    expect(await plain.ctx.db.select().from(webhooks).where(eq(webhooks.orgId, org.id))).toEqual([]);
  });

  it('does nothing without the demo organization', async () => {
    expect(await seedDemo(app, { subdomain: 'no-such-org-here', print: () => undefined })).toBeUndefined();
  });
});
