import { describe, expect, it } from 'vitest';
import { siteWithExceptions } from '../../../test/factories/exception.factory.js';
import { anonymous, login, makeApp, makeSite, makeUser } from '../../../test/factories.js';

const app = await makeApp();

const ids = (res: { json(): unknown }) => (res.json() as { _id: string }[]).map((e) => e._id);

describe('GET /api/exceptions', () => {
  it("lists the site's exceptions newest first, with names and the fixed message texts", async () => {
    const s = await siteWithExceptions(app);
    const res = await s.viewer.request('GET', `/api/exceptions?site=${s.site.id}&sort=-time`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(ids(res)).toEqual([s.wrongZone, s.shortage, s.timeException]);
    const [wrong, shortage, overrun] = res.json();
    expect(overrun).toEqual({
      _id: s.timeException,
      type: 'zoneTimeException',
      time: '2024-05-01T10:01:00.000Z',
      site: s.site.id,
      thing: s.pallet,
      thingName: 'Pallet 1',
      thingClass: 'item',
      zone: s.dock,
      zoneName: 'Dock',
      expectedZone: null,
      expectedZoneName: null,
      multipleThings: [],
      endpoint: null,
      endpointName: null,
      antenna: null,
      timeDuration: 60_000_000_000,
      stayStart: '2024-05-01T10:00:00.000Z',
      resolvedAt: null,
      state: 'open',
      acknowledgedBy: null,
      acknowledgedByName: null,
      acknowledgedAt: null,
      resolvedBy: null,
      resolvedByName: null,
      notes: [],
      acknowledgementNote: null,
      resolutionNote: null,
      note: null,
      escalatedAt: null,
      reminders: 0,
      remindedAt: null,
      message: 'was in Dock for longer than the allowed 1 minute(s)',
    });
    expect(shortage.message).toBe('Inventory shortage(s) in zone Store');
    expect(wrong).toMatchObject({
      thingName: '=Crate',
      thingClass: 'worker',
      expectedZoneName: 'Dock',
      message: 'was expected in Dock but was seen in Store instead',
    });
  });

  it('filters by date range, type, thing (also inside multipleThings) and open state; sorts and pages', async () => {
    const s = await siteWithExceptions(app);
    const base = `/api/exceptions?site=${s.site.id}`;
    const get = (query: string) => s.viewer.request('GET', `${base}${query}`);
    expect(ids(await get('&after=2024-05-01T10:30:00Z&before=2024-05-01T11:30:00Z'))).toEqual([s.shortage]);
    expect(ids(await get('&type=zoneTimeException'))).toEqual([s.timeException]);
    expect(ids(await get('&sort=time&limit=1&page=1'))).toEqual([s.shortage]);
    expect(ids(await get(`&thing=${s.box}`))).toEqual([s.shortage]);
    const byThing = await s.viewer.request('GET', `/api/exceptions?thing=${s.pallet}&open=true`);
    expect(ids(byThing)).toEqual([s.shortage, s.timeException]);
    await s.manager.request('POST', `/api/exceptions/${s.shortage}/resolve`);
    expect(ids(await get('&open=true'))).toEqual([s.wrongZone, s.timeException]);
    expect(ids(await get('&open=false'))).toEqual([s.shortage]);
  });

  it('validates the query (400), needs a caller (401) and a site or thing of theirs (404)', async () => {
    const s = await siteWithExceptions(app);
    for (const query of [
      '',
      '?site=nope',
      `?site=${s.site.id}&after=yesterday`,
      `?site=${s.site.id}&type=other`,
      `?site=${s.site.id}&open=maybe`,
      `?site=${s.site.id}&sort=secret`,
      `?site=${s.site.id}&limit=5000`,
      '?thing=123',
    ]) {
      expect((await s.viewer.request('GET', `/api/exceptions${query}`)).statusCode, query).toBe(400);
    }
    expect((await anonymous(app).request('GET', `/api/exceptions?site=${s.site.id}`)).statusCode).toBe(401);
    const other = await siteWithExceptions(app);
    expect((await other.admin.request('GET', `/api/exceptions?site=${s.site.id}`)).statusCode).toBe(404);
    expect((await other.admin.request('GET', `/api/exceptions?thing=${s.pallet}`)).statusCode).toBe(404);
    const elsewhere = await makeSite(app, s.org.id);
    const user = await makeUser(app, s.org.id, { role: 'viewer', sites: [elsewhere.id] });
    const limited = await login(app, user.username);
    expect((await limited.request('GET', `/api/exceptions?site=${s.site.id}`)).statusCode).toBe(404);
    // A thing of a site the caller cannot see is answered like an unknown thing.
    expect((await limited.request('GET', `/api/exceptions?thing=${s.pallet}`)).statusCode).toBe(404);
  });
});

describe('GET /api/exceptions/:id', () => {
  it('answers the exception with the things of multipleThings', async () => {
    const s = await siteWithExceptions(app);
    const res = await s.viewer.request('GET', `/api/exceptions/${s.shortage}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: s.shortage,
      type: 'inventoryThingsMissing',
      message: 'Inventory shortage(s) in zone Store',
      things: [{ _id: s.box, name: 'Box 1', class: 'item', zone: null, zoneName: null, lastZoneTime: null }],
    });
    const overrun = await s.viewer.request('GET', `/api/exceptions/${s.timeException}`);
    expect(overrun.json()).toMatchObject({ type: 'zoneTimeException', things: [] });
  });

  it('400 for a bad id, 401 without a caller, 404 for another organization or an unknown id', async () => {
    const s = await siteWithExceptions(app);
    expect((await s.viewer.request('GET', '/api/exceptions/xyz')).statusCode).toBe(400);
    expect((await anonymous(app).request('GET', `/api/exceptions/${s.shortage}`)).statusCode).toBe(401);
    const other = await siteWithExceptions(app);
    expect((await other.admin.request('GET', `/api/exceptions/${s.shortage}`)).statusCode).toBe(404);
    expect((await s.admin.request('GET', `/api/exceptions/${'0'.repeat(24)}`)).statusCode).toBe(404);
  });
});

describe('POST /api/exceptions/:id/resolve', () => {
  it('resolves once (the first time stays) for a manager; 403 for a viewer', async () => {
    const s = await siteWithExceptions(app);
    const url = `/api/exceptions/${s.timeException}/resolve`;
    expect((await s.viewer.request('POST', url)).statusCode).toBe(403);
    expect(
      (await s.viewer.request('GET', `/api/exceptions/${s.timeException}`)).json().resolvedAt,
    ).toBeNull();
    const first = await s.manager.request('POST', url);
    expect(first.statusCode).toBe(200);
    expect(first.json().resolvedAt).toEqual(expect.any(String));
    const again = await s.admin.request('POST', url);
    expect(again.json().resolvedAt).toBe(first.json().resolvedAt);
  });

  it('400 for a bad id, 401 without a caller, 404 for another organization', async () => {
    const s = await siteWithExceptions(app);
    expect((await s.manager.request('POST', '/api/exceptions/xyz/resolve')).statusCode).toBe(400);
    expect((await anonymous(app).request('POST', `/api/exceptions/${s.shortage}/resolve`)).statusCode).toBe(
      401,
    );
    const other = await siteWithExceptions(app);
    expect((await other.admin.request('POST', `/api/exceptions/${s.shortage}/resolve`)).statusCode).toBe(404);
    expect((await s.viewer.request('GET', `/api/exceptions/${s.shortage}`)).json().resolvedAt).toBeNull();
  });
});
