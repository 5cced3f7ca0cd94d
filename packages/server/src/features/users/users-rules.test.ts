import { MSG, ROLE_IDS, USER_MSG } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login, makeApp, makeSite, makeSuperAdmin, makeTenant, makeUser } from '../../../test/factories.js';
import { users } from '../../db/schema.js';

const app = await makeApp();
const STRONG = 'Granite-Puffin-Orbit-73';
let seq = 0;
const body = (overrides: Record<string, unknown> = {}) => ({
  name: `Rule Tester ${++seq}`,
  username: `rules-${Date.now()}-${seq}@example.com`,
  roles: [ROLE_IDS.viewer],
  securityCtx: { sites: ['*'] },
  password: STRONG,
  ...overrides,
});
const total = async (client: {
  request: (m: string, u: string) => Promise<{ headers: Record<string, unknown> }>;
}) => (await client.request('GET', '/api/users')).headers['x-total-count'];

describe('user editor rules', () => {
  it('requires a strong password unless the activation email is sent', async () => {
    const t = await makeTenant(app);
    const missing = await t.admin.request(
      'POST',
      '/api/users?send-email=false',
      body({ password: undefined }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: USER_MSG.passwordRequired,
      errors: [{ path: 'password', message: USER_MSG.passwordRequired }],
    });
    const weak = await t.admin.request(
      'POST',
      '/api/users?send-email=false',
      body({ password: 'password123' }),
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MSG.passwordTooWeak);
    expect(await total(t.admin)).toBe('4');
    const update = await t.admin.request(
      'PUT',
      `/api/users/${t.viewer.userId}`,
      body({ password: 'qwertyuiop12' }),
    );
    expect(update.json().message).toBe(MSG.passwordTooWeak);
  });

  it('refuses a username that is taken, in any organization, with a duplicate message', async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const taken = await a.admin.request(
      'POST',
      '/api/users',
      body({ username: b.viewer.username.toUpperCase() }),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toContain('duplicate');
    const rename = await a.admin.request(
      'PUT',
      `/api/users/${a.viewer.userId}`,
      body({ username: a.operator.username }),
    );
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toContain('duplicate');
    expect(await total(a.admin)).toBe('4');
  });

  it('lets only a Super Admin assign the Super Admin role or change a Super Admin', async () => {
    const t = await makeTenant(app);
    const grant = await t.admin.request('POST', '/api/users', body({ roles: [ROLE_IDS.superAdmin] }));
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe(USER_MSG.superAdminOnly);
    const promote = await t.admin.request(
      'PUT',
      `/api/users/${t.viewer.userId}`,
      body({ roles: [ROLE_IDS.superAdmin] }),
    );
    expect(promote.statusCode).toBe(403);

    const sa = await makeSuperAdmin(app, t.org.id);
    const created = await sa.request('POST', '/api/users', body({ roles: [ROLE_IDS.superAdmin] }));
    expect(created.statusCode).toBe(200);
    const superId = created.json().id;
    const takeover = await t.admin.request(
      'PUT',
      `/api/users/${superId}`,
      body({ password: 'Takeover-Attempt-Zebra-19' }),
    );
    expect(takeover.statusCode).toBe(403);
    expect((await t.admin.request('DELETE', `/api/users/${superId}`)).statusCode).toBe(403);
    expect((await sa.request('DELETE', `/api/users/${superId}`)).statusCode).toBe(204);
  });

  it("gives only the organization's sites, and a site-limited admin only its own", async () => {
    const t = await makeTenant(app);
    const other = await makeTenant(app);
    const foreign = await t.admin.request(
      'POST',
      '/api/users',
      body({ securityCtx: { sites: [other.site.id] } }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(USER_MSG.unknownSite(other.site.id));

    const second = await makeSite(app, t.org.id);
    const limited = await makeUser(app, t.org.id, { role: 'admin', sites: [t.site.id] });
    const client = await login(app, limited.username, limited.password, limited.id);
    expect(
      (await client.request('POST', '/api/users', body({ securityCtx: { sites: ['*'] } }))).statusCode,
    ).toBe(403);
    const wider = await client.request('POST', '/api/users', body({ securityCtx: { sites: [second.id] } }));
    expect(wider.json().message).toBe(USER_MSG.ownSitesOnly);
    expect(
      (await client.request('POST', '/api/users', body({ securityCtx: { sites: [t.site.id] } }))).statusCode,
    ).toBe(200);
  });

  it('cannot delete yourself (400)', async () => {
    const t = await makeTenant(app);
    const res = await t.admin.request('DELETE', `/api/users/${t.admin.userId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_MSG.cannotDeleteSelf);
    expect((await t.admin.request('GET', `/api/users/${t.admin.userId}`)).statusCode).toBe(200);
  });

  it("an admin's password reset sets the password, unlocks the account and ends its sessions", async () => {
    const t = await makeTenant(app);
    const target = await t.admin.request('GET', `/api/users/${t.operator.userId}`);
    await app.ctx.db
      .update(users)
      .set({ locked: true, failedLogins: 10 })
      .where(eq(users.id, t.operator.userId));
    const { name, username, roles, securityCtx } = target.json();
    const newPassword = 'Reset-By-Admin-Walrus-27';
    const res = await t.admin.request('PUT', `/api/users/${t.operator.userId}`, {
      name,
      username,
      roles,
      securityCtx,
      password: newPassword,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().locked).toBe(false);
    expect((await t.operator.request('GET', '/api/users/me')).statusCode).toBe(401);
    expect((await login(app, username, newPassword)).cookie).toContain('sl_session=');
    expect((await t.admin.request('GET', '/api/users/me')).statusCode).toBe(200);
  });
});
