import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeTenant } from '../../../test/factories.js';

const app = await makeApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

/** Opens the stream and resolves with the first `event:` block whose type matches. */
function firstEvent(cookie: string, site: string, type: string): Promise<{ status: number; data?: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { port, host: '127.0.0.1', path: `/api/live?site=${site}`, headers: { cookie } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return resolve({ status: res.statusCode ?? 0 });
        }
        let buffer = '';
        res.on('data', (chunk: Buffer) => {
          buffer += chunk.toString();
          const block = buffer.split('\n\n').find((b) => b.startsWith(`event: ${type}`));
          if (block) {
            req.destroy();
            resolve({ status: 200, data: JSON.parse(block.split('\ndata: ')[1] ?? 'null') });
          }
        });
      },
    );
    req.on('error', reject);
    setTimeout(() => reject(new Error('no event')), 5000);
  });
}

describe('GET /api/live', () => {
  it("delivers the site's messages and not other sites' or organizations'", async () => {
    const t = await makeTenant(app);
    const other = await makeTenant(app);
    const received = firstEvent(t.viewer.cookie, t.site.id, 'thing');
    await new Promise((r) => setTimeout(r, 200));
    await app.ctx.live.publish([
      {
        type: 'thing',
        orgId: other.org.id,
        siteId: other.site.id,
        data: { name: 'not mine' },
        at: Date.now(),
      },
      {
        type: 'thing',
        orgId: t.org.id,
        siteId: 'ffffffffffffffffffffffff',
        data: { name: 'other site' },
        at: Date.now(),
      },
      { type: 'thing', orgId: t.org.id, siteId: t.site.id, data: { name: 'mine' }, at: Date.now() },
    ]);
    expect((await received).data).toMatchObject({ name: 'mine' });
  });

  it('streams with caches told never to store it', async () => {
    const t = await makeTenant(app);
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const req = http.get(
        {
          port,
          host: '127.0.0.1',
          path: `/api/live?site=${t.site.id}`,
          headers: { cookie: t.viewer.cookie },
        },
        (res) => {
          resolve(res.headers);
          req.destroy();
        },
      );
      req.on('error', reject);
    });
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers['cache-control']).toBe('no-store, no-transform');
  });

  it('needs a session (401), a valid site (400) and a site of the organization (404)', async () => {
    const t = await makeTenant(app);
    const other = await makeTenant(app);
    expect((await anonymous(app).request('GET', `/api/live?site=${t.site.id}`)).statusCode).toBe(401);
    expect((await t.viewer.request('GET', '/api/live?site=nope')).statusCode).toBe(400);
    expect((await firstEvent(t.viewer.cookie, other.site.id, 'thing')).status).toBe(404);
  });
});
