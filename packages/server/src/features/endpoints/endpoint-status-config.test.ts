import { DEFAULT_ENDPOINT_CONFIG, ENDPOINT_QR_PATHS, EndpointQrPayload } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  makeApp,
  makeEndpoint,
  makeHeartbeat,
  makeTenant,
  readerBasic,
  readerHeaders,
} from '../../../test/factories.js';
import { endpoints } from '../../db/schema.js';
import { qrPng } from '../../platform/qrcode.js';

const app = await makeApp();

const CONFIG = {
  antennas: [
    { antenna: 1, enabled: true, transmitPowerDbm: 27.5 },
    { antenna: 2, enabled: false, transmitPowerDbm: null },
  ],
  mergeWindowSeconds: 30,
  reporting: { transport: 'mqtt', batchIntervalMs: 500, maxBatchSize: 1000, heartbeatSeconds: 120 },
};

describe('endpoint status', () => {
  it('lists heartbeats newest first, from the status routes, with paging', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Dock' });
    const other = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Other' });
    await makeHeartbeat(app.ctx.db, e.id, 30, { ip: '10.0.0.1', version: '1.0', uptime: 10, readerTemp: 30 });
    await makeHeartbeat(app.ctx.db, other.id, 1);
    const posted = await app.inject({
      method: 'POST',
      url: '/api/ingest/heartbeat',
      headers: readerHeaders(e),
      payload: { uptime: 1800, readerTemp: 38.5, ip: '10.0.0.9', version: '2.0' },
    });
    expect(posted.statusCode).toBe(204);

    for (const url of [`/api/endpoints/status?endpoint=${e.id}`, `/api/endpoints/status/${e.id}`]) {
      const res = await t.viewer.request('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('2');
      expect(res.json()).toEqual([
        expect.objectContaining({
          endpoint: e.id,
          uptime: 1800,
          readerTemp: 38.5,
          ip: '10.0.0.9',
          version: '2.0',
        }),
        expect.objectContaining({
          endpoint: e.id,
          uptime: 10,
          readerTemp: 30,
          ip: '10.0.0.1',
          version: '1.0',
        }),
      ]);
      expect(Date.parse(res.json()[0].time)).toBeGreaterThan(Date.parse(res.json()[1].time));
    }
    const page = await t.viewer.request('GET', `/api/endpoints/status?endpoint=${e.id}&limit=1&page=1`);
    expect(page.json().map((s: { version: string }) => s.version)).toEqual(['1.0']);
    expect(page.headers['x-total-count']).toBe('2');
  });

  it('summarises the latest status with the 60-minute stale rule', async () => {
    const t = await makeTenant(app);
    const silent = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Silent' });
    const fresh = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Fresh' });
    const old = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Old' });
    const freshTime = await makeHeartbeat(app.ctx.db, fresh.id, 59, {
      ip: '10.1.1.1',
      version: '3.1',
      uptime: 5,
    });
    await makeHeartbeat(app.ctx.db, old.id, 61, { readerTemp: 44 });

    const summary = async (id: string) =>
      (await t.viewer.request('GET', `/api/endpoints/statusfb/${id}`)).json();
    expect(await summary(silent.id)).toEqual({
      endpoint: silent.id,
      time: null,
      stale: true,
      kind: 'heartbeat',
      message: '',
      ip: '',
      version: '',
      uptime: null,
      readerTemp: null,
      cpu: null,
      antennas: [],
      dropped: null,
      buffered: null,
    });
    expect(await summary(fresh.id)).toEqual({
      endpoint: fresh.id,
      time: freshTime.toISOString(),
      stale: false,
      kind: 'heartbeat',
      message: '',
      ip: '10.1.1.1',
      version: '3.1',
      uptime: 5,
      readerTemp: null,
      cpu: null,
      antennas: [],
      dropped: null,
      buffered: null,
    });
    expect(await summary(old.id)).toMatchObject({ stale: true, readerTemp: 44 });
  });

  it('rejects bad input (400), anonymous callers (401) and other organizations (404)', async () => {
    const t = await makeTenant(app);
    const b = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Mine' });
    const foreign = await makeEndpoint(app.ctx.db, b.org.id, b.site.id, { name: 'Foreign' });
    await makeHeartbeat(app.ctx.db, foreign.id, 1);

    const missing = await t.viewer.request('GET', '/api/endpoints/status');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/endpoint is required/);
    expect((await t.viewer.request('GET', `/api/endpoints/status?endpoint=${e.id}&limit=0`)).statusCode).toBe(
      400,
    );
    expect((await t.viewer.request('GET', `/api/endpoints/status/${e.id}?limit=1001`)).statusCode).toBe(400);
    expect((await t.viewer.request('GET', '/api/endpoints/statusfb/xyz')).statusCode).toBe(400);

    const anon = anonymous(app);
    for (const url of [
      `/api/endpoints/status?endpoint=${e.id}`,
      `/api/endpoints/status/${e.id}`,
      `/api/endpoints/statusfb/${e.id}`,
    ]) {
      expect((await anon.request('GET', url)).statusCode).toBe(401);
    }
    for (const url of [
      `/api/endpoints/status?endpoint=${foreign.id}`,
      `/api/endpoints/status/${foreign.id}`,
      `/api/endpoints/statusfb/${foreign.id}`,
    ]) {
      const res = await t.admin.request('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Endpoint not found');
    }
  });
});

describe('endpoint configuration', () => {
  it('reads defaults, replaces the configuration, and serves it to users and to the reader itself', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Dock' });
    const url = `/api/endpoints/config/${e.id}`;
    expect((await t.viewer.request('GET', url)).json()).toEqual(DEFAULT_ENDPOINT_CONFIG);

    const typo = await t.manager.request('PUT', url, { ...CONFIG, unknown: 'refused' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toBe('body.unknown: is not a field this request takes');
    const put = await t.manager.request('PUT', url, CONFIG);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(CONFIG);
    const [row] = await app.ctx.db.select().from(endpoints).where(eq(endpoints.id, e.id));
    expect(row?.config).toEqual(CONFIG);
    expect((await t.viewer.request('GET', url)).json()).toEqual(CONFIG);

    // The reader pulls with its ingest credentials: Bearer + x-endpoint-uuid, or Basic.
    const bearer = await app.inject({ method: 'GET', url, headers: readerHeaders(e) });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.json()).toEqual(CONFIG);
    const viaBasic = await app.inject({ method: 'GET', url, headers: { authorization: readerBasic(e) } });
    expect(viaBasic.json()).toEqual(CONFIG);

    // A partial body is completed with the defaults: PUT replaces the whole configuration.
    const partial = await t.admin.request('PUT', url, { mergeWindowSeconds: 5 });
    expect(partial.json()).toEqual({ ...DEFAULT_ENDPOINT_CONFIG, mergeWindowSeconds: 5 });
  });

  it('rejects a bad configuration with 400 and keeps the stored one', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Dock', config: CONFIG });
    const url = `/api/endpoints/config/${e.id}`;
    for (const body of [
      { mergeWindowSeconds: -1 },
      { mergeWindowSeconds: 'soon' },
      { antennas: [{ antenna: 1 }, { antenna: 1 }] },
      { antennas: [{ antenna: 1, transmitPowerDbm: 99 }] },
      { reporting: { transport: 'carrier-pigeon' } },
      { reporting: { maxBatchSize: 5001 } },
      [],
    ]) {
      const res = await t.admin.request('PUT', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const [row] = await app.ctx.db.select().from(endpoints).where(eq(endpoints.id, e.id));
    expect(row?.config).toEqual(CONFIG);
  });

  it('needs a signed-in user or the right reader (401), modify to replace (403), and hides other organizations (404)', async () => {
    const t = await makeTenant(app);
    const b = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Dock', config: CONFIG });
    const sibling = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Sibling' });
    const foreign = await makeEndpoint(app.ctx.db, b.org.id, b.site.id, { name: 'Foreign', config: CONFIG });
    const url = `/api/endpoints/config/${e.id}`;

    const anon = anonymous(app);
    expect((await anon.request('GET', url)).statusCode).toBe(401);
    expect((await anon.request('PUT', url, CONFIG)).statusCode).toBe(401);
    const wrongKey = await app.inject({ method: 'GET', url, headers: readerHeaders({ ...e, key: 'nope' }) });
    expect(wrongKey.statusCode).toBe(401);
    const apiKeyLike = await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer nope' } });
    expect(apiKeyLike.statusCode).toBe(401);
    // A reader reads only its own configuration.
    const siblingReads = await app.inject({ method: 'GET', url, headers: readerHeaders(sibling) });
    expect(siblingReads.statusCode).toBe(404);

    for (const client of [t.operator, t.viewer]) {
      expect((await client.request('PUT', url, { mergeWindowSeconds: 1 })).statusCode).toBe(403);
    }
    expect((await t.admin.request('GET', `/api/endpoints/config/${foreign.id}`)).statusCode).toBe(404);
    expect((await t.admin.request('PUT', `/api/endpoints/config/${foreign.id}`, {})).statusCode).toBe(404);
    const [row] = await app.ctx.db.select().from(endpoints).where(eq(endpoints.id, foreign.id));
    expect(row?.config).toEqual(CONFIG);
  });
});

describe('endpoint QR code', () => {
  it('serves the QR payload as a PNG to callers who may modify endpoints', async () => {
    const t = await makeTenant(app);
    const b = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Handheld' });
    const foreign = await makeEndpoint(app.ctx.db, b.org.id, b.site.id, { name: 'Foreign' });
    const payload = (await t.admin.request('GET', `/api/endpoints/${e.id}`)).json().qrcode;

    const res = await t.manager.request('GET', `/api/endpoints/${e.id}/qrcode?size=500`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(await qrPng(payload, 500))).toBe(true);

    // What a handheld does with the scanned payload: post a heartbeat, pull its configuration.
    const scanned = EndpointQrPayload.parse(JSON.parse(payload));
    const headers = readerHeaders(scanned);
    const beat = await app.inject({ method: 'POST', url: ENDPOINT_QR_PATHS.heartbeat, headers, payload: {} });
    expect(beat.statusCode).toBe(204);
    const pulled = await app.inject({
      method: 'GET',
      url: ENDPOINT_QR_PATHS.config(scanned.endpoint),
      headers,
    });
    expect(pulled.json()).toEqual(DEFAULT_ENDPOINT_CONFIG);

    expect((await t.manager.request('GET', `/api/endpoints/${e.id}/qrcode?size=42`)).statusCode).toBe(400);
    expect((await anonymous(app).request('GET', `/api/endpoints/${e.id}/qrcode`)).statusCode).toBe(401);
    expect((await t.viewer.request('GET', `/api/endpoints/${e.id}/qrcode`)).statusCode).toBe(403);
    expect((await t.admin.request('GET', `/api/endpoints/${foreign.id}/qrcode`)).statusCode).toBe(404);
  });
});
