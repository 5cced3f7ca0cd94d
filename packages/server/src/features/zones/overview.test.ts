import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  login,
  makeApp,
  makeSite,
  makeTenant,
  makeThing,
  makeUser,
  makeZone,
} from '../../../test/factories.js';
import { things } from '../../db/schema.js';

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
    const elsewhere = await makeSite(app, s.org.id);
    const user = await makeUser(app, s.org.id, { role: 'viewer', sites: [elsewhere.id] });
    const limited = await login(app, user.username);
    expect((await limited.request('GET', `/api/zones/overview?site=${s.site.id}`)).statusCode).toBe(404);
    expect((await limited.request('GET', `/api/zones/overview?site=${elsewhere.id}`)).json()).toEqual([]);
  });
});
