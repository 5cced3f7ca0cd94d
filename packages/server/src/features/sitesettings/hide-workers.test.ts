/**
 * hideWorkers hides a site's workers entirely: what the console reads of the site — Home's zone
 * counts and open exceptions, the things behind Zone Status and the top search, events, stays,
 * the Zones History chart and every report — leaves them out, and shows them again when the
 * setting is off. The worker is Ann (reportScenario: events, stays, a zone-time exception, the
 * category Crew); the items are Drill and Saw.
 */
import { REPORT_TYPES } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  makeApp,
  makeSite,
  makeThing,
  reportScenario,
  TWO_DAYS,
} from '../../../test/factories.js';
import { exceptions, things } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';

const app = await makeApp();

type Scenario = Awaited<ReturnType<typeof reportScenario>>;

async function hideWorkers(s: Scenario, hide: boolean) {
  const res = await s.admin.request('POST', `/api/orgsettings?site=${s.site.id}`, { hideWorkers: hide });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every answer the console reads of the site, as text, keyed by what it is. */
async function answers(s: Scenario) {
  const site = s.site.id;
  const period = `after=${TWO_DAYS.after}&before=${TWO_DAYS.before}`;
  const get = async (path: string) => {
    const res = await s.viewer.request('GET', path);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.body;
  };
  const out: Record<string, string> = {
    things: await get(`/api/things?site=${site}`),
    search: await get(`/api/things?site=${site}&search2=Ann`),
    workers: await get(`/api/things?site=${site}&class=worker`),
    exceptions: await get(`/api/exceptions?site=${site}&open=true`),
    events: await get(`/api/events?site=${site}&${period}`),
    stays: await get(`/api/zonedurations?site=${site}&${period}`),
  };
  for (const type of REPORT_TYPES) {
    const res = await s.viewer.request('POST', '/api/reports/adhoc', {
      type,
      site,
      format: 'json',
      ...TWO_DAYS,
    });
    expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
    out[type] = res.body;
  }
  return out;
}

describe('hideWorkers', () => {
  it('leaves the workers out of every list, count and report of the site, and brings them back', async () => {
    const s = await reportScenario(app);
    const shown = await answers(s);
    // Without the setting, each answer names the worker (so each check below can fail).
    for (const [what, body] of Object.entries(shown)) {
      if (['reportTypeCategories', 'reportTypeNotSeen'].includes(what)) continue;
      expect(body, what).toMatch(/Ann|A11CE/);
    }
    expect(shown.reportTypeCategories).toContain('Crew');

    await hideWorkers(s, true);
    const hidden = await answers(s);
    for (const [what, body] of Object.entries(hidden)) {
      expect(body, what).not.toMatch(/Ann|A11CE|"worker"/);
      expect(body, what).not.toContain('Crew');
    }
    // The items are all still there.
    expect(hidden.things).toContain('=Drill');
    expect(hidden.things).toContain('Saw');
    expect(JSON.parse(hidden.workers)).toEqual([]);

    await hideWorkers(s, false);
    expect((await answers(s)).things).toContain('-Ann');
  });

  it('counts items only on Home and in the Zones History chart', async () => {
    const s = await reportScenario(app);
    const overview = async () =>
      (await s.viewer.request('GET', `/api/zones/overview?site=${s.site.id}`)).json() as {
        name: string;
        total: number;
        items: number;
        workers: number;
      }[];
    const summary = async () =>
      (
        await s.viewer.request(
          'GET',
          `/api/zonedurations/summary?site=${s.site.id}&after=${TWO_DAYS.after}&before=${TWO_DAYS.before}`,
        )
      ).json() as { zoneName: string; total: number; stays: number }[];
    const workersIn = (rows: { workers: number }[]) => rows.reduce((n, r) => n + r.workers, 0);
    expect(workersIn(await overview())).toBe(1);
    const withWorkers = await summary();
    expect(withWorkers.reduce((n, r) => n + r.stays, 0)).toBeGreaterThan(0);

    await hideWorkers(s, true);
    const counts = await overview();
    expect(workersIn(counts)).toBe(0);
    for (const zone of counts) expect(zone.total, zone.name).toBe(zone.items);
    // Ann's are the only closed stays of the period: none are left.
    expect((await summary()).map((r) => [r.zoneName, r.total, r.stays])).toEqual(
      withWorkers.map((r) => [r.zoneName, 0, 0]),
    );
  });

  it('answers a hidden worker by id as absent, also for writes, and again once shown', async () => {
    const s = await reportScenario(app);
    const read = async () =>
      [s.viewer, s.admin].map(async (c) => (await c.request('GET', `/api/things/${s.ann}`)).statusCode);
    expect(await Promise.all(await read())).toEqual([200, 200]);
    await hideWorkers(s, true);
    expect(await Promise.all(await read())).toEqual([404, 404]);
    expect((await s.admin.request('GET', `/api/things/${s.ann}/children`)).statusCode).toBe(404);
    expect((await s.admin.request('DELETE', `/api/things/${s.ann}`)).statusCode).toBe(404);
    // An item is answered as ever.
    expect((await s.viewer.request('GET', `/api/things/${s.drill}`)).statusCode).toBe(200);
    await hideWorkers(s, false);
    expect(await Promise.all(await read())).toEqual([200, 200]);
  });

  it('lists things without ?site= by each site: workers of a site that hides them are left out', async () => {
    const s = await reportScenario(app);
    const other = await makeSite(app, s.org.id, 'Yard');
    const bob = (await makeThing(app.ctx.db, s.org.id, other.id, { name: 'Bob', class: 'worker' })).id;
    const listed = async (query = '') => {
      const res = await s.viewer.request('GET', `/api/things?limit=100${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { _id: string }[]).map((t) => t._id);
    };
    expect(await listed()).toEqual(expect.arrayContaining([s.ann, bob, s.drill]));
    await hideWorkers(s, true);
    const hidden = await listed();
    expect(hidden).not.toContain(s.ann);
    expect(hidden).toEqual(expect.arrayContaining([bob, s.drill, s.saw]));
    expect(await listed('&class=worker')).toEqual([bob]);
    // Bob's site shows workers: he is answered by id.
    expect((await s.viewer.request('GET', `/api/things/${bob}`)).statusCode).toBe(200);
    await hideWorkers(s, false);
    expect(await listed('&class=worker')).toEqual(expect.arrayContaining([s.ann, bob]));
  });

  it('answers an exception of several things without its workers, and one about workers only not at all', async () => {
    const s = await reportScenario(app);
    const exception = (thingId: string | null, multipleThings: string[]) => ({
      id: newId(),
      orgId: s.org.id,
      siteId: s.site.id,
      type: 'inventoryThingsUnexpected',
      time: new Date('2024-01-11T12:00:00.000Z'),
      thingId,
      zoneId: s.dock,
      multipleThings,
    });
    const mixed = exception(s.drill, [s.ann, s.saw]);
    const workersOnly = exception(s.drill, [s.ann]);
    await app.ctx.db.insert(exceptions).values([mixed, workersOnly]);
    const list = async () => {
      const res = await s.viewer.request('GET', `/api/exceptions?site=${s.site.id}&limit=100`);
      expect(res.statusCode, res.body).toBe(200);
      return new Map((res.json() as { _id: string; multipleThings: string[] }[]).map((e) => [e._id, e]));
    };
    const detail = (id: string) => s.viewer.request('GET', `/api/exceptions/${id}`);

    const shown = await list();
    expect(shown.get(mixed.id)?.multipleThings).toEqual([s.ann, s.saw]);
    expect(shown.has(workersOnly.id)).toBe(true);
    expect((await detail(mixed.id)).json()).toMatchObject({ things: [{ _id: s.ann }, { _id: s.saw }] });

    await hideWorkers(s, true);
    const hidden = await list();
    expect(hidden.get(mixed.id)?.multipleThings).toEqual([s.saw]);
    expect(hidden.has(workersOnly.id)).toBe(false);
    const mixedDetail = await detail(mixed.id);
    expect(mixedDetail.statusCode).toBe(200);
    expect(mixedDetail.json()).toMatchObject({ multipleThings: [s.saw], things: [{ _id: s.saw }] });
    expect(mixedDetail.body).not.toContain(s.ann);
    expect((await detail(workersOnly.id)).statusCode).toBe(404);
    // The worker's own zone-time exception (reportScenario) is not there by id either.
    const [own] = await app.ctx.db
      .select({ id: exceptions.id })
      .from(exceptions)
      .where(eq(exceptions.thingId, s.ann));
    expect((await detail(own?.id ?? '')).statusCode).toBe(404);
  });
});

describe('GET /api/exceptions?thing= (no site) where the site hides its workers', () => {
  it('answers a hidden worker as absent (404), an item without its workers, and both again once shown', async () => {
    const s = await reportScenario(app);
    const mixed = {
      id: newId(),
      orgId: s.org.id,
      siteId: s.site.id,
      type: 'inventoryThingsUnexpected',
      time: new Date('2024-01-11T12:00:00.000Z'),
      thingId: s.drill,
      zoneId: s.dock,
      multipleThings: [s.ann, s.saw],
    };
    await app.ctx.db.insert(exceptions).values(mixed);
    const ofThing = (id: string, caller = s.viewer) => caller.request('GET', `/api/exceptions?thing=${id}`);
    const shown = await ofThing(s.ann);
    expect(shown.statusCode, shown.body).toBe(200);
    expect((shown.json() as { thing: string }[]).filter((e) => e.thing === s.ann)).toHaveLength(2);
    expect((await ofThing(s.drill)).json()).toMatchObject([
      { _id: mixed.id, multipleThings: [s.ann, s.saw] },
    ]);

    await hideWorkers(s, true);
    for (const caller of [s.viewer, s.admin]) {
      const hidden = await ofThing(s.ann, caller);
      expect(hidden.statusCode, hidden.body).toBe(404);
      expect(hidden.body).not.toContain('-Ann');
    }
    const item = await ofThing(s.drill);
    expect(item.statusCode).toBe(200);
    expect(item.json()).toMatchObject([{ _id: mixed.id, multipleThings: [s.saw] }]);
    expect(item.body).not.toContain(s.ann);
    // Reading needs only the site (no 403); the query is checked (400), a caller is needed (401),
    // and another organization's thing is unknown (404).
    expect((await ofThing('123')).statusCode).toBe(400);
    expect((await anonymous(app).request('GET', `/api/exceptions?thing=${s.drill}`)).statusCode).toBe(401);
    const other = await reportScenario(app);
    expect((await ofThing(s.drill, other.admin)).statusCode).toBe(404);

    await hideWorkers(s, false);
    expect((await ofThing(s.ann)).statusCode).toBe(200);
    expect((await ofThing(s.drill)).json()).toMatchObject([{ multipleThings: [s.ann, s.saw] }]);
  });

  it('lists a worker seen at a site that shows workers only from that site', async () => {
    const s = await reportScenario(app);
    const yard = await makeSite(app, s.org.id, 'Yard');
    const exceptionAt = (siteId: string) => ({
      id: newId(),
      orgId: s.org.id,
      siteId,
      type: 'inventoryThingsUnexpected',
      time: new Date('2024-01-12T12:00:00.000Z'),
      thingId: s.ann,
      multipleThings: [s.ann],
    });
    const atYard = exceptionAt(yard.id);
    await app.ctx.db.insert(exceptions).values(atYard);
    // Ann's home is the Yard now (her zone is still the Dock, on the site that hides workers).
    await app.ctx.db.update(things).set({ siteId: yard.id }).where(eq(things.id, s.ann));
    await hideWorkers(s, true);
    const res = await s.viewer.request('GET', `/api/exceptions?thing=${s.ann}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { _id: string }[]).map((e) => e._id)).toEqual([atYard.id]);
  });
});
