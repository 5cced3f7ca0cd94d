import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeEndpoint, makeSite, makeTenant } from '../../../test/factories.js';
import { placeThing } from '../things/fixtures.js';

const app = await makeApp();

describe('zones', () => {
  it('creates, reads, lists, updates and deletes a zone with gates', async () => {
    const t = await makeTenant(app);
    const ep = await makeEndpoint(app.ctx.db, t.org.id, t.site.id);
    const created = await t.manager.request('POST', '/api/zones', {
      name: 'Shipping',
      duration: 15 * 60 * 1e9,
      emails: ['ops@example.com'],
      killDuration: 48,
      immediateKill: true,
      killMode: 'deleteThing',
      gates: [{ endpoint: ep.id, direction: 'IN', antenna: 2 }],
      site: t.site.id,
    });
    expect(created.statusCode).toBe(200);
    const zone = created.json();
    expect(zone).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Shipping',
      description: '',
      epcisId: '',
      duration: 900_000_000_000,
      entryDelay: 0,
      emails: ['ops@example.com'],
      killDuration: 48,
      immediateKill: true,
      killMode: 'deleteThing',
      gates: [{ endpoint: ep.id, direction: 'IN', antenna: 2 }],
      site: t.site.id,
    });
    await t.manager.request('POST', '/api/zones', { name: 'Assembly', site: t.site.id });

    const list = await t.viewer.request('GET', `/api/zones?site=${t.site.id}&limit=3000`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((z: { name: string }) => z.name)).toEqual(['Assembly', 'Shipping']);
    const sorted = await t.viewer.request('GET', `/api/zones?site=${t.site.id}&sort=-name&search=ship`);
    expect(sorted.json().map((z: { name: string }) => z.name)).toEqual(['Shipping']);

    const updated = await t.admin.request('PUT', `/api/zones/${zone._id}`, {
      ...zone,
      name: 'Shipped',
      gates: [],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Shipped', gates: [] });
    expect((await t.viewer.request('GET', `/api/zones/${zone._id}`)).json().name).toBe('Shipped');

    expect((await t.manager.request('DELETE', `/api/zones/${zone._id}`)).statusCode).toBe(204);
    expect((await t.viewer.request('GET', `/api/zones/${zone._id}`)).statusCode).toBe(404);
  });

  it('rejects bad input with a clear 400 and stores nothing', async () => {
    const t = await makeTenant(app);
    const other = await makeSite(app, t.org.id);
    const foreignEp = await makeEndpoint(app.ctx.db, t.org.id, other.id);
    const bad = async (body: object, message: RegExp) => {
      const res = await t.admin.request('POST', '/api/zones', { name: 'Z', site: t.site.id, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await bad({ name: '' }, /Name is required/);
    await bad({ emails: ['ops@example.com', 'nope'] }, /emails\.1: Not a valid email address/);
    await bad({ gates: [{ direction: 'IN', antenna: 1 }] }, /Please select an value/);
    await bad({ gates: [{ endpoint: '', direction: 'IN', antenna: 1 }] }, /Please select an value/);
    await bad({ gates: [{ endpoint: foreignEp.id, direction: 'IN', antenna: 1 }] }, /unknown endpoint/);
    await bad({ gates: [{ endpoint: foreignEp.id, direction: 'UP', antenna: 1 }] }, /direction/);
    await bad({ gates: [{ endpoint: foreignEp.id, direction: 'IN', antenna: 9 }] }, /antenna/);
    await bad({ duration: -1 }, /duration/);
    await bad({ duration: 1.5 }, /duration/);
    await bad({ killDuration: -2 }, /killDuration/);
    await bad({ killMode: 'explode' }, /killMode/);
    const list = await t.admin.request('GET', `/api/zones?site=${t.site.id}`);
    expect(list.headers['x-total-count']).toBe('0');
    expect((await t.admin.request('GET', '/api/zones')).statusCode).toBe(400);
    expect((await t.admin.request('GET', `/api/zones?site=${t.site.id}&limit=3001`)).statusCode).toBe(400);
    expect((await t.admin.request('GET', `/api/zones?site=${t.site.id}&sort=gates`)).statusCode).toBe(400);
  });

  it('refuses moving a zone to another site, and keeps it unchanged', async () => {
    const t = await makeTenant(app);
    const other = await makeSite(app, t.org.id);
    const zone = (await t.admin.request('POST', '/api/zones', { name: 'Dock', site: t.site.id })).json();
    const res = await t.admin.request('PUT', `/api/zones/${zone._id}`, { ...zone, site: other.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'site cannot be changed',
      errors: [{ path: 'site', message: 'site cannot be changed' }],
    });
    expect((await t.admin.request('GET', `/api/zones/${zone._id}`)).json().site).toBe(t.site.id);
  });

  it('takes things out of a deleted zone', async () => {
    const t = await makeTenant(app);
    const zone = (await t.admin.request('POST', '/api/zones', { name: 'Dock', site: t.site.id })).json();
    const thing = (await t.admin.request('POST', '/api/things', { name: 'T', site: t.site.id })).json();
    await placeThing(app, thing._id, { zoneId: zone._id, lastZoneTime: new Date() });
    expect((await t.admin.request('GET', `/api/things/${thing._id}`)).json().zone).toBe(zone._id);
    expect((await t.admin.request('DELETE', `/api/zones/${zone._id}`)).statusCode).toBe(204);
    expect((await t.admin.request('GET', `/api/things/${thing._id}`)).json().zone).toBeNull();
  });

  it('requires authentication', async () => {
    const t = await makeTenant(app);
    const anon = anonymous(app);
    const zone = (await t.admin.request('POST', '/api/zones', { name: 'Dock', site: t.site.id })).json();
    expect((await anon.request('GET', `/api/zones?site=${t.site.id}`)).statusCode).toBe(401);
    expect((await anon.request('GET', `/api/zones/${zone._id}`)).statusCode).toBe(401);
    expect((await anon.request('POST', '/api/zones', { name: 'X', site: t.site.id })).statusCode).toBe(401);
    expect((await anon.request('PUT', `/api/zones/${zone._id}`, zone)).statusCode).toBe(401);
    expect((await anon.request('DELETE', `/api/zones/${zone._id}`)).statusCode).toBe(401);
  });

  it('forbids viewers and operators to change zones', async () => {
    const t = await makeTenant(app);
    const zone = (await t.admin.request('POST', '/api/zones', { name: 'Dock', site: t.site.id })).json();
    for (const client of [t.viewer, t.operator]) {
      expect((await client.request('POST', '/api/zones', { name: 'X', site: t.site.id })).statusCode).toBe(
        403,
      );
      expect((await client.request('PUT', `/api/zones/${zone._id}`, zone)).statusCode).toBe(403);
      expect((await client.request('DELETE', `/api/zones/${zone._id}`)).statusCode).toBe(403);
    }
    expect((await t.admin.request('GET', `/api/zones?site=${t.site.id}`)).headers['x-total-count']).toBe('1');
  });

  it("hides another organization's zones and sites (404)", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const zone = (await b.admin.request('POST', '/api/zones', { name: 'Dock', site: b.site.id })).json();
    expect((await a.admin.request('GET', `/api/zones/${zone._id}`)).statusCode).toBe(404);
    expect(
      (await a.admin.request('PUT', `/api/zones/${zone._id}`, { ...zone, site: a.site.id })).statusCode,
    ).toBe(404);
    expect((await a.admin.request('DELETE', `/api/zones/${zone._id}`)).statusCode).toBe(404);
    expect((await a.admin.request('GET', `/api/zones?site=${b.site.id}`)).statusCode).toBe(404);
    expect((await a.admin.request('POST', '/api/zones', { name: 'X', site: b.site.id })).statusCode).toBe(
      404,
    );
    expect((await b.admin.request('GET', `/api/zones/${zone._id}`)).statusCode).toBe(200);
  });
});
