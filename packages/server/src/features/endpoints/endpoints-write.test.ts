import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  login,
  makeApp,
  makeEndpoint,
  makeHeartbeat,
  makeMap,
  makeSite,
  makeTenant,
  makeUser,
  readerHeaders,
} from '../../../test/factories.js';
import { endpointStatus, endpoints, zones } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { drainRemovals } from '../retention/removals.js';

const app = await makeApp();

const endpointCount = async (orgId: string) =>
  (await app.ctx.db.select({ n: count() }).from(endpoints).where(eq(endpoints.orgId, orgId)))[0]?.n;

const heartbeat = (creds: { uuid: string; key: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/ingest/heartbeat',
    headers: readerHeaders(creds),
    payload: { uptime: 1 },
  });

describe('endpoints: create, modify, delete', () => {
  it('creates an endpoint with a generated key (and uuid when none is given) that ingest accepts', async () => {
    const t = await makeTenant(app);
    const map = await makeMap(app.ctx.db, t.org.id, t.site.id);
    const body = {
      name: '  Dock Door ',
      site: t.site.id,
      map: map.id,
      xycoordinates: [12.5, 40],
      externalgate: true,
      description: 'East dock',
      autoEnroll: { enabled: true, locationEnabled: true },
      antennas: [
        { antenna: 1, xycoordinates: [1, 2], map: map.id },
        { antenna: 2, xycoordinates: [3, 4], map: '' },
      ],
    };
    // The key is the server's to make: a body that brings one is refused, not silently changed.
    const withKey = await t.manager.request('POST', '/api/endpoints', {
      ...body,
      key: 'chosen-by-the-client',
    });
    expect(withKey.json().message).toBe('body.key: is not a field this request takes');
    const res = await t.manager.request('POST', '/api/endpoints', body);
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Dock Door',
      site: t.site.id,
      map: map.id,
      xycoordinates: [12.5, 40],
      externalgate: true,
      description: 'East dock',
      autoEnroll: { enabled: true, locationEnabled: true },
      antennas: [
        { antenna: 1, xycoordinates: [1, 2], map: map.id },
        { antenna: 2, xycoordinates: [3, 4], map: null },
      ],
      status: null,
    });
    expect(created.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.key).not.toBe('chosen-by-the-client');
    expect(JSON.parse(created.qrcode)).toMatchObject({ uuid: created.uuid, key: created.key });

    const stored = await t.admin.request('GET', `/api/endpoints/${created._id}`);
    expect(stored.json()).toEqual(created);
    expect((await heartbeat(created)).statusCode).toBe(204);

    // The PostgreSQL test database outlives a run: chosen uuids carry a unique part.
    const chosen = `handheld-01:a.b_${newId()}`;
    const named = await t.admin.request('POST', '/api/endpoints', {
      name: 'Handheld',
      site: t.site.id,
      uuid: chosen,
    });
    expect(named.json()).toMatchObject({
      uuid: chosen,
      map: null,
      xycoordinates: [0, 0],
      externalgate: false,
      description: '',
      autoEnroll: { enabled: false, locationEnabled: false },
      antennas: [],
    });
    expect(named.json().key).not.toBe(created.key);
  });

  it('modifies an endpoint: the key stays, an empty uuid keeps the old one, a new uuid replaces it at once', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Gate' });
    expect((await heartbeat(e)).statusCode).toBe(204); // the auth cache now knows the old uuid
    const body = { name: 'Gate 2', site: t.site.id, uuid: '', description: 'moved', xycoordinates: [5, 6] };
    const kept = await t.manager.request('PUT', `/api/endpoints/${e.id}`, body);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Gate 2', uuid: e.uuid, key: e.key, description: 'moved' });
    expect(kept.json().status).toMatchObject({ endpoint: e.id, uptime: 1 });

    const uuid = `gate-two-${newId()}`;
    const renamed = await t.manager.request('PUT', `/api/endpoints/${e.id}`, { ...body, uuid });
    expect(renamed.json()).toMatchObject({ uuid, key: e.key });
    expect((await heartbeat(e)).statusCode).toBe(401);
    expect((await heartbeat({ uuid, key: e.key })).statusCode).toBe(204);
  });

  it('deletes an endpoint with its heartbeats and removes it from zone gates', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Gone' });
    const kept = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Kept' });
    await makeHeartbeat(app.ctx.db, e.id, 1);
    const zoneId = newId();
    await app.ctx.db.insert(zones).values({
      id: zoneId,
      orgId: t.org.id,
      siteId: t.site.id,
      name: 'Dock',
      gates: [
        { endpoint: e.id, direction: 'IN', antenna: -1 },
        { endpoint: kept.id, direction: 'NEAR', antenna: 2 },
      ],
    });
    const res = await t.manager.request('DELETE', `/api/endpoints/${e.id}`);
    expect(res.statusCode).toBe(204);
    expect((await t.manager.request('GET', `/api/endpoints/${e.id}`)).statusCode).toBe(404);
    const [zone] = await app.ctx.db.select().from(zones).where(eq(zones.id, zoneId));
    expect(zone?.gates).toEqual([{ endpoint: kept.id, direction: 'NEAR', antenna: 2 }]);
    // Its heartbeats go in the background (the retention purge's removals).
    await drainRemovals(app.ctx.db);
    const beats = await app.ctx.db.select().from(endpointStatus).where(eq(endpointStatus.endpointId, e.id));
    expect(beats).toHaveLength(0);
    expect((await heartbeat(e)).statusCode).toBe(401);
    expect((await t.manager.request('DELETE', `/api/endpoints/${e.id}`)).statusCode).toBe(404);
  });

  it('rejects bad input with 400 and stores nothing', async () => {
    const t = await makeTenant(app);
    const otherSite = await makeSite(app, t.org.id);
    const otherMap = await makeMap(app.ctx.db, t.org.id, otherSite.id);
    const existing = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Existing' });
    const foreign = await makeTenant(app);
    const foreignEndpoint = await makeEndpoint(app.ctx.db, foreign.org.id, foreign.site.id, {
      name: 'Foreign',
    });
    const before = await endpointCount(t.org.id);
    const post = (body: Record<string, unknown>) =>
      t.admin.request('POST', '/api/endpoints', { name: 'Reader', site: t.site.id, ...body });

    const noName = await post({ name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/Name is required/);
    expect((await post({ site: undefined })).statusCode).toBe(400);
    expect((await post({ uuid: 'has space' })).json().message).toMatch(/UUID may contain only/);
    expect((await post({ uuid: 'a/b' })).statusCode).toBe(400);
    expect((await post({ xycoordinates: [1] })).statusCode).toBe(400);
    expect((await post({ antennas: [{ antenna: 1.5 }] })).statusCode).toBe(400);
    expect((await post({ antennas: [{ antenna: 65 }] })).statusCode).toBe(400);
    const badMap = await post({ map: otherMap.id, antennas: [{ antenna: 1, map: otherMap.id }] });
    expect(badMap.statusCode).toBe(400);
    expect(badMap.json().errors).toEqual([
      { path: 'map', message: 'unknown map (it must belong to the same site)' },
      { path: 'antennas.0.map', message: 'unknown map (it must belong to the same site)' },
    ]);
    for (const uuid of [existing.uuid, foreignEndpoint.uuid]) {
      const dup = await post({ uuid });
      expect(dup.statusCode).toBe(400);
      expect(dup.json().message).toContain('duplicate');
    }
    expect(await endpointCount(t.org.id)).toBe(before);

    const put = (body: Record<string, unknown>) =>
      t.admin.request('PUT', `/api/endpoints/${existing.id}`, { name: 'Changed', site: t.site.id, ...body });
    expect((await put({ site: otherSite.id })).json().message).toBe('site cannot be changed');
    expect((await put({ uuid: foreignEndpoint.uuid })).json().message).toContain('duplicate');
    expect((await put({ name: '' })).statusCode).toBe(400);
    expect((await put({ map: otherMap.id })).statusCode).toBe(400);
    const [row] = await app.ctx.db.select().from(endpoints).where(eq(endpoints.id, existing.id));
    expect(row).toMatchObject({ name: 'Existing', uuid: existing.uuid, key: existing.key });
  });

  it('requires authentication (401)', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Gate' });
    const anon = anonymous(app);
    const body = { name: 'x', site: t.site.id };
    expect((await anon.request('POST', '/api/endpoints', body)).statusCode).toBe(401);
    expect((await anon.request('PUT', `/api/endpoints/${e.id}`, body)).statusCode).toBe(401);
    expect((await anon.request('DELETE', `/api/endpoints/${e.id}`)).statusCode).toBe(401);
    // An endpoint's own credentials are not a user's.
    const reader = await app.inject({
      method: 'DELETE',
      url: `/api/endpoints/${e.id}`,
      headers: readerHeaders(e),
    });
    expect(reader.statusCode).toBe(401);
    expect(await endpointCount(t.org.id)).toBe(1);
  });

  it('needs create, modify and delete on endpoints (403)', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Gate' });
    const body = { name: 'x', site: t.site.id };
    for (const client of [t.operator, t.viewer]) {
      expect((await client.request('POST', '/api/endpoints', body)).statusCode).toBe(403);
      expect((await client.request('PUT', `/api/endpoints/${e.id}`, body)).statusCode).toBe(403);
      expect((await client.request('DELETE', `/api/endpoints/${e.id}`)).statusCode).toBe(403);
    }
    expect(await endpointCount(t.org.id)).toBe(1);
    const [row] = await app.ctx.db.select().from(endpoints).where(eq(endpoints.id, e.id));
    expect(row?.name).toBe('Gate');
  });

  it("answers 404 for another organization's endpoint and sites outside the caller's", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const foreign = await makeEndpoint(app.ctx.db, b.org.id, b.site.id, { name: 'Foreign' });
    const body = { name: 'Mine now', site: b.site.id };
    expect((await a.admin.request('PUT', `/api/endpoints/${foreign.id}`, body)).statusCode).toBe(404);
    expect((await a.admin.request('DELETE', `/api/endpoints/${foreign.id}`)).statusCode).toBe(404);
    expect((await a.admin.request('POST', '/api/endpoints', body)).statusCode).toBe(404);
    const [row] = await app.ctx.db.select().from(endpoints).where(eq(endpoints.id, foreign.id));
    expect(row?.name).toBe('Foreign');

    const other = await makeSite(app, a.org.id);
    const user = await makeUser(app, a.org.id, { role: 'manager', sites: [a.site.id] });
    const limited = await login(app, user.username);
    expect((await limited.request('POST', '/api/endpoints', { name: 'x', site: other.id })).statusCode).toBe(
      404,
    );
    expect(await endpointCount(a.org.id)).toBe(0);
  });
});
