/**
 * A site-limited Admin sees and manages only users whose current sites all lie
 * within its own (a user with All Sites needs an all-sites caller); otherwise 404. It also grants
 * only roles whose rights it holds.
 */
import { ROLE_IDS } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login, makeApp, makeSite, makeTenant, makeUser } from '../../../test/factories.js';
import { accessRules, roles, users } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';

const app = await makeApp();
const STRONG = 'Granite-Puffin-Orbit-73';

async function limitedAdmin() {
  const t = await makeTenant(app);
  const second = await makeSite(app, t.org.id);
  const admin = await makeUser(app, t.org.id, { role: 'admin', sites: [t.site.id] });
  const client = await login(app, admin.username, admin.password, admin.id);
  const inside = await makeUser(app, t.org.id, { role: 'viewer', sites: [t.site.id] });
  const outside = await makeUser(app, t.org.id, { role: 'viewer', sites: [second.id] });
  const mixed = await makeUser(app, t.org.id, { role: 'viewer', sites: [t.site.id, second.id] });
  return { t, second, client, admin, inside, outside, mixed };
}

const edit = (username: string, extra: Record<string, unknown> = {}) => ({
  name: 'Edited',
  username,
  roles: [ROLE_IDS.viewer],
  securityCtx: { sites: [] as string[] },
  ...extra,
});

describe('user management is scoped to the caller sites', () => {
  it('lists only users whose sites lie within the caller sites', async () => {
    const s = await limitedAdmin();
    const res = await s.client.request('GET', '/api/users?limit=100');
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((u: { id: string }) => u.id);
    expect(ids).toContain(s.inside.id);
    expect(ids).toContain(s.admin.id);
    expect(ids).not.toContain(s.outside.id);
    expect(ids).not.toContain(s.mixed.id);
    expect(ids).not.toContain(s.t.admin.userId); // All Sites
    expect(res.headers['x-total-count']).toBe(String(ids.length));
    // The all-sites admin sees everyone.
    const all = await s.t.admin.request('GET', '/api/users?limit=100');
    expect(all.json().map((u: { id: string }) => u.id)).toEqual(
      expect.arrayContaining([s.outside.id, s.mixed.id, s.inside.id]),
    );
  });

  it('answers 404 for get, update, reset and delete of a user outside the caller sites', async () => {
    const s = await limitedAdmin();
    for (const target of [s.outside, s.mixed, { id: s.t.admin.userId, username: s.t.admin.username }]) {
      expect((await s.client.request('GET', `/api/users/${target.id}`)).statusCode).toBe(404);
      const reset = await s.client.request(
        'PUT',
        `/api/users/${target.id}`,
        edit(target.username, { password: STRONG, securityCtx: { sites: [s.t.site.id] } }),
      );
      expect(reset.statusCode).toBe(404);
      expect((await s.client.request('DELETE', `/api/users/${target.id}`)).statusCode).toBe(404);
    }
    // The all-sites admin still signs in with its own password: nothing was reset.
    expect((await login(app, s.t.admin.username)).cookie).toContain('sl_session=');
    const still = await s.t.admin.request('GET', `/api/users/${s.mixed.id}`);
    expect(still.json().securityCtx.sites).toHaveLength(2);

    // Inside the caller's sites it works.
    expect((await s.client.request('GET', `/api/users/${s.inside.id}`)).statusCode).toBe(200);
    const put = await s.client.request(
      'PUT',
      `/api/users/${s.inside.id}`,
      edit(s.inside.username, { securityCtx: { sites: [s.t.site.id] } }),
    );
    expect(put.statusCode).toBe(200);
    expect((await s.client.request('DELETE', `/api/users/${s.inside.id}`)).statusCode).toBe(204);
  });

  it('grants only roles whose rights the caller holds', async () => {
    const t = await makeTenant(app);
    // A custom "user manager" holding only users rights may not hand out Admin or Manager.
    const roleId = newId();
    await app.ctx.db.insert(roles).values({ id: roleId, orgId: t.org.id, name: `Users only ${roleId}` });
    await app.ctx.db.insert(accessRules).values(
      (['create', 'modify', 'delete'] as const).map((action) => ({
        roleId,
        resource: 'users',
        action,
        site: '*',
      })),
    );
    const manager = await makeUser(app, t.org.id, { role: 'viewer' });
    await app.ctx.db
      .update(users)
      .set({ roles: [roleId] })
      .where(eq(users.id, manager.id));
    const client = await login(app, manager.username, manager.password, manager.id);
    const name = `granted-${Date.now()}@example.com`;
    for (const role of [ROLE_IDS.admin, ROLE_IDS.manager]) {
      const res = await client.request(
        'POST',
        '/api/users',
        edit(name, { roles: [role], password: STRONG, securityCtx: { sites: ['*'] } }),
      );
      expect(res.statusCode).toBe(403);
    }
    const viewer = await client.request(
      'POST',
      '/api/users',
      edit(name, { roles: [ROLE_IDS.viewer], password: STRONG, securityCtx: { sites: ['*'] } }),
    );
    expect(viewer.statusCode).toBe(200);
    // An Admin may still grant Manager.
    const byAdmin = await t.admin.request(
      'POST',
      '/api/users',
      edit(`m-${name}`, { roles: [ROLE_IDS.manager], password: STRONG, securityCtx: { sites: ['*'] } }),
    );
    expect(byAdmin.statusCode).toBe(200);
  });
});
