import { API_KEY_MSG, MSG, ROLE_IDS } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { anonymous, login, makeApp, makeSite, makeTenant, makeUser } from '../../../test/factories.js';
import { apiKeys } from '../../db/schema.js';
import { sha256 } from '../../platform/crypto.js';

const app = await makeApp();
const keyBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Integration',
  roles: [ROLE_IDS.viewer],
  securityCtx: { sites: ['*'] },
  ...overrides,
});

describe('apikeys', () => {
  it('creates a key showing the full token once, then lists, reads and deletes it', async () => {
    const t = await makeTenant(app);
    const created = await t.admin.request(
      'POST',
      '/api/apikeys',
      keyBody({ securityCtx: { sites: [t.site.id] } }),
    );
    expect(created.statusCode).toBe(200);
    const key = created.json();
    expect(key).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Integration',
      token: expect.stringMatching(/^sl_[A-Za-z0-9_-]{43}$/),
      roles: [ROLE_IDS.viewer],
      securityCtx: { sites: [t.site.id] },
      timeCreated: expect.any(String),
    });
    const [row] = await app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key._id));
    expect(row?.tokenHash).toBe(sha256(key.token));
    expect(row?.tokenPrefix).toBe(key.token.slice(0, 10));

    const shown = { ...key, token: `${key.token.slice(0, 10)}…` };
    expect((await t.admin.request('GET', `/api/apikeys/${key._id}`)).json()).toEqual(shown);
    const list = await t.admin.request('GET', '/api/apikeys?sort=-name&search=integ');
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([shown]);
    expect((await t.admin.request('GET', '/api/apikeys?sort=token')).statusCode).toBe(400);

    expect((await t.admin.request('PUT', `/api/apikeys/${key._id}`, keyBody({ name: 'x' }))).statusCode).toBe(
      404,
    );
    expect((await t.admin.request('DELETE', `/api/apikeys/${key._id}`)).statusCode).toBe(204);
    expect((await t.admin.request('GET', `/api/apikeys/${key._id}`)).statusCode).toBe(404);
    expect(
      (await t.admin.request('GET', '/api/sites', undefined, { authorization: `Bearer ${key.token}` }))
        .statusCode,
    ).toBe(401);
  });

  it('rejects invalid input with 400 and stores nothing', async () => {
    const t = await makeTenant(app);
    const foreignSite = (await makeTenant(app)).site.id;
    const cases: [Record<string, unknown>, RegExp | string][] = [
      [{ name: '' }, API_KEY_MSG.nameRequired],
      [{ roles: [] }, MSG.selectAtLeastOne],
      [{ securityCtx: { sites: [] } }, MSG.selectAtLeastOne],
      [{ securityCtx: {} }, MSG.selectAtLeastOne],
      [{ roles: [ROLE_IDS.superAdmin] }, API_KEY_MSG.superAdminRefused],
      [{ roles: [ROLE_IDS.admin, ROLE_IDS.superAdmin] }, API_KEY_MSG.superAdminRefused],
      [{ roles: ['0123456789abcdef01234567'] }, /Unknown role/],
      [{ securityCtx: { sites: [foreignSite] } }, /Unknown site/],
      [{ securityCtx: { sites: ['all'] } }, /securityCtx.sites/],
    ];
    for (const [patch, message] of cases) {
      const res = await t.admin.request('POST', '/api/apikeys', keyBody(patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await t.admin.request('GET', '/api/apikeys')).json()).toEqual([]);
  });

  it('requires authentication', async () => {
    const t = await makeTenant(app);
    const key = (await t.admin.request('POST', '/api/apikeys', keyBody())).json();
    const guest = anonymous(app);
    expect((await guest.request('GET', '/api/apikeys')).statusCode).toBe(401);
    expect((await guest.request('POST', '/api/apikeys', keyBody())).statusCode).toBe(401);
    expect((await guest.request('GET', `/api/apikeys/${key._id}`)).statusCode).toBe(401);
    expect((await guest.request('DELETE', `/api/apikeys/${key._id}`)).statusCode).toBe(401);
  });

  it('needs create on apikeys to list, read and create, and modify to delete (403)', async () => {
    const t = await makeTenant(app);
    const key = (await t.admin.request('POST', '/api/apikeys', keyBody())).json();
    for (const client of [t.manager, t.operator, t.viewer]) {
      expect((await client.request('GET', '/api/apikeys')).statusCode).toBe(403);
      expect((await client.request('GET', `/api/apikeys/${key._id}`)).statusCode).toBe(403);
      expect((await client.request('POST', '/api/apikeys', keyBody())).statusCode).toBe(403);
      expect((await client.request('DELETE', `/api/apikeys/${key._id}`)).statusCode).toBe(403);
    }
    expect((await t.admin.request('GET', '/api/apikeys')).json()).toHaveLength(1);
  });

  it('keeps a site-limited admin to keys within its own sites', async () => {
    const t = await makeTenant(app);
    const other = await makeSite(app, t.org.id);
    const wide = (await t.admin.request('POST', '/api/apikeys', keyBody())).json();
    const user = await makeUser(app, t.org.id, { role: 'admin', sites: [t.site.id] });
    const limited = await login(app, user.username);
    const refused = await limited.request(
      'POST',
      '/api/apikeys',
      keyBody({ securityCtx: { sites: [other.id] } }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(API_KEY_MSG.ownSitesOnly);
    expect(
      (await limited.request('POST', '/api/apikeys', keyBody({ securityCtx: { sites: ['*'] } }))).statusCode,
    ).toBe(403);
    const own = await limited.request(
      'POST',
      '/api/apikeys',
      keyBody({ securityCtx: { sites: [t.site.id] } }),
    );
    expect(own.statusCode).toBe(200);
    expect((await limited.request('GET', '/api/apikeys')).json().map((k: { _id: string }) => k._id)).toEqual([
      own.json()._id,
    ]);
    expect((await limited.request('GET', `/api/apikeys/${wide._id}`)).statusCode).toBe(404);
    expect((await limited.request('DELETE', `/api/apikeys/${wide._id}`)).statusCode).toBe(404);
  });

  it("hides another organization's keys (404)", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const key = (await b.admin.request('POST', '/api/apikeys', keyBody())).json();
    expect((await a.admin.request('GET', `/api/apikeys/${key._id}`)).statusCode).toBe(404);
    expect((await a.admin.request('DELETE', `/api/apikeys/${key._id}`)).statusCode).toBe(404);
    expect((await a.admin.request('GET', '/api/apikeys')).json()).toEqual([]);
    expect((await b.admin.request('GET', `/api/apikeys/${key._id}`)).statusCode).toBe(200);
  });
});
