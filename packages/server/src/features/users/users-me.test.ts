import { MSG, ROLE_IDS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { anonymous, clientWith, login, makeApp, makeTenant, PASSWORD } from '../../../test/factories.js';
import { apiKeys } from '../../db/schema.js';
import { sha256 } from '../../platform/crypto.js';
import { newId, randomToken } from '../../platform/ids.js';

const app = await makeApp();
const profile = (username: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Vera Viewer',
  username,
  ...overrides,
});

describe('users/me', () => {
  it("reads the caller's own user", async () => {
    const t = await makeTenant(app);
    const res = await t.viewer.request('GET', '/api/users/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: t.viewer.userId,
      username: t.viewer.username,
      roles: [ROLE_IDS.viewer],
    });
  });

  it('updates name and username (with the current password); roles and sites stay read-only', async () => {
    const t = await makeTenant(app);
    const username = `renamed-${Date.now()}@example.com`;
    // Roles and sites are the server's: a change to them is refused whole, nothing stored.
    const refused = await t.viewer.request('PUT', '/api/users/me', {
      ...profile(username, { currentPassword: PASSWORD }),
      roles: [ROLE_IDS.admin],
      securityCtx: { sites: [] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('is set by the server and cannot be changed');
    const unchanged = (await t.viewer.request('GET', '/api/users/me')).json();
    expect(unchanged).toMatchObject({ username: t.viewer.username, roles: [ROLE_IDS.viewer] });
    expect(unchanged.securityCtx.sites).toEqual(['*']);
    // Sent back as they are, they are ignored and the rest is saved.
    const res = await t.viewer.request('PUT', '/api/users/me', {
      ...profile(username, { currentPassword: PASSWORD }),
      roles: unchanged.roles,
      securityCtx: unchanged.securityCtx,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Vera Viewer', username, roles: [ROLE_IDS.viewer] });
    expect((await t.viewer.request('GET', '/api/users/me')).json().securityCtx.sites).toEqual(['*']);
  });

  it('a new password ends the other sessions but keeps this one', async () => {
    const t = await makeTenant(app);
    const other = await login(app, t.viewer.username);
    const password = 'Profile-Change-Kestrel-46';
    const res = await t.viewer.request(
      'PUT',
      '/api/users/me',
      profile(t.viewer.username, { password, currentPassword: PASSWORD }),
    );
    expect(res.statusCode).toBe(200);
    expect((await t.viewer.request('GET', '/api/users/me')).statusCode).toBe(200);
    expect((await other.request('GET', '/api/users/me')).statusCode).toBe(401);
    expect((await login(app, t.viewer.username, password)).cookie).toContain('sl_session=');
  });

  it('rejects invalid input with 400 and changes nothing', async () => {
    const t = await makeTenant(app);
    const cases: [Record<string, unknown>, string][] = [
      [profile(t.viewer.username, { name: ' ' }), 'Name is required'],
      [profile('not-an-email'), MSG.invalidEmail],
      [
        profile(t.viewer.username, { password: 'password123', currentPassword: PASSWORD }),
        MSG.passwordTooWeak,
      ],
      [profile(t.admin.username, { currentPassword: PASSWORD }), 'duplicate'],
    ];
    for (const [body, message] of cases) {
      const res = await t.viewer.request('PUT', '/api/users/me', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const me = (await t.viewer.request('GET', '/api/users/me')).json();
    expect(me.username).toBe(t.viewer.username);
    expect(me.name).not.toBe('Vera Viewer');
    expect((await login(app, t.viewer.username, PASSWORD)).cookie).toContain('sl_session=');
  });

  it('requires a signed-in user: 401 anonymous, 403 without the CSRF header or with an API key', async () => {
    const t = await makeTenant(app);
    expect((await anonymous(app).request('GET', '/api/users/me')).statusCode).toBe(401);
    expect((await anonymous(app).request('PUT', '/api/users/me', profile('a@b.co'))).statusCode).toBe(401);
    const noCsrf = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      payload: profile(t.viewer.username),
      headers: { cookie: t.viewer.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    const token = randomToken();
    await app.ctx.db.insert(apiKeys).values({
      id: newId(),
      orgId: t.org.id,
      name: 'integration',
      tokenHash: sha256(token),
      tokenPrefix: token.slice(0, 6),
      roles: [ROLE_IDS.admin],
      sites: ['*'],
    });
    expect((await clientWith(app, { bearer: token }).request('GET', '/api/users/me')).statusCode).toBe(403);
  });
});
