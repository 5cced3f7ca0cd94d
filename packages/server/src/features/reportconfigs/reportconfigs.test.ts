import { describe, expect, it } from 'vitest';
import {
  anonymous,
  login,
  makeApp,
  makeCategory,
  makeOrg,
  makeReportConfig,
  makeSite,
  makeTenant,
  makeUser,
  makeZone,
} from '../../../test/factories.js';

const app = await makeApp();
const { db } = app.ctx;

describe('reportconfigs', () => {
  it('creates, reads, lists by name, updates and deletes a config', async () => {
    const t = await makeTenant(app);
    const dock = await makeZone(db, t.org.id, t.site.id, { name: 'Dock' });
    const tools = await makeCategory(db, t.org.id, { name: 'Tools' });
    const created = await t.manager.request('POST', '/api/reportconfigs', {
      name: 'Tools at the dock',
      type: 'reportTypeSeen',
      format: 'excel',
      email: true,
      zones: [dock.id],
      categories: [tools.id],
      headings: [{ key: 'name', label: 'Tool' }, { key: 'lastSeen' }],
      site: t.site.id,
    });
    expect(created.statusCode).toBe(200);
    const config = created.json();
    expect(config).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Tools at the dock',
      type: 'reportTypeSeen',
      format: 'excel',
      email: true,
      zones: [dock.id],
      categories: [tools.id],
      headings: [
        { key: 'name', label: 'Tool' },
        { key: 'lastSeen', label: '' },
      ],
      site: t.site.id,
    });
    await t.manager.request('POST', '/api/reportconfigs', {
      name: 'activity',
      type: 'reportTypeEvents',
      format: 'csv',
      site: t.site.id,
    });
    const list = await t.viewer.request('GET', `/api/reportconfigs?site=${t.site.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((c: { name: string }) => c.name)).toEqual(['activity', 'Tools at the dock']);
    const other = await makeSite(app, t.org.id);
    await makeReportConfig(db, t.org.id, other.id);
    expect(
      (await t.viewer.request('GET', `/api/reportconfigs?site=${other.id}`)).headers['x-total-count'],
    ).toBe('1');

    const updated = await t.admin.request('PUT', `/api/reportconfigs/${config._id}`, {
      ...config,
      name: 'Dock tools',
      zones: [],
      format: 'json',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Dock tools', zones: [], format: 'json' });
    expect((await t.viewer.request('GET', `/api/reportconfigs/${config._id}`)).json().name).toBe(
      'Dock tools',
    );
    expect((await t.manager.request('DELETE', `/api/reportconfigs/${config._id}`)).statusCode).toBe(204);
    expect((await t.viewer.request('GET', `/api/reportconfigs/${config._id}`)).statusCode).toBe(404);
  });

  it('rejects bad input with a clear 400 and stores nothing', async () => {
    const t = await makeTenant(app);
    const other = await makeSite(app, t.org.id);
    const foreignZone = await makeZone(db, t.org.id, other.id);
    const otherOrg = await makeOrg(app);
    const foreignCategory = await makeCategory(db, otherOrg.id);
    const bad = async (body: object, message: RegExp) => {
      const res = await t.admin.request('POST', '/api/reportconfigs', {
        name: 'R',
        type: 'reportTypeSeen',
        format: 'excel',
        site: t.site.id,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await bad({ name: '' }, /Name is required/);
    await bad({ name: undefined }, /Name is required/);
    await bad({ type: undefined }, /type: Please select an item/);
    await bad({ type: 'reportTypeEverything' }, /type/);
    await bad({ format: 'pdf' }, /format: Please select an item/);
    await bad({ zones: [foreignZone.id] }, /zones\.0: unknown zone/);
    await bad({ categories: [foreignCategory.id] }, /categories\.0: unknown category/);
    await bad({ zones: ['nope'] }, /zones\.0/);
    await bad({ headings: [{ key: 'duration' }] }, /headings\.0\.key: not a column of this report type/);
    await bad({ headings: [{ key: '__proto__' }] }, /not a column/);
    await bad({ name: 'a\u0000'.repeat(150) }, /name/);
    await bad({ site: undefined }, /site/);
    expect(
      (await t.admin.request('GET', `/api/reportconfigs?site=${t.site.id}`)).headers['x-total-count'],
    ).toBe('0');
    expect((await t.admin.request('GET', '/api/reportconfigs')).statusCode).toBe(400);
    expect((await t.admin.request('GET', `/api/reportconfigs?site=${t.site.id}&sort=zones`)).statusCode).toBe(
      400,
    );
    const config = await makeReportConfig(db, t.org.id, t.site.id);
    const moved = await t.admin.request('PUT', `/api/reportconfigs/${config.id}`, {
      name: 'R',
      type: 'reportTypeSeen',
      format: 'excel',
      site: other.id,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({
      message: 'site cannot be changed',
      errors: [{ path: 'site', message: 'site cannot be changed' }],
    });
  });

  it('requires authentication', async () => {
    const t = await makeTenant(app);
    const config = await makeReportConfig(db, t.org.id, t.site.id);
    const anon = anonymous(app);
    const body = { name: 'X', type: 'reportTypeSeen', format: 'excel', site: t.site.id };
    expect((await anon.request('GET', `/api/reportconfigs?site=${t.site.id}`)).statusCode).toBe(401);
    expect((await anon.request('GET', `/api/reportconfigs/${config.id}`)).statusCode).toBe(401);
    expect((await anon.request('POST', '/api/reportconfigs', body)).statusCode).toBe(401);
    expect((await anon.request('PUT', `/api/reportconfigs/${config.id}`, body)).statusCode).toBe(401);
    expect((await anon.request('DELETE', `/api/reportconfigs/${config.id}`)).statusCode).toBe(401);
  });

  it('forbids viewers and operators to change configs', async () => {
    const t = await makeTenant(app);
    const config = await makeReportConfig(db, t.org.id, t.site.id, { name: 'Keep' });
    const body = { name: 'X', type: 'reportTypeSeen', format: 'excel', site: t.site.id };
    for (const client of [t.viewer, t.operator]) {
      expect((await client.request('GET', `/api/reportconfigs/${config.id}`)).statusCode).toBe(200);
      expect((await client.request('POST', '/api/reportconfigs', body)).statusCode).toBe(403);
      expect((await client.request('PUT', `/api/reportconfigs/${config.id}`, body)).statusCode).toBe(403);
      expect((await client.request('DELETE', `/api/reportconfigs/${config.id}`)).statusCode).toBe(403);
    }
    expect((await t.admin.request('GET', `/api/reportconfigs/${config.id}`)).json().name).toBe('Keep');
  });

  it("hides another organization's configs and a site the caller cannot read (404)", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const config = await makeReportConfig(db, b.org.id, b.site.id);
    const body = { name: 'X', type: 'reportTypeSeen', format: 'excel', site: a.site.id };
    expect((await a.admin.request('GET', `/api/reportconfigs/${config.id}`)).statusCode).toBe(404);
    expect((await a.admin.request('PUT', `/api/reportconfigs/${config.id}`, body)).statusCode).toBe(404);
    expect((await a.admin.request('DELETE', `/api/reportconfigs/${config.id}`)).statusCode).toBe(404);
    expect((await a.admin.request('GET', `/api/reportconfigs?site=${b.site.id}`)).statusCode).toBe(404);
    expect(
      (await a.admin.request('POST', '/api/reportconfigs', { ...body, site: b.site.id })).statusCode,
    ).toBe(404);
    const elsewhere = await makeSite(app, a.org.id);
    const user = await makeUser(app, a.org.id, { role: 'manager', sites: [elsewhere.id] });
    const limited = await login(app, user.username);
    const mine = await makeReportConfig(db, a.org.id, a.site.id);
    expect((await limited.request('GET', `/api/reportconfigs/${mine.id}`)).statusCode).toBe(404);
    expect((await limited.request('DELETE', `/api/reportconfigs/${mine.id}`)).statusCode).toBe(404);
    expect((await limited.request('POST', '/api/reportconfigs', body)).statusCode).toBe(404);
    expect((await b.admin.request('GET', `/api/reportconfigs/${config.id}`)).statusCode).toBe(200);
  });
});
