/**
 * Hostile input: NUL in any string (body, query, login) is a 400; a failing query is logged
 * without its parameters; an export with an unknown sort is a 400 before the first byte.
 */
import { NUL_MSG, ROLE_IDS } from '@sightline/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postNative } from '../../test/factories/ingest.factory.js';
import { anonymous, makeApp, makeEndpoint, makeTenant } from '../../test/factories.js';
import { redacted } from './errors.js';

const app = await makeApp();

describe('hostile input', () => {
  it('refuses NUL anywhere in a request with a 400', async () => {
    const t = await makeTenant(app);
    const login = await anonymous(app).request('POST', '/api/auth/login', {
      username: 'a\u0000@example.com',
      password: 'x\u0000',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().errors[0].message).toBe(NUL_MSG);
    const user = await t.admin.request('POST', '/api/users', {
      name: 'Nul\u0000Name',
      username: `nul-${Date.now()}@example.com`,
      roles: [ROLE_IDS.viewer],
      securityCtx: { sites: ['*'] },
      password: 'Granite-Puffin-Orbit-73',
    });
    expect(user.statusCode).toBe(400);
    const key = await t.admin.request('POST', `/api/orgsettings?site=${t.site.id}`, {
      importSettings: { importMappings: [{ name: 'm', headerAssetFields: { 'a\u0000': 'name' } }] },
    });
    expect(key.statusCode).toBe(400);
    const query = await t.admin.request('GET', '/api/users?search=%00');
    expect(query.statusCode).toBe(400);
    expect((await t.admin.request('GET', `/api/zones?site=${t.site.id}&search=a%00b`)).statusCode).toBe(400);
    expect((await t.admin.request('GET', '/api/users?limit=1')).headers['x-total-count']).toBe('4');
  });

  it('answers an export with an unknown sort with a 400, not a cut-off file', async () => {
    const t = await makeTenant(app);
    for (const sort of ['__proto__', 'constructor', 'nope']) {
      const res = await t.admin.request('GET', `/api/things/export?site=${t.site.id}&sort=${sort}`);
      expect(res.statusCode, sort).toBe(400);
      expect(res.headers['content-type']).toMatch(/json/);
    }
  });

  it('refuses numbers out of range (rssi 1e308) with a 400 instead of failing the batch', async () => {
    const t = await makeTenant(app);
    const endpoint = await makeEndpoint(app.ctx.db, t.org.id, t.site.id);
    const tag = 'E2801160600002040000AB12';
    for (const sighting of [
      { tag, rssi: 1e308 },
      { tag, data: { cFloat0: -1e300 } },
    ]) {
      const res = await postNative(app, endpoint, [sighting]);
      expect(res.statusCode, JSON.stringify(sighting)).toBe(400);
    }
    expect((await postNative(app, endpoint, [{ tag, rssi: -61.5 }])).statusCode).toBeLessThan(300);
  });

  it('logs a failing query without its parameters', async () => {
    const secret = 'okta-client-secret-Zq81';
    const error = await app.ctx.db.execute(sql`select ${secret}::int`).then(
      () => undefined,
      (err: Error) => err,
    );
    if (!error) throw new Error('the query should fail');
    expect(`${error.message}${JSON.stringify(error)}`).toContain(secret);
    const logged = JSON.stringify(redacted(error));
    expect(logged).not.toContain(secret);
    expect(logged).toContain('select');
  });
});
