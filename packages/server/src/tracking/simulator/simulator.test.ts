/**
 * The reader simulator against an app started in the test: over HTTP (the CLI's transport, and
 * the CLI itself as a process), and in-process for the demo.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trackedSite } from '../../../test/factories/ingest.factory.js';
import { thingRow } from '../../../test/factories/store.factory.js';
import { makeApp, makeOrg, makeThing, PASSWORD } from '../../../test/factories.js';
import { endpoints, events, things, zoneDurations } from '../../db/schema.js';
import { seedDemo } from '../../features/demo/seed.js';
import { startDemoSimulator } from './demo.js';
import { discover, syntheticTag } from './discover.js';
import { createSimulator, type SimStation } from './simulator.js';
import { httpTransport, injectTransport } from './transport.js';

const app = await makeApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const { db } = app.ctx;

/** A fixed sequence of "random" numbers, repeated. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};

async function world() {
  const s = await trackedSite(app);
  const tag = `E28011700000DDDD${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const thing = (await makeThing(db, s.org.id, s.site.id, { tag })).id;
  const stations: SimStation[] = [
    { uuid: s.dockReader.uuid, key: s.dockReader.key, name: 'dock' },
    { uuid: s.storeReader.uuid, key: s.storeReader.key, name: 'store' },
  ];
  return { ...s, tag, thing, stations };
}

describe('reader simulator', () => {
  it('moves a thing between zones through their gates over HTTP', async () => {
    const w = await world();
    const simulator = createSimulator({
      stations: w.stations,
      tags: [w.tag],
      rate: 1,
      intervalMs: 1000,
      moveChance: 1,
      heartbeatMs: 0,
      // First station 0 (dock); then every move goes to the other station.
      random: sequence(0),
      transport: httpTransport(baseUrl),
    });
    const first = await simulator.step();
    expect(first).toMatchObject({ sent: 1, failed: 0, moves: [{ tag: w.tag, from: undefined, to: 0 }] });
    expect((await thingRow(db, w.thing)).zoneId).toBe(w.dock);

    const second = await simulator.step();
    expect(second.moves).toEqual([{ tag: w.tag, from: 0, to: 1, held: false }]);
    expect((await thingRow(db, w.thing)).zoneId).toBe(w.store);

    await simulator.step();
    expect((await thingRow(db, w.thing)).zoneId).toBe(w.dock);
    const stays = await db.select().from(zoneDurations).where(eq(zoneDurations.thingId, w.thing));
    expect(stays.map((d) => d.zoneId)).toEqual([w.dock, w.store]);
    const stored = await db.select().from(events).where(eq(events.thingId, w.thing));
    expect(stored).toHaveLength(3);
    expect(simulator.totals).toMatchObject({ steps: 3, sent: 3, failed: 0, moves: 3 });
  });

  it('re-reads a tag where it is when it does not move, and keeps a held tag past the alert time', async () => {
    const w = await world();
    // Sighting times in the past: the server treats times far in the future as its own now.
    let now = Date.now() - 30 * 60_000;
    const stations = [w.stations[0] as SimStation, { ...(w.stations[1] as SimStation), holdMs: 10 * 60_000 }];
    const simulator = createSimulator({
      stations,
      tags: [w.tag],
      rate: 1,
      moveChance: 0.5,
      holdChance: 1,
      heartbeatMs: 0,
      initial: new Map([[w.tag, 0]]),
      random: sequence(0.9),
      clock: () => now,
      transport: injectTransport(app),
    });
    // 0.9 ≥ moveChance: stays at the dock.
    expect((await simulator.step()).moves).toEqual([]);
    expect((await thingRow(db, w.thing)).zoneId).toBe(w.dock);

    const moving = createSimulator({
      stations,
      tags: [w.tag],
      rate: 1,
      moveChance: 1,
      holdChance: 1,
      heartbeatMs: 0,
      initial: new Map([[w.tag, 0]]),
      random: sequence(0.9, 0.9, 0),
      clock: () => now,
      transport: injectTransport(app),
    });
    now += 1000;
    expect((await moving.step()).moves).toEqual([{ tag: w.tag, from: 0, to: 1, held: true }]);
    expect((await thingRow(db, w.thing)).zoneId).toBe(w.store);
    now += 5 * 60_000;
    expect((await moving.step()).moves).toEqual([]);
    now += 6 * 60_000 + 1000;
    expect((await moving.step()).moves).toEqual([expect.objectContaining({ from: 1, to: 0, held: false })]);
    expect((await thingRow(db, w.thing)).zoneId).toBe(w.dock);
    expect(moving.totals.holds).toBe(1);
  });

  it('reports refused requests and keeps going', async () => {
    const w = await world();
    const problems: string[] = [];
    const simulator = createSimulator({
      stations: [{ ...(w.stations[0] as SimStation), key: 'wrong' }],
      tags: [w.tag],
      rate: 1,
      heartbeatMs: 0,
      transport: httpTransport(baseUrl),
      onError: (m) => problems.push(m),
    });
    expect(await simulator.step()).toMatchObject({ sent: 0, failed: 1 });
    expect(problems[0]).toMatch(/answered 401/);
  });
});

describe('simulator discovery and CLI', () => {
  it('finds the gate endpoints (with keys) and the things’ tags through the API', async () => {
    const w = await world();
    const found = await discover({
      url: baseUrl,
      email: w.admin.username,
      password: PASSWORD,
      site: w.site.id,
      endpoints: 5,
      tags: 3,
    });
    expect(found.stations.map((s) => s.uuid).sort()).toEqual([w.dockReader.uuid, w.storeReader.uuid].sort());
    expect(found.stations.find((s) => s.uuid === w.dockReader.uuid)?.key).toBe(w.dockReader.key);
    expect(found.tags).toEqual([w.tag, syntheticTag(1), syntheticTag(2)]);
    expect(found.synthetic).toBe(2);
  });

  it('`npm run simulate` moves things on a running server', async () => {
    const w = await world();
    const serverDir = path.resolve(import.meta.dirname, '../../..');
    const args = [
      '--import',
      'tsx',
      'src/tracking/simulator-cli.ts',
      '--url',
      baseUrl,
      '--email',
      w.admin.username,
      '--password',
      PASSWORD,
      '--site',
      w.site.id,
      '--tags',
      '1',
      '--rate',
      '2',
      '--interval',
      '500',
      '--move-chance',
      '1',
      '--duration',
      '3',
    ];
    const output = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, out }));
    });
    expect(output.code, output.out).toBe(0);
    expect(output.out).toContain('Simulating 1 tags (0 synthetic) through 2 endpoints');
    const stays = await db.select().from(zoneDurations).where(eq(zoneDurations.thingId, w.thing));
    expect(stays.length).toBeGreaterThan(0);
    const seen = await db.select().from(events).where(eq(events.thingId, w.thing));
    expect(new Set(seen.map((e) => e.zoneId))).toEqual(new Set([w.dock, w.store]));
  }, 60_000);

  it('--help explains the options and where endpoints come from', async () => {
    const serverDir = path.resolve(import.meta.dirname, '../../..');
    const out = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/tracking/simulator-cli.ts', '--help'], {
        cwd: serverDir,
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      child.on('exit', () => resolve(text));
    });
    expect(out).toContain('--api-key TOKEN');
    expect(out).toContain('--endpoint UUID:KEY');
    expect(out).toContain('--rate R');
  }, 60_000);
});

describe('demo simulator', () => {
  it('moves demo things between the demo zones through their gate readers, in-process', async () => {
    const org = await makeOrg(app, 'Demo');
    await seedDemo(app, {
      subdomain: org.subdomain,
      emailDomain: `${org.subdomain}.sightline.test`,
      print: () => undefined,
    });
    // The seed stores the reading that put each thing in its zone; only what the simulator adds counts here.
    const seeded = await db.select({ id: events.id }).from(events).where(eq(events.orgId, org.id));
    const lastSeeded = Math.max(0, ...seeded.map((e) => e.id));
    const demo = await startDemoSimulator(app, org.subdomain);
    expect(demo?.simulators).toHaveLength(2);
    try {
      for (const simulator of demo?.simulators ?? []) {
        await simulator.stop(); // step by hand instead of waiting for the timer
        for (let i = 0; i < 4; i++) await simulator.step();
        expect(simulator.totals.failed).toBe(0);
        expect(simulator.totals.sent).toBeGreaterThan(0);
      }
      const readers = await db
        .select({ id: endpoints.id })
        .from(endpoints)
        .where(eq(endpoints.orgId, org.id));
      const stored = await db
        .select()
        .from(events)
        .where(
          and(
            eq(events.orgId, org.id),
            gt(events.id, lastSeeded),
            inArray(
              events.endpointId,
              readers.map((r) => r.id),
            ),
          ),
        );
      expect(stored.length).toBeGreaterThan(0);
      // Every sighting matched a demo thing, which is now in a zone (never Shipping, never a kit).
      const moved = await db
        .select()
        .from(things)
        .where(
          inArray(
            things.id,
            stored.map((e) => e.thingId),
          ),
        );
      expect(moved.length).toBeGreaterThan(0);
      for (const t of moved) {
        expect(t.zoneId).not.toBeNull();
        expect(t.parents).toEqual([]);
      }
    } finally {
      await demo?.stop();
    }
  });
});
