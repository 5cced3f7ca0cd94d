import { describe, expect, it } from 'vitest';
import {
  type Client,
  login,
  makeApp,
  makeSite,
  makeTenant,
  makeUser,
  makeZone,
} from '../../../test/factories.js';
import { placeThing } from './fixtures.js';

const app = await makeApp();
const names = (res: { json(): { name: string }[] }) => res.json().map((x) => x.name);

async function thing(client: Client, body: object) {
  const res = await client.request('POST', '/api/things', body);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('thing lists', () => {
  it('lists things of a site by home site or current zone, most recent zone entry first', async () => {
    const t = await makeTenant(app);
    const second = await makeSite(app, t.org.id);
    const dock = await makeZone(app.ctx.db, t.org.id, t.site.id, { name: 'Dock' });
    const yard = await makeZone(app.ctx.db, t.org.id, second.id, { name: 'Yard' });
    const old = await thing(t.admin, { name: 'Old', site: t.site.id });
    const recent = await thing(t.admin, { name: 'Recent', site: t.site.id });
    await thing(t.admin, { name: 'Never seen', site: t.site.id });
    const visitor = await thing(t.admin, { name: 'Visitor', class: 'worker', site: second.id });
    await thing(t.admin, { name: 'Elsewhere', site: second.id });
    await placeThing(app, old._id, { zoneId: dock.id, lastZoneTime: new Date('2024-01-01T00:00:00Z') });
    await placeThing(app, recent._id, { zoneId: yard.id, lastZoneTime: new Date('2024-06-01T00:00:00Z') });
    await placeThing(app, visitor._id, { zoneId: dock.id, lastZoneTime: new Date('2024-03-01T00:00:00Z') });

    const site1 = await t.viewer.request('GET', `/api/things?site=${t.site.id}`);
    expect(site1.headers['x-total-count']).toBe('4');
    expect(names(site1)).toEqual(['Recent', 'Visitor', 'Old', 'Never seen']);
    expect(site1.json()[0]).toMatchObject({ zone: yard.id, lastZoneTime: '2024-06-01T00:00:00.000Z' });
    // Visitor's home is the second site although it is in the first site's zone: it shows in both
    expect(names(await t.viewer.request('GET', `/api/things?site=${second.id}`))).toEqual([
      'Recent',
      'Visitor',
      'Elsewhere',
    ]);
    expect(names(await t.viewer.request('GET', `/api/things?site=${t.site.id}&class=worker`))).toEqual([
      'Visitor',
    ]);
    expect(
      names(await t.viewer.request('GET', `/api/things?site=${t.site.id}&class=item&sort=name`)),
    ).toEqual(['Never seen', 'Old', 'Recent']);
    expect(names(await t.viewer.request('GET', `/api/things?site=${t.site.id}&sort=-zone&limit=2`))).toEqual([
      'Recent',
      'Visitor',
    ]);
    expect(names(await t.viewer.request('GET', `/api/things?zone=${dock.id}&sort=name`))).toEqual([
      'Old',
      'Visitor',
    ]);
    const page2 = await t.viewer.request('GET', `/api/things?site=${t.site.id}&limit=3&page=1`);
    expect(names(page2)).toEqual(['Never seen']);
    expect(page2.headers['x-total-count']).toBe('4');
  });

  it('filters by category, tags and time, and searches by substring or fuzzily', async () => {
    const t = await makeTenant(app);
    const tools = (await t.admin.request('POST', '/api/categories', { name: 'Tools' })).json();
    const drill = await thing(t.admin, {
      name: 'Cordless drill',
      serial: 'DR-100',
      tag1: 'E200A1',
      categories: [tools._id],
      site: t.site.id,
    });
    await thing(t.admin, {
      name: 'Forklift',
      serial: 'FL-7',
      tags: ['E200B2', 'E200B3'],
      labels: ['yellow'],
      site: t.site.id,
    });
    await thing(t.admin, { name: 'Pallet jack', serial: 'PJ-9', site: t.site.id });
    const q = (query: string) => t.viewer.request('GET', `/api/things?site=${t.site.id}&${query}`);

    expect(names(await q(`category=${tools._id}`))).toEqual(['Cordless drill']);
    expect(names(await q('tags=e200b3,E200A1&sort=name'))).toEqual(['Cordless drill', 'Forklift']);
    expect(names(await q('search=fl-'))).toEqual(['Forklift']);
    expect(names(await q('search=yellow'))).toEqual(['Forklift']);
    expect(names(await q('search=e200a'))).toEqual(['Cordless drill']);
    expect(names(await q('search=100%25'))).toEqual([]);
    expect(names(await q('search2=fork%20lift'))).toEqual(['Forklift']);
    expect(names(await q('search2=forklfit'))).toEqual(['Forklift']);
    expect(names(await q('search2=cordles dril'))[0]).toBe('Cordless drill');
    // The fuzzy search within one class (its index holds the class first, migration 0018).
    await thing(t.admin, { name: 'Forklift driver', class: 'worker', serial: 'W-1', site: t.site.id });
    expect(names(await q('search2=forklfit&sort=name'))).toEqual(['Forklift', 'Forklift driver']);
    expect(names(await q('class=item&search2=forklfit'))).toEqual(['Forklift']);
    expect(names(await q('class=worker&search2=forklfit'))).toEqual(['Forklift driver']);
    expect(names(await q('class=worker&search2=yellow'))).toEqual([]);
    expect(names(await q('class=item&search2=yellow'))).toEqual(['Forklift']);

    await placeThing(app, drill._id, { lastEvent: new Date(Date.now() + 60_000) });
    const soon = new Date(Date.now() + 30_000).toISOString();
    expect(names(await q(`after=${encodeURIComponent(soon)}`))).toEqual(['Cordless drill']);
  });

  it('a later page is the same rows as the whole list cut there, in every order and with a fuzzy search', async () => {
    const t = await makeTenant(app);
    const zone = await makeZone(app.ctx.db, t.org.id, t.site.id, { name: 'Aisle' });
    // Equal names and zone entry times, so the order's tie-breakers decide.
    for (let i = 0; i < 7; i++) {
      const made = await thing(t.admin, { name: `Crate ${i % 3}`, site: t.site.id });
      if (i % 2)
        await placeThing(app, made._id, { zoneId: zone.id, lastZoneTime: new Date('2024-02-01T00:00:00Z') });
    }
    await thing(t.admin, { name: 'Pallet', site: t.site.id });
    const ids = (res: { json(): unknown }) => (res.json() as { _id: string }[]).map((r) => r._id);
    for (const query of [
      'sort=name',
      'sort=-name',
      '',
      'sort=zone',
      'sort=-lastZoneTime',
      'search2=crate',
      'search2=crat&sort=name',
    ]) {
      const base = `/api/things?site=${t.site.id}&${query}`;
      const whole = ids(await t.viewer.request('GET', `${base}&limit=100`));
      const pages: string[] = [];
      for (let page = 0; page < 4; page++) {
        const res = await t.viewer.request('GET', `${base}&limit=2&page=${page}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-total-count'], query).toBe(String(whole.length));
        expect(res.headers['x-total-capped']).toBe('false');
        pages.push(...ids(res));
      }
      expect(pages, query).toEqual(whole.slice(0, 8));
      const past = await t.viewer.request('GET', `${base}&limit=2&page=9`);
      expect(past.json()).toEqual([]);
      expect(past.headers['x-total-count'], query).toBe(String(whole.length));
    }
  });

  it("limits a caller to its sites' things", async () => {
    const t = await makeTenant(app);
    const second = await makeSite(app, t.org.id);
    const yard = await makeZone(app.ctx.db, t.org.id, second.id, { name: 'Yard' });
    await thing(t.admin, { name: 'Home', site: t.site.id });
    const away = await thing(t.admin, { name: 'Away', site: second.id });
    const visiting = await thing(t.admin, { name: 'Visiting', site: t.site.id });
    await placeThing(app, visiting._id, { zoneId: yard.id });
    const user = await makeUser(app, t.org.id, { role: 'viewer', sites: [second.id] });
    const limited = await login(app, user.username, user.password, user.id);
    expect(names(await limited.request('GET', '/api/things?sort=name'))).toEqual(['Away', 'Visiting']);
    expect((await limited.request('GET', `/api/things?site=${t.site.id}`)).statusCode).toBe(404);
    expect((await limited.request('GET', `/api/things/${away._id}`)).statusCode).toBe(200);
    expect((await limited.request('GET', `/api/things/${visiting._id}`)).statusCode).toBe(200);
    const home = (await t.admin.request('GET', `/api/things?site=${t.site.id}&search=Home`)).json()[0];
    expect((await limited.request('GET', `/api/things/${home._id}`)).statusCode).toBe(404);
  });
});
