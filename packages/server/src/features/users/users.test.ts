import { ROLE_IDS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { anonymous, login, makeApp, makeTenant } from '../../../test/factories.js';

const app = await makeApp();
const PASSWORD = 'Granite-Puffin-Orbit-73';
let seq = 0;
const newUserBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Dana Field ${++seq}`,
  username: `dana-${Date.now()}-${seq}@example.com`,
  roles: [ROLE_IDS.operator],
  securityCtx: { sites: ['*'], companies: [] },
  password: PASSWORD,
  ...overrides,
});

describe('users', () => {
  it('creates, reads, lists, updates and deletes a user', async () => {
    const t = await makeTenant(app);
    const body = newUserBody({ securityCtx: { sites: [t.site.id] } });
    const created = await t.admin.request('POST', '/api/users?send-email=false', body);
    expect(created.statusCode).toBe(200);
    const user = created.json();
    expect(user).toMatchObject({
      name: body.name,
      username: body.username,
      roles: [ROLE_IDS.operator],
      securityCtx: { sites: [t.site.id], companies: [] },
      locked: false,
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordHash');
    expect((await login(app, body.username, PASSWORD)).cookie).toContain('sl_session=');

    expect((await t.admin.request('GET', `/api/users/${user.id}`)).json()).toEqual(user);
    const updated = await t.admin.request('PUT', `/api/users/${user.id}`, {
      ...body,
      name: 'Dana Renamed',
      roles: [ROLE_IDS.viewer],
      password: '',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Dana Renamed', roles: [ROLE_IDS.viewer] });
    expect((await login(app, body.username, PASSWORD)).cookie).toContain('sl_session=');

    expect((await t.admin.request('DELETE', `/api/users/${user.id}`)).statusCode).toBe(204);
    expect((await t.admin.request('GET', `/api/users/${user.id}`)).statusCode).toBe(404);
  });

  it('lists the organization users with paging, sort and search', async () => {
    const t = await makeTenant(app);
    for (const name of ['Zed Alpha', 'Amy Beta', 'Mia Gamma']) {
      await t.admin.request('POST', '/api/users', newUserBody({ name }));
    }
    const all = await t.admin.request('GET', '/api/users?sort=-name&limit=100');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('7'); // 4 of the tenant + 3
    expect(all.json()[0].name).toBe('Zed Alpha');
    const page = await t.admin.request('GET', '/api/users?sort=name&limit=2&page=0');
    expect(page.json()).toHaveLength(2);
    expect(page.json()[0].name).toBe('Amy Beta');
    const search = await t.admin.request('GET', '/api/users?search=gamma');
    expect(search.json().map((u: { name: string }) => u.name)).toEqual(['Mia Gamma']);
    expect(search.headers['x-total-count']).toBe('1');
    const byUsername = await t.admin.request(
      'GET',
      `/api/users?search=${encodeURIComponent(t.viewer.username)}`,
    );
    expect(byUsername.json()).toHaveLength(1);
    expect((await t.admin.request('GET', '/api/users?sort=passwordHash')).statusCode).toBe(400);
  });

  it('rejects invalid input with 400 and stores nothing', async () => {
    const t = await makeTenant(app);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '' }, /Name is required/],
      [{ username: 'not-an-email' }, /Not a valid email address/],
      [{ roles: [] }, /You must select at least one item/],
      [{ roles: ['nope'] }, /24-character hex id/],
      [{ roles: ['0123456789abcdef01234567'] }, /Unknown role/],
      [{ securityCtx: { sites: ['0123456789abcdef01234567'] } }, /Unknown site/],
    ];
    for (const [patch, message] of cases) {
      const res = await t.admin.request('POST', '/api/users?send-email=false', newUserBody(patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await t.admin.request('POST', '/api/users?send-email=maybe', newUserBody())).statusCode).toBe(
      400,
    );
    expect((await t.admin.request('GET', '/api/users/not-an-id')).statusCode).toBe(400);
    expect((await t.admin.request('GET', '/api/users')).headers['x-total-count']).toBe('4');
  });

  it('requires authentication', async () => {
    const anon = anonymous(app);
    expect((await anon.request('GET', '/api/users')).statusCode).toBe(401);
    expect((await anon.request('POST', '/api/users', newUserBody())).statusCode).toBe(401);
    expect((await anon.request('GET', '/api/users/0123456789abcdef01234567')).statusCode).toBe(401);
    expect((await anon.request('PUT', '/api/users/0123456789abcdef01234567', newUserBody())).statusCode).toBe(
      401,
    );
    expect((await anon.request('DELETE', '/api/users/0123456789abcdef01234567')).statusCode).toBe(401);
  });

  it('forbids roles without the users permission (403) and changes nothing', async () => {
    const t = await makeTenant(app);
    expect((await t.viewer.request('GET', '/api/users')).statusCode).toBe(403);
    expect((await t.manager.request('POST', '/api/users', newUserBody())).statusCode).toBe(403);
    expect((await t.operator.request('GET', `/api/users/${t.admin.userId}`)).statusCode).toBe(403);
    const put = await t.manager.request(
      'PUT',
      `/api/users/${t.viewer.userId}`,
      newUserBody({ name: 'Hacked' }),
    );
    expect(put.statusCode).toBe(403);
    expect((await t.viewer.request('DELETE', `/api/users/${t.operator.userId}`)).statusCode).toBe(403);
    expect((await t.viewer.request('GET', `/api/users/${t.viewer.userId}`)).statusCode).toBe(200);
    expect((await t.admin.request('GET', `/api/users/${t.viewer.userId}`)).json().name).not.toBe('Hacked');
    expect((await t.admin.request('GET', `/api/users/${t.operator.userId}`)).statusCode).toBe(200);
    expect((await t.admin.request('GET', '/api/users')).headers['x-total-count']).toBe('4');
  });

  it("hides another organization's users (404)", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const id = b.viewer.userId;
    expect((await a.admin.request('GET', `/api/users/${id}`)).statusCode).toBe(404);
    expect((await a.admin.request('PUT', `/api/users/${id}`, newUserBody())).statusCode).toBe(404);
    expect((await a.admin.request('DELETE', `/api/users/${id}`)).statusCode).toBe(404);
    const list = await a.admin.request('GET', '/api/users?limit=100');
    expect(list.json().map((u: { id: string }) => u.id)).not.toContain(id);
    expect((await b.admin.request('GET', `/api/users/${id}`)).statusCode).toBe(200);
  });
});
