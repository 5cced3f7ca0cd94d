import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeSite, makeTenant } from '../../../test/factories.js';

const app = await makeApp();

describe('maps', () => {
  it('creates, reads, lists, updates and deletes a map', async () => {
    const t = await makeTenant(app);
    const created = await t.manager.request('POST', '/api/maps', {
      name: 'Ground floor',
      site: t.site.id,
      topLeft: [0, 0],
      botRight: [120.5, 80],
    });
    expect(created.statusCode).toBe(200);
    const map = created.json();
    expect(map).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Ground floor',
      image: '',
      site: t.site.id,
      topLeft: [0, 0],
      botRight: [120.5, 80],
    });
    await t.manager.request('POST', '/api/maps', { name: 'Annex', site: t.site.id });
    const other = await makeSite(app, t.org.id);
    await t.manager.request('POST', '/api/maps', { name: 'Elsewhere', site: other.id });

    const list = await t.viewer.request('GET', `/api/maps?site=${t.site.id}`);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((m: { name: string }) => m.name)).toEqual(['Annex', 'Ground floor']);
    expect(list.json()[0]).toMatchObject({ topLeft: [0, 0], botRight: [100, 100] });

    const updated = await t.manager.request('PUT', `/api/maps/${map._id}`, {
      ...map,
      name: 'Floor 0',
      botRight: [1, 2],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Floor 0', botRight: [1, 2] });
    expect((await t.viewer.request('GET', `/api/maps/${map._id}`)).json().name).toBe('Floor 0');

    expect((await t.manager.request('DELETE', `/api/maps/${map._id}`)).statusCode).toBe(204);
    expect((await t.viewer.request('GET', `/api/maps/${map._id}`)).statusCode).toBe(404);
  });

  it('rejects bad input with a clear 400 and stores nothing', async () => {
    const t = await makeTenant(app);
    const bad = async (body: object, message: RegExp) => {
      const res = await t.admin.request('POST', '/api/maps', { name: 'M', site: t.site.id, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await bad({ name: ' ' }, /Name is required/);
    await bad({ topLeft: [0] }, /topLeft/);
    await bad({ botRight: ['a', 1] }, /botRight/);
    await bad({ site: 'nope' }, /site/);
    expect((await t.admin.request('GET', `/api/maps?site=${t.site.id}`)).headers['x-total-count']).toBe('0');
    expect((await t.admin.request('GET', '/api/maps')).statusCode).toBe(400);
    const map = (await t.admin.request('POST', '/api/maps', { name: 'M', site: t.site.id })).json();
    const other = await makeSite(app, t.org.id);
    const moved = await t.admin.request('PUT', `/api/maps/${map._id}`, { ...map, site: other.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('site cannot be changed');
  });

  it('clears the map from location tags when it is deleted', async () => {
    const t = await makeTenant(app);
    const map = (await t.admin.request('POST', '/api/maps', { name: 'M', site: t.site.id })).json();
    const l = (
      await t.admin.request('POST', '/api/locationtags', {
        name: 'L',
        tag: 'A1',
        map: map._id,
        site: t.site.id,
      })
    ).json();
    expect((await t.admin.request('DELETE', `/api/maps/${map._id}`)).statusCode).toBe(204);
    expect((await t.admin.request('GET', `/api/locationtags/${l._id}`)).json().map).toBeNull();
  });

  it('requires authentication, forbids viewers and operators, hides other organizations', async () => {
    const t = await makeTenant(app);
    const b = await makeTenant(app);
    const input = { name: 'M', site: t.site.id };
    const map = (await t.admin.request('POST', '/api/maps', input)).json();
    const anon = anonymous(app);
    expect((await anon.request('GET', `/api/maps?site=${t.site.id}`)).statusCode).toBe(401);
    expect((await anon.request('GET', `/api/maps/${map._id}`)).statusCode).toBe(401);
    expect((await anon.request('POST', '/api/maps', map)).statusCode).toBe(401);
    expect((await anon.request('PUT', `/api/maps/${map._id}`, map)).statusCode).toBe(401);
    expect((await anon.request('DELETE', `/api/maps/${map._id}`)).statusCode).toBe(401);
    for (const client of [t.viewer, t.operator]) {
      expect((await client.request('POST', '/api/maps', input)).statusCode).toBe(403);
      expect((await client.request('PUT', `/api/maps/${map._id}`, map)).statusCode).toBe(403);
      expect((await client.request('DELETE', `/api/maps/${map._id}`)).statusCode).toBe(403);
    }
    expect((await b.admin.request('GET', `/api/maps/${map._id}`)).statusCode).toBe(404);
    expect(
      (await b.admin.request('PUT', `/api/maps/${map._id}`, { ...map, site: b.site.id })).statusCode,
    ).toBe(404);
    expect((await b.admin.request('DELETE', `/api/maps/${map._id}`)).statusCode).toBe(404);
    expect((await b.admin.request('GET', `/api/maps?site=${t.site.id}`)).statusCode).toBe(404);
    expect((await t.viewer.request('GET', `/api/maps/${map._id}`)).json().name).toBe('M');
  });
});
