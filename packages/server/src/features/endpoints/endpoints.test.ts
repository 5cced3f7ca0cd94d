import { describe, expect, it } from 'vitest';
import { anonymous, login, makeApp, makeSite, makeTenant, makeUser } from '../../../test/factories.js';
import { endpoints } from '../../db/schema.js';
import { newId, randomToken } from '../../platform/ids.js';

const app = await makeApp();
const list = (site: string, extra = '') => `/api/endpoints?site=${site}${extra}`;

async function makeEndpoint(
  orgId: string,
  siteId: string,
  name: string,
  overrides: Partial<typeof endpoints.$inferInsert> = {},
) {
  const id = newId();
  const uuid = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomToken(6)}`;
  await app.ctx.db
    .insert(endpoints)
    .values({ id, orgId, siteId, name, uuid, key: 'secret-key', ...overrides });
  return { id, uuid };
}

describe('endpoints', () => {
  it("lists a site's endpoints without their keys, with sort, search and paging", async () => {
    const t = await makeTenant(app);
    const mapId = newId();
    const dock = await makeEndpoint(t.org.id, t.site.id, 'Dock Door', {
      mapId,
      x: 120,
      y: 45.5,
      externalGate: true,
      description: 'East dock portal',
      autoEnroll: true,
      antennas: [
        { antenna: 1, xycoordinates: [10, 20], map: mapId },
        { antenna: 2, xycoordinates: [30, 40] },
      ],
    });
    await makeEndpoint(t.org.id, t.site.id, 'Aisle Reader');
    await makeEndpoint(t.org.id, t.site.id, 'Break Room');
    await makeEndpoint(t.org.id, (await makeSite(app, t.org.id)).id, 'Elsewhere');

    const res = await t.viewer.request('GET', list(t.site.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json().map((e: { name: string }) => e.name)).toEqual([
      'Aisle Reader',
      'Break Room',
      'Dock Door',
    ]);
    expect(res.json()[2]).toEqual({
      _id: dock.id,
      name: 'Dock Door',
      uuid: dock.uuid,
      site: t.site.id,
      map: mapId,
      xycoordinates: [120, 45.5],
      externalgate: true,
      description: 'East dock portal',
      autoEnroll: { enabled: true, locationEnabled: false },
      antennas: [
        { antenna: 1, xycoordinates: [10, 20], map: mapId },
        { antenna: 2, xycoordinates: [30, 40], map: null },
      ],
    });
    expect(res.body).not.toContain('secret-key');

    const sorted = await t.viewer.request('GET', list(t.site.id, '&sort=-name&limit=2&page=0'));
    expect(sorted.json().map((e: { name: string }) => e.name)).toEqual(['Dock Door', 'Break Room']);
    expect(sorted.headers['x-total-count']).toBe('3');
    const byUuid = await t.viewer.request('GET', list(t.site.id, `&search=${dock.uuid.slice(-6)}`));
    expect(byUuid.json().map((e: { _id: string }) => e._id)).toEqual([dock.id]);
    expect((await t.viewer.request('GET', list(t.site.id, '&search=aisle'))).json()).toHaveLength(1);
    expect((await t.viewer.request('GET', list(t.site.id, '&sort=uuid'))).statusCode).toBe(200);
  });

  it('rejects bad input with 400', async () => {
    const t = await makeTenant(app);
    const missing = await t.admin.request('GET', '/api/endpoints');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/site is required/);
    expect((await t.admin.request('GET', '/api/endpoints?site=abc')).json().message).toMatch(
      /24-character hex id/,
    );
    expect((await t.admin.request('GET', list(t.site.id, '&sort=key'))).statusCode).toBe(400);
    expect((await t.admin.request('GET', list(t.site.id, '&limit=0'))).statusCode).toBe(400);
  });

  it('requires authentication', async () => {
    const t = await makeTenant(app);
    expect((await anonymous(app).request('GET', list(t.site.id))).statusCode).toBe(401);
  });

  it('has no write routes yet (the editor comes with the tracking issue)', async () => {
    const t = await makeTenant(app);
    expect((await t.admin.request('POST', '/api/endpoints', { name: 'x' })).statusCode).toBe(404);
    expect((await t.viewer.request('POST', '/api/endpoints', { name: 'x' })).statusCode).toBe(404);
  });

  it("hides another organization's site and sites outside the caller's (404)", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    await makeEndpoint(b.org.id, b.site.id, 'Foreign');
    expect((await a.admin.request('GET', list(b.site.id))).statusCode).toBe(404);
    expect((await b.admin.request('GET', list(b.site.id))).json()).toHaveLength(1);

    const other = await makeSite(app, a.org.id);
    await makeEndpoint(a.org.id, other.id, 'Other Site');
    const user = await makeUser(app, a.org.id, { role: 'viewer', sites: [a.site.id] });
    const limited = await login(app, user.username);
    expect((await limited.request('GET', list(other.id))).statusCode).toBe(404);
    expect((await limited.request('GET', list(a.site.id))).statusCode).toBe(200);
  });
});
