import { SITE_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { anonymous, login, makeApp, makeTenant, makeUser } from '../../../test/factories.js';

const app = await makeApp();
const validSite = {
  name: 'Warehouse East',
  startDate: '2024-03-01T00:00:00.000Z',
  timezone: { id: 'Europe/Berlin' },
};

describe('sites', () => {
  it('creates, reads, lists, updates and deletes a site', async () => {
    const t = await makeTenant(app);
    const created = await t.admin.request('POST', '/api/sites', {
      ...validSite,
      reportSettings: { dailyTime: '07:30', emails: ['ops@example.com'] },
    });
    expect(created.statusCode).toBe(200);
    const site = created.json();
    expect(site).toMatchObject({
      name: 'Warehouse East',
      timezone: { id: 'Europe/Berlin' },
      reportSettings: { dailyTime: '07:30' },
    });
    expect(site._id).toMatch(/^[0-9a-f]{24}$/);

    const list = await t.admin.request('GET', '/api/sites?sort=-name&limit=10');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((s: { name: string }) => s.name)[0]).toBe('Warehouse East');

    const updated = await t.admin.request('PUT', `/api/sites/${site._id}`, {
      ...validSite,
      name: 'Warehouse West',
    });
    expect(updated.json().name).toBe('Warehouse West');
    expect((await t.viewer.request('GET', `/api/sites/${site._id}`)).json().name).toBe('Warehouse West');

    expect((await t.admin.request('DELETE', `/api/sites/${site._id}`)).statusCode).toBe(204);
    expect((await t.admin.request('GET', `/api/sites/${site._id}`)).statusCode).toBe(404);
  });

  it('rejects invalid input with 400 and stores nothing', async () => {
    const t = await makeTenant(app);
    const res = await t.admin.request('POST', '/api/sites', { name: '', timezone: { id: 'UTC' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/name|startDate/);
    expect((await t.admin.request('GET', '/api/sites')).headers['x-total-count']).toBe('1');
    expect((await t.admin.request('GET', '/api/sites?sort=password')).statusCode).toBe(400);
  });

  it('requires authentication', async () => {
    expect((await anonymous(app).request('GET', '/api/sites')).statusCode).toBe(401);
    expect((await anonymous(app).request('POST', '/api/sites', validSite)).statusCode).toBe(401);
  });

  it('forbids roles without the sites permission, and cookie writes without the CSRF header', async () => {
    const t = await makeTenant(app);
    expect((await t.manager.request('POST', '/api/sites', validSite)).statusCode).toBe(403);
    expect((await t.viewer.request('DELETE', `/api/sites/${t.site.id}`)).statusCode).toBe(403);
    const noCsrf = await app.inject({
      method: 'POST',
      url: '/api/sites',
      payload: validSite,
      headers: { cookie: t.admin.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('lets only an administrator of all sites create a site (403 for a site-limited Admin, nothing stored)', async () => {
    const t = await makeTenant(app);
    const limited = await makeUser(app, t.org.id, { role: 'admin', sites: [t.site.id] });
    const client = await login(app, limited.username, limited.password, limited.id);
    const refused = await client.request('POST', '/api/sites', { ...validSite, name: 'Shadow site' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SITE_MSG.allSitesOnly);
    const names = (await t.admin.request('GET', '/api/sites')).json().map((s: { name: string }) => s.name);
    expect(names).not.toContain('Shadow site');
    // Its own site it still edits.
    expect((await client.request('GET', `/api/sites/${t.site.id}`)).statusCode).toBe(200);
  });

  it("hides another organization's site (404)", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    expect((await a.admin.request('GET', `/api/sites/${b.site.id}`)).statusCode).toBe(404);
    expect((await a.admin.request('PUT', `/api/sites/${b.site.id}`, validSite)).statusCode).toBe(404);
    expect((await a.admin.request('DELETE', `/api/sites/${b.site.id}`)).statusCode).toBe(404);
    expect((await b.admin.request('GET', `/api/sites/${b.site.id}`)).statusCode).toBe(200);
  });
});
