/**
 * Scale-out (any number of instances over one PostgreSQL) on PostgreSQL only: two in-process
 * instances (separate pools) and one real server PROCESS share the test database. Concurrent,
 * interleaved and duplicated batches for the same tags must leave one consistent state, and a live
 * subscriber of one instance must see what another ingested (LISTEN/NOTIFY).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStream, trackedSite } from '../../../test/factories/ingest.factory.js';
import { makeApp, makeThing, readerHeaders } from '../../../test/factories.js';
import { events, tagState, things, zoneDurations } from '../../db/schema.js';
import type { App } from '../../platform/context.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const serverDir = path.resolve(import.meta.dirname, '../../..');

/** Starts `src/main.ts` as its own process and resolves with its port once it listens. */
function startServerProcess(url: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: url,
      DEMO: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sightline-instance-')),
      ADMIN_PASSWORD: 'Second-Instance-Pass-42',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server process did not start:\n${out}`)), 50_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ child, port: Number(port) });
      }
    });
    child.on('exit', (code) => reject(new Error(`server process exited with ${code}:\n${out}`)));
  });
}

describe.skipIf(!databaseUrl)('two instances on one PostgreSQL', () => {
  let a: App;
  let b: App;
  let server: { child: ChildProcess; port: number };

  beforeAll(async () => {
    [a, b] = await Promise.all([makeApp(), makeApp()]);
    server = await startServerProcess(databaseUrl ?? '');
  }, 60_000);
  afterAll(() => {
    server?.child.kill('SIGTERM');
  });

  /** POST a native batch to an in-process app or, over HTTP, to the server process. */
  async function post(target: App | number, endpoint: { uuid: string; key: string }, sightings: unknown[]) {
    const headers = { ...readerHeaders(endpoint), 'content-type': 'application/json' };
    const payload = JSON.stringify({ sightings });
    if (typeof target !== 'number') {
      const res = await target.inject({ method: 'POST', url: '/api/ingest/sightings', headers, payload });
      return { status: res.statusCode, body: res.json() as { accepted: number; duplicates: number } };
    }
    const res = await fetch(`http://127.0.0.1:${target}/api/ingest/sightings`, {
      method: 'POST',
      headers,
      body: payload,
    });
    return { status: res.status, body: (await res.json()) as { accepted: number; duplicates: number } };
  }

  it('keeps one consistent state under concurrent, interleaved and repeated batches', async () => {
    const s = await trackedSite(a);
    const tags = Array.from({ length: 10 }, (_, i) => `E2806894000050${String(i).padStart(10, '0')}`);
    const ids = await Promise.all(
      tags.map((tag) => makeThing(a.ctx.db, s.org.id, s.site.id, { tag }).then((r) => r.id)),
    );
    const t0 = Date.parse('2024-05-01T10:00:00Z');
    const batches = Array.from({ length: 20 }, (_, k) => ({
      reader: k % 2 ? s.storeReader : s.dockReader,
      sightings: tags.map((tag, i) => ({
        tag,
        antenna: 1,
        time: new Date(t0 + k * 10_000 + i * 10).toISOString(),
      })),
    }));
    // Every batch goes to two instances at once (a reader retrying against the load balancer).
    const targets: (App | number)[] = [a, b, server.port];
    const results = await Promise.all(
      batches.flatMap((batch, k) => [
        post(targets[k % 3] ?? a, batch.reader, batch.sightings),
        post(targets[(k + 1) % 3] ?? b, batch.reader, batch.sightings),
      ]),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.reduce((n, r) => n + r.body.accepted, 0)).toBe(200);
    expect(results.reduce((n, r) => n + r.body.duplicates, 0)).toBe(200);

    const { db } = a.ctx;
    const stored = await db
      .select()
      .from(events)
      .where(and(eq(events.orgId, s.org.id), inArray(events.tag, tags)));
    // Every sighting counted exactly once: an event is its first sighting plus its repeats.
    expect(stored.reduce((n, e) => n + e.repeatCount + 1, 0)).toBe(200);
    const open = await db.select().from(tagState).where(eq(tagState.orgId, s.org.id));
    expect(open).toHaveLength(10);
    for (const state of open) {
      const newest = Math.max(...stored.filter((e) => e.tag === state.tag).map((e) => e.time.getTime()));
      expect(stored.find((e) => e.id === state.eventId)?.time.getTime()).toBe(newest);
    }
    const finalRows = await db.select().from(things).where(inArray(things.id, ids));
    for (const [i, id] of ids.entries()) {
      const row = finalRows.find((r) => r.id === id);
      expect(row?.zoneId).toBe(s.store); // the newest sighting (batch 19) is the store reader's
      expect(row?.lastEndpointTime?.getTime()).toBe(t0 + 19 * 10_000 + i * 10);
      const stays = (await db.select().from(zoneDurations).where(eq(zoneDurations.thingId, id))).sort(
        (x, y) => x.timeStart.getTime() - y.timeStart.getTime(),
      );
      for (let j = 1; j < stays.length; j++) {
        expect(stays[j]?.timeStart.getTime()).toBeGreaterThanOrEqual(stays[j - 1]?.timeEnd.getTime() ?? 0);
      }
    }
  });

  it('delivers to a subscriber of the server process, and of instance B, what instance A ingested', async () => {
    const s = await trackedSite(a);
    const crate = (await makeThing(a.ctx.db, s.org.id, s.site.id, { tag: 'E2806894000050AAAAAAAAAA' })).id;
    const wanted = (seen: { type: string }[]) =>
      ['event', 'zoneChange'].every((t) => seen.some((m) => m.type === t));
    await b.listen({ port: 0, host: '127.0.0.1' });
    const bPort = (b.server.address() as { port: number }).port;
    const onProcess = liveStream(server.port, s.viewer.cookie, s.site.id, wanted);
    const onB = liveStream(bPort, s.viewer.cookie, s.site.id, wanted);
    await Promise.all([onProcess.ready, onB.ready]);
    const res = await post(a, s.dockReader, [
      { tag: 'E2806894000050AAAAAAAAAA', time: '2024-05-01T10:00:00Z' },
    ]);
    expect(res.body).toEqual({ accepted: 1, duplicates: 0 });
    for (const seen of await Promise.all([onProcess.messages, onB.messages])) {
      expect(seen.find((m) => m.type === 'zoneChange')?.data).toMatchObject({ thing: crate, to: s.dock });
      expect(seen.find((m) => m.type === 'event')?.data).toMatchObject({ thing: crate, zone: s.dock });
    }
  });
});
