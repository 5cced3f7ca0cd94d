import { BUILT_IN_ROLES, ROLE_IDS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeTenant } from '../../../test/factories.js';
import { accessRules, roles } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';

const app = await makeApp();

/** A custom role of one organization, with one rule. */
async function makeOrgRole(orgId: string) {
  const id = newId();
  await app.ctx.db.insert(roles).values({ id, orgId, name: `Auditor ${id.slice(-6)}` });
  await app.ctx.db
    .insert(accessRules)
    .values({ roleId: id, resource: 'images', action: 'modify', site: '*' });
  return id;
}

describe('GET /api/roles', () => {
  it('lists the built-in roles and the organization roles by name, for any signed-in caller', async () => {
    const t = await makeTenant(app);
    const own = await makeOrgRole(t.org.id);
    const res = await t.viewer.request('GET', '/api/roles?sort=name');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; name: string }[];
    expect(list.map((r) => r.id).sort()).toEqual([...BUILT_IN_ROLES.map((r) => r.id), own].sort());
    expect(list.map((r) => r.name)).toEqual(list.map((r) => r.name).sort((a, b) => a.localeCompare(b)));
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['id', 'name']);
    const desc = (await t.viewer.request('GET', '/api/roles?sort=-name')).json() as { name: string }[];
    expect(desc.map((r) => r.name)).toEqual(list.map((r) => r.name).reverse());
  });

  it("hides another organization's roles", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const theirs = await makeOrgRole(b.org.id);
    const ids = (await a.admin.request('GET', '/api/roles')).json().map((r: { id: string }) => r.id);
    expect(ids).not.toContain(theirs);
    const rules = await a.admin.request('GET', `/api/accessRules?roles=${theirs}`);
    expect(rules.json()).toEqual([]);
    expect((await b.viewer.request('GET', `/api/accessRules?roles=${theirs}`)).json()).toEqual([
      { role: theirs, resource: 'images', action: 'modify', site: '*' },
    ]);
    const assign = await a.admin.request('POST', '/api/users', {
      name: 'Borrowed Role',
      username: `borrowed-${Date.now()}@example.com`,
      roles: [theirs],
      password: 'Borrowed-Role-Pelican-39',
    });
    expect(assign.statusCode).toBe(400);
  });

  it('rejects an unknown sort (400) and anonymous callers (401)', async () => {
    const t = await makeTenant(app);
    expect((await t.viewer.request('GET', '/api/roles?sort=password')).statusCode).toBe(400);
    expect((await anonymous(app).request('GET', '/api/roles')).statusCode).toBe(401);
  });
});

describe('GET /api/accessRules', () => {
  it('returns the rules of the named roles', async () => {
    const t = await makeTenant(app);
    const res = await t.viewer.request(
      'GET',
      `/api/accessRules?roles=${ROLE_IDS.operator},${ROLE_IDS.viewer}`,
    );
    expect(res.statusCode).toBe(200);
    const expected = BUILT_IN_ROLES.find((r) => r.id === ROLE_IDS.operator)?.rules ?? [];
    const key = (r: { resource: string; action: string }) => `${r.resource}:${r.action}`;
    expect(res.json().map(key).sort()).toEqual(expected.map(key).sort());
    expect(res.json()[0]).toEqual({
      role: ROLE_IDS.operator,
      resource: expect.any(String),
      action: expect.any(String),
      site: '*',
    });
    const superRules = await t.viewer.request('GET', `/api/accessRules?roles=${ROLE_IDS.superAdmin}`);
    expect(superRules.json()).toEqual([
      { role: ROLE_IDS.superAdmin, resource: '*', action: 'delete', site: '*' },
    ]);
  });

  it('answers [] for no roles and 400 for a malformed role id', async () => {
    const t = await makeTenant(app);
    expect((await t.viewer.request('GET', '/api/accessRules')).json()).toEqual([]);
    expect((await t.viewer.request('GET', '/api/accessRules?roles=')).json()).toEqual([]);
    const bad = await t.viewer.request('GET', `/api/accessRules?roles=${ROLE_IDS.admin},admin`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/roles.*24-character hex id/);
  });

  it('requires authentication', async () => {
    expect((await anonymous(app).request('GET', `/api/accessRules?roles=${ROLE_IDS.admin}`)).statusCode).toBe(
      401,
    );
  });
});
