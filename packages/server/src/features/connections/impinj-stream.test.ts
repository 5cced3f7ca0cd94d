/**
 * The Impinj R700 HTTP stream against a test HTTP server serving the stream's NDJSON (the shared
 * interoperability sample): basic auth, each line handled as a webhook event, a wrong password
 * shown as `error` with why.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { trackedSite } from '../../../test/factories/ingest.factory.js';
import { makeApp } from '../../../test/factories.js';
import { endpoints } from '../../db/schema.js';
import { IMPINJ_STREAM_PATH } from './impinj-stream.js';
import { liveConnections } from './repository.js';
import { createReaderConnections } from './service.js';

const NDJSON = readFileSync(path.join(import.meta.dirname, 'fixtures/impinj-stream.ndjson'), 'utf8');
const app = await makeApp();
const { db } = app.ctx;

const requests: { path?: string; authorization?: string }[] = [];
const server = http.createServer((req, res) => {
  requests.push({ path: req.url, authorization: req.headers.authorization });
  if (req.headers.authorization !== `Basic ${Buffer.from('root:impinj').toString('base64')}`) {
    res.writeHead(401).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  // Lines arrive in pieces, as a stream delivers them; the response stays open.
  const [first, ...rest] = NDJSON.split('\n');
  res.write(first?.slice(0, 40) ?? '');
  setTimeout(() => res.write(`${first?.slice(40)}\n${rest.join('\n')}`), 50);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function streamSite(password: string) {
  const s = await trackedSite(app);
  await db
    .update(endpoints)
    .set({
      connection: { mode: 'impinj-stream', host: '127.0.0.1', port, username: 'root', tls: false },
      connectionPassword: password,
    })
    .where(eq(endpoints.id, s.dockReader.id));
  const c = createReaderConnections(app.ctx, app.log, {
    leaseMs: 1_500,
    backoff: { initialMs: 100, maxMs: 400 },
    orgIds: [s.org.id],
  });
  c.start();
  return { s, c };
}

const live = async (id: string) => (await liveConnections(db, [id])).get(id);

describe('Impinj stream', () => {
  it('reads the NDJSON stream with basic auth; each line lands as the webhook lands it', async () => {
    const { s, c } = await streamSite('impinj');
    try {
      await vi.waitFor(
        async () => {
          const list = (await s.viewer.request('GET', `/api/events?site=${s.site.id}&sort=tag`)).json();
          expect(
            list.map((e: { tag: string; antenna: number; time: string }) => [e.tag, e.antenna, e.time]),
          ).toEqual([
            ['E2801190A5021F80055817CA', 1, '2026-11-27T11:13:12.915Z'],
            ['E2801190A5021F800558322B', 1, '2026-11-27T11:13:13.915Z'],
          ]);
        },
        { timeout: 8_000, interval: 100 },
      );
      expect(requests.at(-1)?.path).toBe(IMPINJ_STREAM_PATH);
      await vi.waitFor(async () =>
        expect(await live(s.dockReader.id)).toMatchObject({ state: 'connected', reportsReceived: 2 }),
      );
    } finally {
      await c.stop();
    }
  });

  it('a wrong password is an error that says so', async () => {
    const { s, c } = await streamSite('wrong');
    try {
      await vi.waitFor(async () =>
        expect(await live(s.dockReader.id)).toMatchObject({
          state: 'error',
          error: 'the reader refused the user name or password (HTTP 401)',
        }),
      );
    } finally {
      await c.stop();
    }
  });
});
