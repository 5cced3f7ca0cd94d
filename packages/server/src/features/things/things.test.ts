import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeSite, makeTenant } from '../../../test/factories.js';
import type { LiveMessage } from '../../platform/live.js';
import { placeThing } from './fixtures.js';

const app = await makeApp();

describe('things', () => {
  it('creates, reads, updates and soft-deletes an item', async () => {
    const t = await makeTenant(app);
    const cat = (await t.admin.request('POST', '/api/categories', { name: 'Tools' })).json();
    const created = await t.operator.request('POST', '/api/things', {
      name: 'Drill',
      description: 'Cordless',
      serial: 'SN-1',
      tag1: 'e2801160',
      tags: ['aa01', 'E2801160'],
      categories: [cat._id],
      labels: ['blue'],
      site: t.site.id,
    });
    expect(created.statusCode).toBe(200);
    const drill = created.json();
    expect(drill).toMatchObject({
      name: 'Drill',
      description: 'Cordless',
      serial: 'SN-1',
      class: 'item',
      tag1: 'E2801160',
      tag2: '',
      tags: ['AA01', 'E2801160'],
      categories: [cat._id],
      labels: ['blue'],
      parents: [],
      photo: [],
      site: t.site.id,
      zone: null,
      lastZoneTime: null,
      xycoordinates: null,
      alarmTamper: false,
      data: {},
    });
    expect(drill._id).toMatch(/^[0-9a-f]{24}$/);
    expect(Date.parse(drill.timeCreated)).toBeGreaterThan(0);

    expect((await t.viewer.request('GET', `/api/things/${drill._id}`)).json()).toEqual(drill);
    const updated = await t.operator.request('PUT', `/api/things/${drill._id}`, {
      ...drill,
      name: 'Hammer drill',
      tag1: '',
      tags: ['AA02'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Hammer drill', tag1: '', tags: ['AA02'], site: t.site.id });
    expect(Date.parse(updated.json().timeModified)).toBeGreaterThanOrEqual(Date.parse(drill.timeModified));

    expect((await t.manager.request('DELETE', `/api/things/${drill._id}`)).statusCode).toBe(204);
    expect((await t.viewer.request('GET', `/api/things/${drill._id}`)).statusCode).toBe(404);
    expect((await t.viewer.request('GET', `/api/things?site=${t.site.id}`)).headers['x-total-count']).toBe(
      '0',
    );
    // its tags are free again
    const reuse = await t.operator.request('POST', '/api/things', {
      name: 'New',
      tag1: 'AA02',
      site: t.site.id,
    });
    expect(reuse.statusCode).toBe(200);
  });

  it('announces changes on the live bus', async () => {
    const t = await makeTenant(app);
    const seen: LiveMessage[] = [];
    const stop = app.ctx.live.subscribe((m) => m.orgId === t.org.id && seen.push(m));
    const cart = (await t.admin.request('POST', '/api/things', { name: 'Cart', site: t.site.id })).json();
    await t.admin.request('DELETE', `/api/things/${cart._id}`);
    await expect.poll(() => seen.length).toBe(2);
    stop();
    expect(seen.map((m) => [m.type, m.siteId, (m.data as { change: string }).change])).toEqual([
      ['thing', t.site.id, 'created'],
      ['thing', t.site.id, 'deleted'],
    ]);
    expect(seen[0]?.data).toMatchObject({ thing: { _id: cart._id, name: 'Cart' } });
  });

  it('rejects bad input with a clear 400 and stores nothing', async () => {
    const t = await makeTenant(app);
    const b = await makeTenant(app);
    const foreignCat = (await b.admin.request('POST', '/api/categories', { name: 'Theirs' })).json();
    const bad = async (body: object, message: RegExp) => {
      const res = await t.admin.request('POST', '/api/things', { name: 'X', site: t.site.id, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await bad({ name: '' }, /Name is required/);
    await bad({ name: undefined }, /Name is required/);
    await bad({ tag1: 'XYZ' }, /hex/);
    await bad({ tags: ['12', 'not hex'] }, /tags\.1: .*hex/);
    await bad({ class: 'robot' }, /class/);
    await bad({ site: undefined }, /site/);
    await bad({ categories: [foreignCat._id] }, /unknown category/);
    await bad({ parents: ['0123456789abcdef01234567'] }, /^Parent no longer exists\.$/);
    // The tracking state is not a thing's input, nor is a typo.
    await bad({ zone: '0123456789abcdef01234567' }, /^body\.zone: is not a field this request takes$/);
    await bad({ nmae: 'typo' }, /^body\.nmae: is not a field this request takes$/);
    await bad({ name: 'x'.repeat(201) }, /^body\.name: Too long: at most 200 characters$/);
    expect((await t.admin.request('GET', '/api/things')).headers['x-total-count']).toBe('0');
    expect((await t.admin.request('GET', '/api/things?sort=password')).statusCode).toBe(400);
    expect((await t.admin.request('GET', '/api/things?class=robot')).statusCode).toBe(400);
    expect((await t.admin.request('GET', '/api/things?after=yesterday')).statusCode).toBe(400);
  });

  it('checks items against things and workers against workers permissions', async () => {
    const t = await makeTenant(app);
    const item = (await t.operator.request('POST', '/api/things', { name: 'Cart', site: t.site.id })).json();
    const worker = await t.operator.request('POST', '/api/things', {
      name: 'Ann',
      class: 'worker',
      site: t.site.id,
    });
    expect(worker.statusCode).toBe(200);
    expect(worker.json().class).toBe('worker');
    // operators create and modify, but may not delete
    expect(
      (await t.operator.request('PUT', `/api/things/${item._id}`, { ...item, name: 'Cart 2' })).statusCode,
    ).toBe(200);
    expect((await t.operator.request('DELETE', `/api/things/${item._id}`)).statusCode).toBe(403);
    expect((await t.operator.request('DELETE', `/api/things/${worker.json()._id}`)).statusCode).toBe(403);
    // viewers only read
    expect((await t.viewer.request('POST', '/api/things', { name: 'X', site: t.site.id })).statusCode).toBe(
      403,
    );
    expect(
      (await t.viewer.request('POST', '/api/things', { name: 'X', class: 'worker', site: t.site.id }))
        .statusCode,
    ).toBe(403);
    const current = (await t.viewer.request('GET', `/api/things/${item._id}`)).json();
    expect((await t.viewer.request('PUT', `/api/things/${item._id}`, current)).statusCode).toBe(403);
    expect((await t.viewer.request('DELETE', `/api/things/${item._id}`)).statusCode).toBe(403);
    expect((await t.viewer.request('GET', `/api/things/${item._id}`)).json().name).toBe('Cart 2');
    expect((await t.viewer.request('GET', `/api/things?site=${t.site.id}`)).headers['x-total-count']).toBe(
      '2',
    );
  });

  it('moves a thing to another home site of the organization only', async () => {
    const t = await makeTenant(app);
    const b = await makeTenant(app);
    const second = await makeSite(app, t.org.id);
    const item = (await t.admin.request('POST', '/api/things', { name: 'Pallet', site: t.site.id })).json();
    const moved = await t.admin.request('PUT', `/api/things/${item._id}`, { ...item, site: second.id });
    expect(moved.json().site).toBe(second.id);
    const kept = await t.admin.request('PUT', `/api/things/${item._id}`, { name: 'Pallet 2' });
    expect(kept.json()).toMatchObject({ name: 'Pallet 2', site: second.id });
    const latest = (await t.admin.request('GET', `/api/things/${item._id}`)).json();
    expect(
      (await t.admin.request('PUT', `/api/things/${item._id}`, { ...latest, site: b.site.id })).statusCode,
    ).toBe(404);
    expect((await t.admin.request('GET', `/api/things/${item._id}`)).json().site).toBe(second.id);
  });

  it('refuses a change to its zone, location, tamper alarm or times, and ignores the newest sighting', async () => {
    const t = await makeTenant(app);
    const zone = (await t.admin.request('POST', '/api/zones', { name: 'Dock', site: t.site.id })).json();
    const item = (await t.admin.request('POST', '/api/things', { name: 'Pallet', site: t.site.id })).json();
    await placeThing(app, item._id, { zoneId: zone._id, lastZoneTime: new Date('2024-05-06T07:08:09Z') });
    const read = (await t.admin.request('GET', `/api/things/${item._id}`)).json();
    const changes: Record<string, unknown> = {
      zone: null,
      lastZoneTime: '2024-05-06T07:08:10.000Z',
      lastEvent: '2024-05-06T07:08:09.000Z',
      locationTag: '0123456789abcdef01234567',
      map: '0123456789abcdef01234567',
      xycoordinates: { x: 0.5, y: 0.5 },
      alarmTamper: true,
      alarmTamperTag: 'AA01',
      alarmTamperTime: '2024-05-06T07:08:09.000Z',
      timeModified: '2024-05-06T07:08:09.000Z',
      timeCreated: '2024-05-06T07:08:09.000Z',
    };
    for (const [field, value] of Object.entries(changes)) {
      const res = await t.admin.request('PUT', `/api/things/${item._id}`, {
        ...read,
        name: 'Moved',
        [field]: value,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toEqual([
        { path: field, message: 'is set by the server and cannot be changed' },
      ]);
    }
    expect((await t.admin.request('GET', `/api/things/${item._id}`)).json()).toEqual(read);
    // Each sighting writes these: a copy read a moment earlier still saves.
    const seen = {
      lastEndpointTime: '2024-05-06T07:08:09.000Z',
      endpoint: 'Gate',
      direction: 'in',
      data: { cFloat0: 1 },
    };
    const saved = await t.admin.request('PUT', `/api/things/${item._id}`, {
      ...read,
      ...seen,
      name: 'Renamed',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Renamed', zone: zone._id, lastEndpointTime: null, data: {} });
  });

  it('requires authentication', async () => {
    const t = await makeTenant(app);
    const item = (await t.admin.request('POST', '/api/things', { name: 'Cart', site: t.site.id })).json();
    const anon = anonymous(app);
    expect((await anon.request('GET', `/api/things?site=${t.site.id}`)).statusCode).toBe(401);
    expect((await anon.request('GET', `/api/things/${item._id}`)).statusCode).toBe(401);
    expect((await anon.request('GET', `/api/things/${item._id}/children`)).statusCode).toBe(401);
    expect((await anon.request('GET', `/api/things/${item._id}/parents`)).statusCode).toBe(401);
    expect((await anon.request('GET', '/api/things/export')).statusCode).toBe(401);
    expect((await anon.request('POST', '/api/things', { name: 'X', site: t.site.id })).statusCode).toBe(401);
    expect((await anon.request('PUT', `/api/things/${item._id}`, item)).statusCode).toBe(401);
    expect((await anon.request('DELETE', `/api/things/${item._id}`)).statusCode).toBe(401);
  });

  it("hides another organization's things (404)", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const item = (await b.admin.request('POST', '/api/things', { name: 'Secret', site: b.site.id })).json();
    expect((await a.admin.request('GET', `/api/things/${item._id}`)).statusCode).toBe(404);
    expect((await a.admin.request('GET', `/api/things/${item._id}/children`)).statusCode).toBe(404);
    expect((await a.admin.request('GET', `/api/things/${item._id}/parents`)).statusCode).toBe(404);
    expect(
      (await a.admin.request('PUT', `/api/things/${item._id}`, { ...item, site: a.site.id })).statusCode,
    ).toBe(404);
    expect((await a.admin.request('DELETE', `/api/things/${item._id}`)).statusCode).toBe(404);
    expect((await a.admin.request('GET', `/api/things?site=${b.site.id}`)).statusCode).toBe(404);
    expect((await a.admin.request('GET', `/api/things/export?site=${b.site.id}`)).statusCode).toBe(404);
    expect((await a.admin.request('POST', '/api/things', { name: 'X', site: b.site.id })).statusCode).toBe(
      404,
    );
    expect((await a.admin.request('GET', '/api/things')).headers['x-total-count']).toBe('0');
    expect((await b.admin.request('GET', `/api/things/${item._id}`)).json().name).toBe('Secret');
  });
});
