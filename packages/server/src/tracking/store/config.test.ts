/**
 * The configuration an instance keeps between batches (config.ts, migration 0017): reused while
 * nothing changes, and never used once an edit of a zone, endpoint, map or location tag has
 * committed — whoever made the edit, on this instance or another one on the same database.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { at, sighting, thingRow } from '../../../test/factories/store.factory.js';
import {
  type Client,
  gate,
  login,
  makeApp,
  makeEndpoint,
  makeLocationTag,
  makeMap,
  makeTenant,
  makeThing,
  makeZone,
} from '../../../test/factories.js';
import type { Db } from '../../db/client.js';
import { endpoints, locationTags, maps, organizations, zones } from '../../db/schema.js';
import type { App } from '../../platform/context.js';
import type { NormalizedSighting } from '../formats/index.js';
import { configCacheOf } from './config.js';
import { createTrackingStore, ingestSightings, loadBatch, type TrackingStore } from './index.js';

const app = await makeApp();
const { db, live } = app.ctx;
/** One store per database (one per instance), with the app's hooks. */
const stores = new Map<Db, TrackingStore>();
const storeOn = (on: Db): TrackingStore => {
  const found = stores.get(on) ?? createTrackingStore({ db: on, live, hooks: app.ctx.tracking.hooks });
  stores.set(on, found);
  return found;
};
const now = at('2024-05-01T12:00:00Z');
const t0 = at('2024-05-01T10:00:00Z');

/** A tenant with Dock and Store zones gated by their readers, a floor map and one tagged crate. */
async function world(on: App) {
  const t = await makeTenant(on);
  const { id: orgId } = t.org;
  const siteId = t.site.id;
  const floor = await makeMap(on.ctx.db, orgId, siteId); // (0, 0)–(100, 100)
  const dockReader = await makeEndpoint(on.ctx.db, orgId, siteId, { mapId: floor.id, x: 50, y: 50 });
  const storeReader = await makeEndpoint(on.ctx.db, orgId, siteId);
  const dock = (await makeZone(on.ctx.db, orgId, siteId, { name: 'Dock', gates: [gate(dockReader.id)] })).id;
  const store = (await makeZone(on.ctx.db, orgId, siteId, { name: 'Store', gates: [gate(storeReader.id)] }))
    .id;
  const crate = await makeThing(on.ctx.db, orgId, siteId);
  return { ...t, orgId, siteId, floor, dockReader, storeReader, dock, store, crate };
}
type World = Awaited<ReturnType<typeof world>>;

let minute = 0;
/** The crate read once by `reader` at the next minute, through instance `on`. */
function read(on: Db, w: World, reader: World['dockReader'], tag = w.crate.tag) {
  const batch: NormalizedSighting[] = [sighting(tag, t0 + ++minute * 60_000)];
  return ingestSightings(storeOn(on), reader, batch, now, { awaitPublish: true });
}

async function version(orgId: string): Promise<number> {
  const [row] = await db
    .select({ v: organizations.trackingConfigVersion })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return Number(row?.v);
}

const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
};
const putZone = (client: Client, w: World, id: string, name: string, gates: ReturnType<typeof gate>[]) =>
  ok(client.request('PUT', `/api/zones/${id}`, { name, site: w.siteId, gates }));
const putMap = (client: Client, w: World, botRight: [number, number]) =>
  ok(client.request('PUT', `/api/maps/${w.floor.id}`, { name: 'Floor', site: w.siteId, botRight }));
const putDockReader = (client: Client, w: World, xy: [number, number]) =>
  ok(
    client.request('PUT', `/api/endpoints/${w.dockReader.id}`, {
      name: w.dockReader.name,
      uuid: w.dockReader.uuid,
      site: w.siteId,
      map: w.floor.id,
      xycoordinates: xy,
    }),
  );

describe('the kept tracking configuration', () => {
  it('is reused by the next batch while nothing changes; heartbeats and locations bump nothing', async () => {
    const w = await world(app);
    const before = await version(w.orgId);
    await read(db, w, w.dockReader);
    const kept = configCacheOf(db).get(w.orgId);
    expect(kept?.version).toBe(before);
    await read(db, w, w.storeReader);
    await db
      .update(endpoints)
      .set({ lastHeartbeat: new Date(), config: { interval: 30 } })
      .where(eq(endpoints.id, w.storeReader.id));
    expect(await version(w.orgId)).toBe(before);
    expect(configCacheOf(db).get(w.orgId)).toBe(kept); // not read again
    expect((await thingRow(db, w.crate.id)).zoneId).toBe(w.store);
    const loaded = await db.transaction((tx) =>
      loadBatch(tx, w.orgId, w.dockReader.id, [w.crate.tag], { cache: configCacheOf(db) }),
    );
    expect(loaded.configLoaded).toBe(false);
    expect(loaded.model).toBe(kept?.model);
  });

  it('bumps the version at every write of a zone, endpoint, map or location tag', async () => {
    const w = await world(app);
    let last = await version(w.orgId);
    const bumps = async (write: () => Promise<unknown>) => {
      await write();
      const next = await version(w.orgId);
      expect(next).toBeGreaterThan(last);
      last = next;
    };
    const spot = await makeLocationTag(db, w.orgId, w.siteId);
    await bumps(() => db.update(zones).set({ killDuration: 2 }).where(eq(zones.id, w.dock)));
    await bumps(() => db.delete(zones).where(eq(zones.id, w.store)));
    await bumps(() => makeZone(db, w.orgId, w.siteId));
    await bumps(() =>
      db.update(endpoints).set({ autoEnroll: true }).where(eq(endpoints.id, w.dockReader.id)),
    );
    await bumps(() => makeEndpoint(db, w.orgId, w.siteId));
    await bumps(() => db.delete(endpoints).where(eq(endpoints.id, w.storeReader.id)));
    await bumps(() => db.update(maps).set({ topLeftX: 1 }).where(eq(maps.id, w.floor.id)));
    await bumps(() => makeMap(db, w.orgId, w.siteId));
    await bumps(() => db.update(locationTags).set({ x: 3 }).where(eq(locationTags.id, spot.id)));
    await bumps(() => db.delete(locationTags).where(eq(locationTags.id, spot.id)));
    // Unchanged values, and what the engine does not read of an endpoint, bump nothing.
    await db.update(zones).set({ killDuration: 2 }).where(eq(zones.id, w.dock));
    await db
      .update(endpoints)
      .set({ description: 'x', lastHeartbeat: new Date(), locationTagId: null })
      .where(eq(endpoints.id, w.dockReader.id));
    expect(await version(w.orgId)).toBe(last);
  });

  it('sees an edit of a zone, an endpoint or a map made between two batches', async () => {
    const w = await world(app);
    await read(db, w, w.dockReader);
    expect(await thingRow(db, w.crate.id)).toMatchObject({
      zoneId: w.dock,
      mapId: w.floor.id,
      x: 0.5,
      y: 0.5,
    });

    // The dock reader now gates Store (Dock has no gate left).
    await putZone(w.admin, w, w.dock, 'Dock', []);
    await putZone(w.admin, w, w.store, 'Store', [gate(w.storeReader.id), gate(w.dockReader.id)]);
    await read(db, w, w.dockReader);
    expect((await thingRow(db, w.crate.id)).zoneId).toBe(w.store);

    await putDockReader(w.admin, w, [25, 75]);
    await read(db, w, w.dockReader);
    expect(await thingRow(db, w.crate.id)).toMatchObject({ x: 0.25, y: 0.75 });

    await putMap(w.admin, w, [50, 100]); // the floor is half as wide
    await read(db, w, w.dockReader);
    expect(await thingRow(db, w.crate.id)).toMatchObject({ x: 0.5, y: 0.75 });
  });

  it('sees a new endpoint, a new location tag and an endpoint placed by a location tag', async () => {
    const w = await world(app);
    await read(db, w, w.dockReader);
    const handheld = await makeEndpoint(db, w.orgId, w.siteId);
    expect((await read(db, w, handheld)).accepted).toBe(1);
    expect((await thingRow(db, w.crate.id)).endpointId).toBe(handheld.id);

    const spot = await makeLocationTag(db, w.orgId, w.siteId, { zoneId: w.store });
    await read(db, w, handheld, spot.tag); // places the handheld in Store
    const [placed] = await db.select().from(endpoints).where(eq(endpoints.id, handheld.id));
    expect(placed?.locationTagId).toBe(spot.id);
    await read(db, w, handheld);
    expect((await thingRow(db, w.crate.id)).zoneId).toBe(w.store);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the kept tracking configuration, two instances', () => {
  it('sees at one instance the edits made through another', async () => {
    const other = await makeApp();
    const w = await world(app);
    await read(db, w, w.dockReader);
    await read(other.ctx.db, w, w.dockReader);
    expect(configCacheOf(db).get(w.orgId)).toBeDefined();
    expect(configCacheOf(other.ctx.db).get(w.orgId)).toBeDefined();
    const otherAdmin = await login(other, w.admin.username);

    // A zone edited through the other instance; this one's next batch follows it.
    await putZone(otherAdmin, w, w.dock, 'Dock', []);
    await putZone(otherAdmin, w, w.store, 'Store', [gate(w.storeReader.id), gate(w.dockReader.id)]);
    await read(db, w, w.dockReader);
    expect((await thingRow(db, w.crate.id)).zoneId).toBe(w.store);

    // An endpoint and a map edited through this instance; the other's next batches follow them.
    await putDockReader(w.admin, w, [25, 75]);
    await read(other.ctx.db, w, w.dockReader);
    expect(await thingRow(db, w.crate.id)).toMatchObject({ x: 0.25, y: 0.75 });
    await putMap(w.admin, w, [50, 100]);
    await read(other.ctx.db, w, w.dockReader);
    expect(await thingRow(db, w.crate.id)).toMatchObject({ x: 0.5, y: 0.75 });

    // And a zone written straight to the database (an import, a script) reaches both.
    await db
      .update(zones)
      .set({ gates: [gate(w.dockReader.id)] })
      .where(eq(zones.id, w.dock));
    await db
      .update(zones)
      .set({ gates: [gate(w.storeReader.id)] })
      .where(eq(zones.id, w.store));
    await read(other.ctx.db, w, w.dockReader);
    expect((await thingRow(db, w.crate.id)).zoneId).toBe(w.dock);
    await read(db, w, w.storeReader);
    await read(db, w, w.dockReader);
    expect((await thingRow(db, w.crate.id)).zoneId).toBe(w.dock);
  });
});
