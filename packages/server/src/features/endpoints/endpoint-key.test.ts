import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeEndpoint, makeTenant, readerHeaders } from '../../../test/factories.js';
import { endpoints } from '../../db/schema.js';

const app = await makeApp();

const ingest = (creds: { uuid: string; key: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/ingest/sightings',
    headers: readerHeaders(creds),
    payload: { sightings: [] },
  });

const storedKey = async (id: string) =>
  (await app.ctx.db.select({ key: endpoints.key }).from(endpoints).where(eq(endpoints.id, id)))[0]?.key;

describe('POST /api/endpoints/:id/key', () => {
  it('replaces the key: the old one stops working at once, the new one works', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Gate' });
    expect((await ingest(e)).statusCode).toBe(200); // the auth cache now knows the old key

    const res = await t.manager.request('POST', `/api/endpoints/${e.id}/key`);
    expect(res.statusCode).toBe(200);
    const rotated = res.json();
    expect(rotated).toMatchObject({ _id: e.id, name: 'Gate', uuid: e.uuid });
    expect(rotated.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated.key).not.toBe(e.key);
    expect(JSON.parse(rotated.qrcode)).toMatchObject({ uuid: e.uuid, key: rotated.key });
    expect(await storedKey(e.id)).toBe(rotated.key);
    expect((await t.manager.request('GET', `/api/endpoints/${e.id}`)).json()).toEqual(rotated);

    expect((await ingest(e)).statusCode).toBe(401);
    expect((await ingest({ uuid: e.uuid, key: rotated.key })).statusCode).toBe(200);

    const again = await t.admin.request('POST', `/api/endpoints/${e.id}/key`);
    expect(again.statusCode).toBe(200);
    expect(again.json().key).not.toBe(rotated.key);
  });

  it('requires authentication (401); an endpoint cannot rotate its own key', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Gate' });
    expect((await anonymous(app).request('POST', `/api/endpoints/${e.id}/key`)).statusCode).toBe(401);
    const reader = await app.inject({
      method: 'POST',
      url: `/api/endpoints/${e.id}/key`,
      headers: readerHeaders(e),
    });
    expect(reader.statusCode).toBe(401);
    expect(await storedKey(e.id)).toBe(e.key);
  });

  it('needs modify on endpoints (403)', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Gate' });
    for (const client of [t.operator, t.viewer]) {
      expect((await client.request('POST', `/api/endpoints/${e.id}/key`)).statusCode).toBe(403);
    }
    expect(await storedKey(e.id)).toBe(e.key);
    expect((await ingest(e)).statusCode).toBe(200);
  });

  it("answers 404 for another organization's endpoint or an unknown id", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const foreign = await makeEndpoint(app.ctx.db, b.org.id, b.site.id, { name: 'Foreign' });
    expect((await a.admin.request('POST', `/api/endpoints/${foreign.id}/key`)).statusCode).toBe(404);
    expect((await a.admin.request('POST', '/api/endpoints/0123456789abcdef01234567/key')).statusCode).toBe(
      404,
    );
    expect(await storedKey(foreign.id)).toBe(foreign.key);
  });

  it('answers 400 for a malformed id', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(app.ctx.db, t.org.id, t.site.id, { name: 'Gate' });
    const res = await t.admin.request('POST', '/api/endpoints/not-an-id/key');
    expect(res.statusCode).toBe(400);
    expect(await storedKey(e.id)).toBe(e.key);
  });
});
