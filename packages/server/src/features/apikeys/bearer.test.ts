import { ROLE_IDS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { clientWith, makeApp, makeSite, makeSuperAdmin, makeTenant } from '../../../test/factories.js';
import { apiKeys } from '../../db/schema.js';
import { sha256 } from '../../platform/crypto.js';
import { newId } from '../../platform/ids.js';
import { newApiKeyToken } from './service.js';

const app = await makeApp();
const siteBody = { name: 'Via Key', startDate: '2024-03-01', timezone: { id: 'UTC' } };

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
async function keyClient(t: Tenant, role: keyof typeof ROLE_IDS, sites: string[] = ['*']) {
  const res = await t.admin.request('POST', '/api/apikeys', {
    name: `${role} key`,
    roles: [ROLE_IDS[role]],
    securityCtx: { sites },
  });
  expect(res.statusCode).toBe(200);
  return clientWith(app, { bearer: res.json().token });
}

describe('API key tokens as Bearer credentials', () => {
  it("act with the key's roles: a Viewer key reads but may not create", async () => {
    const t = await makeTenant(app);
    const viewer = await keyClient(t, 'viewer');
    expect((await viewer.request('GET', '/api/sites')).statusCode).toBe(200);
    expect((await viewer.request('POST', '/api/sites', siteBody)).statusCode).toBe(403);
  });

  it('an Admin key lists and creates sites without the x-requested-with header', async () => {
    const t = await makeTenant(app);
    const admin = await keyClient(t, 'admin');
    const list = await admin.request('GET', '/api/sites');
    expect(list.json().map((s: { _id: string }) => s._id)).toEqual([t.site.id]);
    const created = await admin.request('POST', '/api/sites', siteBody);
    expect(created.statusCode).toBe(200);
    expect((await admin.request('DELETE', `/api/sites/${created.json()._id}`)).statusCode).toBe(204);
  });

  it("act only on the key's sites and organization", async () => {
    const t = await makeTenant(app);
    const other = await makeSite(app, t.org.id);
    const scoped = await keyClient(t, 'admin', [t.site.id]);
    expect((await scoped.request('GET', '/api/sites')).json().map((s: { _id: string }) => s._id)).toEqual([
      t.site.id,
    ]);
    expect((await scoped.request('GET', `/api/sites/${other.id}`)).statusCode).toBe(404);
    expect((await scoped.request('GET', `/api/sites/${t.site.id}`)).statusCode).toBe(200);
    const foreign = await makeTenant(app);
    expect((await scoped.request('GET', `/api/sites/${foreign.site.id}`)).statusCode).toBe(404);
  });

  it('never act as Super Admin, even when stored with that role', async () => {
    const t = await makeTenant(app);
    const token = newApiKeyToken();
    await app.ctx.db.insert(apiKeys).values({
      id: newId(),
      orgId: t.org.id,
      name: 'forged',
      tokenHash: sha256(token),
      tokenPrefix: token.slice(0, 10),
      roles: [ROLE_IDS.superAdmin],
      sites: ['*'],
    });
    const forged = clientWith(app, { bearer: token });
    expect(
      (
        await forged.request('POST', '/api/organizations', {
          name: 'X',
          subdomain: `x-${newId()}`,
          adminName: 'X Admin',
          adminEmail: `x-${newId()}@example.com`,
        })
      ).statusCode,
    ).toBe(403);
    expect((await forged.request('POST', '/api/sites', siteBody)).statusCode).toBe(403);
    const root = await makeSuperAdmin(app, t.org.id);
    expect((await root.request('GET', '/api/organizations')).json().length).toBeGreaterThan(1);
    expect((await forged.request('GET', '/api/organizations')).json()).toHaveLength(1);
  });

  it('refuses an unknown token (401)', async () => {
    const bogus = clientWith(app, { bearer: newApiKeyToken() });
    expect((await bogus.request('GET', '/api/sites')).statusCode).toBe(401);
  });
});
