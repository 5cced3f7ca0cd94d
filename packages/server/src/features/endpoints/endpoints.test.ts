import { EndpointQrPayload } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  login,
  makeApp,
  makeEndpoint,
  makeHeartbeat,
  makeSite,
  makeTenant,
  makeUser,
} from '../../../test/factories.js';
import { newId } from '../../platform/ids.js';

const app = await makeApp();
const list = (site: string, extra = '') => `/api/endpoints?site=${site}${extra}`;

describe('endpoints: list and read', () => {
  it("lists a site's endpoints with their latest status, without keys, with sort, search and paging", async () => {
    const t = await makeTenant(app);
    const mapId = newId();
    const dock = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, {
      name: 'Dock Door',
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
    await makeHeartbeat(app.ctx.db, dock.id, 90, { ip: '10.0.0.1', version: '7.0' });
    const newest = await makeHeartbeat(app.ctx.db, dock.id, 5, {
      ip: '10.0.0.2',
      version: '7.1',
      uptime: 3600,
      readerTemp: 41.5,
    });
    await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'aisle Reader' });
    await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Break Room' });
    await makeEndpoint(app.ctx.db, t.org.id, (await makeSite(app, t.org.id)).id, { name: 'Elsewhere' });

    const res = await t.viewer.request('GET', list(t.site.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json().map((e: { name: string }) => e.name)).toEqual([
      'aisle Reader',
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
      epcisId: '',
      autoEnroll: { enabled: true, locationEnabled: false },
      antennas: [
        { antenna: 1, xycoordinates: [10, 20], map: mapId },
        { antenna: 2, xycoordinates: [30, 40], map: null },
      ],
      status: {
        endpoint: dock.id,
        time: newest.toISOString(),
        ip: '10.0.0.2',
        version: '7.1',
        uptime: 3600,
        readerTemp: 41.5,
        kind: 'heartbeat',
        message: '',
        cpu: null,
        antennas: [],
        dropped: null,
        buffered: null,
      },
      connection: {
        mode: 'push',
        host: '',
        port: null,
        username: '',
        tls: false,
        hasPassword: false,
        since: null,
        error: null,
        reportsReceived: 0,
        reconnects: 0,
        antennas: {},
      },
    });
    expect(res.json()[0].status).toBeNull();
    // Not even an admin gets keys in a list.
    const asAdmin = await t.admin.request('GET', list(t.site.id));
    expect(asAdmin.body).not.toContain(dock.key);
    expect(asAdmin.json()[2]).not.toHaveProperty('key');
    // Nor the QR payload built from them: a list item PUT back is taken as it is.
    expect(asAdmin.json()[2]).not.toHaveProperty('qrcode');
    const plainSite = await makeSite(app, t.org.id);
    const plain = await makeEndpoint(app.ctx.db, t.org.id, plainSite.id, { name: 'Plain' });
    const [item] = (await t.admin.request('GET', list(plainSite.id))).json();
    expect(item).not.toHaveProperty('qrcode');
    const putBack = await t.admin.request('PUT', `/api/endpoints/${plain.id}`, item);
    expect(putBack.statusCode, putBack.body).toBe(200);

    const sorted = await t.viewer.request('GET', list(t.site.id, '&sort=-name&limit=2&page=0'));
    expect(sorted.json().map((e: { name: string }) => e.name)).toEqual(['Dock Door', 'Break Room']);
    expect(sorted.headers['x-total-count']).toBe('3');
    const byUuid = await t.viewer.request('GET', list(t.site.id, `&search=${dock.uuid.slice(-6)}`));
    expect(byUuid.json().map((e: { _id: string }) => e._id)).toEqual([dock.id]);
    expect((await t.viewer.request('GET', list(t.site.id, '&search=aisle'))).json()).toHaveLength(1);
    expect((await t.viewer.request('GET', list(t.site.id, '&sort=uuid'))).statusCode).toBe(200);
  });

  it('shows the key and the QR payload only to callers who may modify endpoints', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Handheld' });
    for (const client of [t.admin, t.manager]) {
      const res = await client.request('GET', `/api/endpoints/${e.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().key).toBe(e.key);
      const payload = EndpointQrPayload.parse(JSON.parse(res.json().qrcode));
      expect(payload).toEqual({
        type: 'sightline-endpoint',
        version: 1,
        url: app.ctx.config.publicUrl,
        endpoint: e.id,
        uuid: e.uuid,
        key: e.key,
      });
    }
    for (const client of [t.operator, t.viewer]) {
      const res = await client.request('GET', `/api/endpoints/${e.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: e.id, uuid: e.uuid, status: null });
      expect(res.json()).not.toHaveProperty('key');
      expect(res.json()).not.toHaveProperty('qrcode');
      expect(res.body).not.toContain(e.key);
    }
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
    expect((await t.admin.request('GET', '/api/endpoints/not-an-id')).statusCode).toBe(400);
  });

  it('requires authentication', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Gate' });
    const anon = anonymous(app);
    expect((await anon.request('GET', list(t.site.id))).statusCode).toBe(401);
    expect((await anon.request('GET', `/api/endpoints/${e.id}`)).statusCode).toBe(401);
  });

  it("hides another organization's records and sites outside the caller's (404)", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const foreign = await makeEndpoint(app.ctx.db, b.org.id, b.site.id, { name: 'Foreign' });
    expect((await a.admin.request('GET', list(b.site.id))).statusCode).toBe(404);
    expect((await a.admin.request('GET', `/api/endpoints/${foreign.id}`)).statusCode).toBe(404);
    expect((await b.admin.request('GET', list(b.site.id))).json()).toHaveLength(1);
    expect((await a.admin.request('GET', `/api/endpoints/${newId()}`)).statusCode).toBe(404);

    const other = await makeSite(app, a.org.id);
    const hidden = await makeEndpoint(app.ctx.db, a.org.id, other.id, { name: 'Other Site' });
    const user = await makeUser(app, a.org.id, { role: 'viewer', sites: [a.site.id] });
    const limited = await login(app, user.username);
    expect((await limited.request('GET', list(other.id))).statusCode).toBe(404);
    expect((await limited.request('GET', `/api/endpoints/${hidden.id}`)).statusCode).toBe(404);
    expect((await limited.request('GET', list(a.site.id))).statusCode).toBe(200);
  });
});
