import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeSite, makeTenant, makeZone } from '../../../test/factories.js';
import { qrPng } from '../../platform/qrcode.js';

const app = await makeApp();

describe('location tags', () => {
  it('creates, reads, lists, updates and deletes a location tag', async () => {
    const t = await makeTenant(app);
    const zone = await makeZone(app.ctx.db, t.org.id, t.site.id, { name: 'Aisle 4' });
    const map = (await t.admin.request('POST', '/api/maps', { name: 'Floor', site: t.site.id })).json();
    const created = await t.manager.request('POST', '/api/locationtags', {
      name: 'Shelf A',
      tag: ' e280aa01 ',
      zone: zone.id,
      map: map._id,
      xycoordinates: [0.25, 0.5],
      site: t.site.id,
    });
    expect(created.statusCode).toBe(200);
    const shelf = created.json();
    expect(shelf).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Shelf A',
      tag: 'E280AA01',
      zone: zone.id,
      map: map._id,
      xycoordinates: [0.25, 0.5],
      site: t.site.id,
    });
    await t.manager.request('POST', '/api/locationtags', { name: 'Bay 1', tag: 'AB', site: t.site.id });

    const list = await t.viewer.request('GET', `/api/locationtags?site=${t.site.id}&limit=3000`);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((l: { name: string }) => l.name)).toEqual(['Bay 1', 'Shelf A']);
    expect(list.json()[0]).toMatchObject({ zone: null, map: null, xycoordinates: [0, 0] });
    const byZone = await t.viewer.request('GET', `/api/locationtags?site=${t.site.id}&zone=${zone.id}`);
    expect(byZone.json().map((l: { name: string }) => l.name)).toEqual(['Shelf A']);
    const sorted = await t.viewer.request('GET', `/api/locationtags?site=${t.site.id}&sort=-zone`);
    expect(sorted.json().map((l: { name: string }) => l.name)).toEqual(['Shelf A', 'Bay 1']);
    expect(
      (await t.viewer.request('GET', `/api/locationtags?site=${t.site.id}&search=e280`)).json(),
    ).toHaveLength(1);

    const updated = await t.manager.request('PUT', `/api/locationtags/${shelf._id}`, {
      ...shelf,
      name: 'Shelf B',
      zone: '',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Shelf B', zone: null, tag: 'E280AA01' });

    expect((await t.manager.request('DELETE', `/api/locationtags/${shelf._id}`)).statusCode).toBe(204);
    expect((await t.viewer.request('GET', `/api/locationtags/${shelf._id}`)).statusCode).toBe(404);
  });

  it('rejects bad input with a clear 400 and stores nothing', async () => {
    const t = await makeTenant(app);
    const other = await makeSite(app, t.org.id);
    const foreignZone = await makeZone(app.ctx.db, t.org.id, other.id);
    const bad = async (body: object, message: RegExp) => {
      const res = await t.admin.request('POST', '/api/locationtags', {
        name: 'L',
        tag: 'AA',
        site: t.site.id,
        ...body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await bad({ name: '' }, /Name is required/);
    await bad({ tag: undefined }, /Tag is required/);
    await bad({ tag: '  ' }, /Tag is required/);
    await bad({ tag: 'XYZ' }, /hex/);
    await bad({ zone: foreignZone.id }, /unknown zone/);
    await bad({ map: foreignZone.id }, /unknown map/);
    await bad({ xycoordinates: [1] }, /xycoordinates/);
    expect(
      (await t.admin.request('GET', `/api/locationtags?site=${t.site.id}`)).headers['x-total-count'],
    ).toBe('0');
    expect((await t.admin.request('GET', '/api/locationtags')).statusCode).toBe(400);
    expect((await t.admin.request('GET', `/api/locationtags?site=${t.site.id}&limit=3001`)).statusCode).toBe(
      400,
    );
  });

  it('keeps tags unique in the organization, against location tags and things', async () => {
    const t = await makeTenant(app);
    const b = await makeTenant(app);
    const first = (
      await t.admin.request('POST', '/api/locationtags', { name: 'A', tag: 'abc1', site: t.site.id })
    ).json();
    const dup = await t.admin.request('POST', '/api/locationtags', {
      name: 'B',
      tag: 'ABC1',
      site: t.site.id,
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toMatch(/^duplicate tag ABC1/);
    await t.admin.request('POST', '/api/things', { name: 'Drill', tag1: 'beef', site: t.site.id });
    const taken = await t.admin.request('POST', '/api/locationtags', {
      name: 'C',
      tag: 'BEEF',
      site: t.site.id,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toMatch(/duplicate tag BEEF/);
    const moved = await t.admin.request('PUT', `/api/locationtags/${first._id}`, { ...first, tag: 'BEEF' });
    expect(moved.statusCode).toBe(400);
    expect(
      (await t.admin.request('PUT', `/api/locationtags/${first._id}`, { ...first, name: 'A2' })).statusCode,
    ).toBe(200);
    expect((await t.admin.request('GET', `/api/locationtags?site=${t.site.id}`)).json()).toMatchObject([
      { name: 'A2', tag: 'ABC1' },
    ]);
    // another organization may use the same tag
    expect(
      (await b.admin.request('POST', '/api/locationtags', { name: 'A', tag: 'ABC1', site: b.site.id }))
        .statusCode,
    ).toBe(200);
  });

  it('serves a QR code of the tag', async () => {
    const t = await makeTenant(app);
    const l = (
      await t.admin.request('POST', '/api/locationtags', { name: 'A', tag: 'C0FFEE', site: t.site.id })
    ).json();
    const res = await t.viewer.request('GET', `/api/locationtags/${l._id}/qrcode?size=500`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(await qrPng('C0FFEE', 500))).toBe(true);
    expect((await t.viewer.request('GET', `/api/locationtags/${l._id}/qrcode?size=42`)).statusCode).toBe(400);
  });

  it('clears the zone of its location tags when the zone is deleted', async () => {
    const t = await makeTenant(app);
    const zone = (await t.admin.request('POST', '/api/zones', { name: 'Dock', site: t.site.id })).json();
    const l = (
      await t.admin.request('POST', '/api/locationtags', {
        name: 'A',
        tag: 'D0',
        zone: zone._id,
        site: t.site.id,
      })
    ).json();
    expect((await t.admin.request('DELETE', `/api/zones/${zone._id}`)).statusCode).toBe(204);
    expect((await t.admin.request('GET', `/api/locationtags/${l._id}`)).json().zone).toBeNull();
  });

  it('requires authentication, forbids viewers and operators, hides other organizations', async () => {
    const t = await makeTenant(app);
    const b = await makeTenant(app);
    const l = (
      await t.admin.request('POST', '/api/locationtags', { name: 'A', tag: 'AA', site: t.site.id })
    ).json();
    const anon = anonymous(app);
    expect((await anon.request('GET', `/api/locationtags?site=${t.site.id}`)).statusCode).toBe(401);
    expect((await anon.request('GET', `/api/locationtags/${l._id}`)).statusCode).toBe(401);
    expect((await anon.request('GET', `/api/locationtags/${l._id}/qrcode`)).statusCode).toBe(401);
    expect((await anon.request('POST', '/api/locationtags', { ...l, tag: 'AB' })).statusCode).toBe(401);
    expect((await anon.request('PUT', `/api/locationtags/${l._id}`, l)).statusCode).toBe(401);
    expect((await anon.request('DELETE', `/api/locationtags/${l._id}`)).statusCode).toBe(401);
    for (const client of [t.viewer, t.operator]) {
      expect(
        (await client.request('POST', '/api/locationtags', { name: 'B', tag: 'AB', site: t.site.id }))
          .statusCode,
      ).toBe(403);
      expect((await client.request('PUT', `/api/locationtags/${l._id}`, l)).statusCode).toBe(403);
      expect((await client.request('DELETE', `/api/locationtags/${l._id}`)).statusCode).toBe(403);
    }
    expect((await b.admin.request('GET', `/api/locationtags/${l._id}`)).statusCode).toBe(404);
    expect((await b.admin.request('GET', `/api/locationtags/${l._id}/qrcode`)).statusCode).toBe(404);
    expect(
      (await b.admin.request('PUT', `/api/locationtags/${l._id}`, { ...l, site: b.site.id })).statusCode,
    ).toBe(404);
    expect((await b.admin.request('DELETE', `/api/locationtags/${l._id}`)).statusCode).toBe(404);
    expect((await b.admin.request('GET', `/api/locationtags?site=${t.site.id}`)).statusCode).toBe(404);
    expect((await t.admin.request('GET', `/api/locationtags/${l._id}`)).json().name).toBe('A');
  });
});
