/**
 * No API answer may be kept by a cache (browser disk, proxy): every GET of the OpenAPI route table,
 * with plausible parameters, and a sample of writes, errors and binary answers carry
 * `Cache-Control: no-store`, whatever their status.
 */
import { ROLE_IDS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  makeApp,
  makePhoto,
  makeSuperAdmin,
  makeTenant,
  makeUser,
  PASSWORD,
  randomIp,
  uploadPhotos,
} from '../factories.js';
import { makeRecords, plausibleQuery, recordIdFor } from './fixtures.js';
import { type Route, routeName, routeTable, urlOf } from './route-table.js';

const app = await makeApp({ logLevel: 'error', logFormat: 'json' });
const tenant = await makeTenant(app);
const su = await makeSuperAdmin(app, tenant.org.id);
const own = await makeRecords(app, tenant.org.id, tenant.site.id, tenant.admin);
/** The live stream stays open; its headers are checked in features/live/live.test.ts. */
const STREAMS = ['GET /api/live'];
const reads = routeTable(app).filter((r) => r.method === 'GET' && !STREAMS.includes(routeName(r)));

const noStore = (header: string | string[] | number | undefined) =>
  String(header ?? '')
    .split(',')
    .map((d) => d.trim())
    .includes('no-store');

function plausibleUrl(route: Route): string {
  const params = Object.fromEntries(route.pathParams.map((p) => [p, recordIdFor(route, own)]));
  return urlOf(route, params, plausibleQuery(route, own));
}

describe('Cache-Control: no-store on every API answer', () => {
  it('every GET of the route table', async () => {
    expect(reads.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const route of reads) {
      const res = await su.request('GET', plausibleUrl(route));
      if (!noStore(res.headers['cache-control']))
        missing.push(`${routeName(route)} → ${res.statusCode} ${res.headers['cache-control'] ?? '(none)'}`);
    }
    expect(missing).toEqual([]);
  });

  it("a new API key's token, created and changed records, and a sign-in", async () => {
    const key = await tenant.admin.request('POST', '/api/apikeys', {
      name: `Cache probe ${Date.now()}`,
      roles: [ROLE_IDS.viewer],
      securityCtx: { sites: [tenant.site.id] },
    });
    expect(key.statusCode).toBe(200);
    expect(key.json().token).toBeTruthy();
    const zone = { name: `Dock ${Date.now()}`, site: tenant.site.id };
    const created = await tenant.admin.request('POST', '/api/zones', zone);
    const changed = await tenant.admin.request('PUT', `/api/zones/${created.json()._id}`, {
      ...zone,
      name: `${zone.name} b`,
    });
    const user = await makeUser(app, tenant.org.id);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: PASSWORD },
      remoteAddress: randomIp(),
    });
    for (const [what, res] of Object.entries({ key, created, changed, signIn })) {
      expect(res.statusCode, `${what} ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
  });

  it('errors: bad input, no session, no such record, no such route', async () => {
    const answers = {
      badInput: await tenant.admin.request('POST', '/api/zones', { name: 1 }),
      noSession: await anonymous(app).request('GET', `/api/things?site=${tenant.site.id}`),
      noRecord: await tenant.admin.request('GET', '/api/zones/0123456789abcdef01234567'),
      noRoute: await tenant.admin.request('GET', '/api/nothing-here'),
    };
    expect(Object.values(answers).map((r) => r.statusCode)).toEqual([400, 401, 404, 404]);
    for (const [what, res] of Object.entries(answers))
      expect(res.headers['cache-control'], what).toBe('no-store');
  });

  it('photos: no-store on the upload and every way a photo is read, the ETag kept', async () => {
    const photo = await makePhoto({ width: 40, height: 20 });
    const upload = await uploadPhotos(tenant.operator, tenant.site.id, [
      { name: 'file', file: photo, filename: 'dock.jpg' },
    ]);
    expect(upload.statusCode).toBe(200);
    expect(upload.headers['cache-control']).toBe('no-store');
    const id = upload.json()[0].id;
    for (const url of [`/api/images/${id}`, `/api/images/${id}/thumb`]) {
      const res = await tenant.viewer.request('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
      // A client that keeps its own copy still revalidates by ETag; no HTTP cache keeps one.
      const etag = String(res.headers.etag);
      const again = await tenant.viewer.request('GET', url, undefined, { 'if-none-match': etag });
      const part = await tenant.viewer.request('GET', url, undefined, { range: 'bytes=0-9' });
      expect([again.statusCode, part.statusCode], url).toEqual([304, 206]);
      expect(
        [again, part].map((r) => r.headers['cache-control']),
        url,
      ).toEqual(['no-store', 'no-store']);
    }
  });
});
