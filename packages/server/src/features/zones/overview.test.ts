import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  makeApp,
  makeSiteLimited,
  makeTenant,
  makeThing,
  makeZone,
} from '../../../test/factories.js';
import { things, zoneCountChanges, zoneCounts } from '../../db/schema.js';
import { foldZoneCounts } from './counts.js';

const app = await makeApp();
const { db } = app.ctx;

/** Dock holds two items and a worker, Store one item, Yard nothing; one deleted item in Dock is not counted. */
async function siteWithOccupants() {
  const t = await makeTenant(app);
  const dock = (await makeZone(db, t.org.id, t.site.id, { name: 'Dock' })).id;
  const store = (await makeZone(db, t.org.id, t.site.id, { name: 'store' })).id;
  const yard = (await makeZone(db, t.org.id, t.site.id, { name: 'Yard' })).id;
  const place = (tag: string, zoneId: string, cls: 'item' | 'worker' = 'item') =>
    makeThing(db, t.org.id, t.site.id, { tag, zoneId, class: cls }).then((r) => r.id);
  await place('A1', dock);
  await place('A2', dock);
  await place('W1', dock, 'worker');
  await place('A3', store);
  const gone = await place('A4', dock);
  await db.update(things).set({ deletedAt: new Date() }).where(eq(things.id, gone));
  return { ...t, dock, store, yard };
}

describe('GET /api/zones/overview', () => {
  it('counts things, items and workers per zone of the site, by name, empty zones included', async () => {
    const s = await siteWithOccupants();
    const res = await s.viewer.request('GET', `/api/zones/overview?site=${s.site.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { _id: s.dock, name: 'Dock', total: 3, items: 2, workers: 1 },
      { _id: s.store, name: 'store', total: 1, items: 1, workers: 0 },
      { _id: s.yard, name: 'Yard', total: 0, items: 0, workers: 0 },
    ]);
  });

  it('400 without a valid site, 401 without a caller, 404 for another organization or site', async () => {
    const s = await siteWithOccupants();
    for (const query of ['', '?site=abc']) {
      expect((await s.viewer.request('GET', `/api/zones/overview${query}`)).statusCode, query).toBe(400);
    }
    expect((await anonymous(app).request('GET', `/api/zones/overview?site=${s.site.id}`)).statusCode).toBe(
      401,
    );
    const other = await makeTenant(app);
    expect((await other.admin.request('GET', `/api/zones/overview?site=${s.site.id}`)).statusCode).toBe(404);
    const { site: elsewhere, client: limited } = await makeSiteLimited(app, s.org.id);
    expect((await limited.request('GET', `/api/zones/overview?site=${s.site.id}`)).statusCode).toBe(404);
    expect((await limited.request('GET', `/api/zones/overview?site=${elsewhere.id}`)).json()).toEqual([]);
  });

  it('follows every change of a thing at once, before and after the changes are folded', async () => {
    const s = await siteWithOccupants();
    const overview = async () =>
      (await s.viewer.request('GET', `/api/zones/overview?site=${s.site.id}`)).json() as {
        name: string;
        total: number;
        items: number;
        workers: number;
      }[];
    const counts = async () => (await overview()).map((z) => [z.name, z.total, z.items, z.workers]);
    const mover = await makeThing(db, s.org.id, s.site.id, { tag: 'M1', zoneId: s.dock });
    const set = (values: Partial<typeof things.$inferInsert>) =>
      db.update(things).set(values).where(eq(things.id, mover.id));
    expect(await counts()).toEqual([
      ['Dock', 4, 3, 1],
      ['store', 1, 1, 0],
      ['Yard', 0, 0, 0],
    ]);
    await set({ zoneId: s.yard });
    expect(await counts()).toEqual([
      ['Dock', 3, 2, 1],
      ['store', 1, 1, 0],
      ['Yard', 1, 1, 0],
    ]);
    expect(await foldZoneCounts(db)).toBeGreaterThan(0);
    const zoneIds = [s.dock, s.store, s.yard];
    expect(await db.select().from(zoneCountChanges).where(inArray(zoneCountChanges.zoneId, zoneIds))).toEqual(
      [],
    );
    expect(await counts()).toEqual([
      ['Dock', 3, 2, 1],
      ['store', 1, 1, 0],
      ['Yard', 1, 1, 0],
    ]);
    await set({ class: 'worker' }); // a class change moves it between the columns
    await set({ lastEvent: new Date() }); // a state change that is no move changes nothing
    expect(await counts()).toEqual([
      ['Dock', 3, 2, 1],
      ['store', 1, 1, 0],
      ['Yard', 1, 0, 1],
    ]);
    await set({ zoneId: null }); // out of every zone
    await set({ zoneId: s.store });
    await set({ deletedAt: new Date() }); // deleted: no longer counted
    expect(await counts()).toEqual([
      ['Dock', 3, 2, 1],
      ['store', 1, 1, 0],
      ['Yard', 0, 0, 0],
    ]);
    await set({ deletedAt: null }); // restored where it was
    expect((await counts())[1]).toEqual(['store', 2, 1, 1]);
    await db.delete(things).where(eq(things.id, mover.id)); // a row removed for good
    await foldZoneCounts(db);
    expect(await counts()).toEqual([
      ['Dock', 3, 2, 1],
      ['store', 1, 1, 0],
      ['Yard', 0, 0, 0],
    ]);
    const kept = await db.select().from(zoneCounts).where(inArray(zoneCounts.zoneId, zoneIds));
    expect(kept.filter((r) => r.n !== 0).length).toBe(3); // Dock items, Dock workers, store items
  });
});
