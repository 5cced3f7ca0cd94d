/**
 * Live coalescing (platform/live-coalesce.ts): a burst of repeats for one thing yields a bounded
 * number of `thing` / `event` messages, the last carrying the latest state; every other message
 * type is delivered whole and in order; an isolated change is not delayed.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import { makeApp, makeThing } from '../../../test/factories.js';
import { createLocalBus, createPgBus, type LiveMessage } from '../../platform/live.js';
import { createCoalescer } from '../../platform/live-coalesce.js';

const org = 'o1';
const site = 's1';
const thing = (id: string, n: number, change = 'updated'): LiveMessage => ({
  type: 'thing',
  orgId: org,
  siteId: site,
  data: { _id: id, change, n },
  at: n,
});

describe('createCoalescer', () => {
  it('sends the first message of a thing at once and the latest of a burst one window later', async () => {
    const out: LiveMessage[][] = [];
    const c = createCoalescer(
      async (list) => void out.push(list),
      50,
      (err) => {
        throw err;
      },
    );
    const first = c.push([thing('A', 0)]);
    await first;
    expect(out.flat().map((m) => (m.data as { n: number }).n)).toEqual([0]);
    // 200 more states of A in quick succession, interleaved with zone changes of A (never merged).
    const pushes: Promise<void>[] = [];
    for (let n = 1; n <= 200; n++) {
      const zoneChange: LiveMessage = {
        type: 'zoneChange',
        orgId: org,
        siteId: site,
        data: { thing: 'A', n },
        at: n,
      };
      pushes.push(c.push(n % 50 === 0 ? [thing('A', n), zoneChange] : [thing('A', n)]));
    }
    await Promise.all(pushes);
    const all = out.flat();
    const states = all.filter((m) => m.type === 'thing').map((m) => (m.data as { n: number }).n);
    expect(states).toEqual([0, 200]);
    expect(all.filter((m) => m.type === 'zoneChange').map((m) => (m.data as { n: number }).n)).toEqual([
      50, 100, 150, 200,
    ]);
    // Other things are not held back by A.
    out.length = 0;
    await c.push([thing('B', 1)]);
    expect(out.flat().map((m) => (m.data as { _id: string })._id)).toEqual(['B']);
    await c.flush();
  });

  it('keeps a thing created in the window `created`, merges repeats inside one push, and passes all with window 0', async () => {
    const out: LiveMessage[] = [];
    const c = createCoalescer(
      async (list) => void out.push(...list),
      30,
      () => undefined,
    );
    await c.push([thing('A', 0)]);
    await Promise.all([c.push([thing('A', 1, 'created')]), c.push([thing('A', 2)])]);
    expect(out.map((m) => m.data)).toEqual([
      { _id: 'A', change: 'updated', n: 0 },
      { _id: 'A', change: 'created', n: 2 },
    ]);
    out.length = 0;
    await c.push([thing('C', 1), thing('D', 1), thing('C', 2)]);
    expect(out.map((m) => m.data)).toEqual([
      { _id: 'C', change: 'updated', n: 2 },
      { _id: 'D', change: 'updated', n: 1 },
    ]);
    // A held message goes out on flush (shutdown) without waiting for its window.
    out.length = 0;
    void c.push([thing('D', 2)]);
    await c.flush();
    expect(out.map((m) => (m.data as { n: number }).n)).toEqual([2]);

    const all: LiveMessage[] = [];
    const off = createCoalescer(
      async (list) => void all.push(...list),
      0,
      () => undefined,
    );
    for (let n = 0; n < 5; n++) await off.push([thing('A', n)]);
    expect(all).toHaveLength(5);
  });

  it('is what a bus does with publishLatest; publish delivers everything', async () => {
    const bus = createLocalBus({ coalesceMs: 40 });
    const seen: LiveMessage[] = [];
    bus.subscribe((m) => seen.push(m));
    await Promise.all([1, 2, 3].map((n) => bus.publishLatest([thing('A', n)])));
    await Promise.all([4, 5].map((n) => bus.publish([thing('A', n)])));
    expect(seen.map((m) => (m.data as { n: number }).n)).toEqual([1, 3, 4, 5]);
    await bus.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('coalescing across instances (PostgreSQL)', () => {
  it("gives another instance's subscribers the coalesced stream: the first state at once, then the latest", async () => {
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL }));
    const errors: Error[] = [];
    const [a, b] = await Promise.all(
      pools.map((p) => createPgBus(p, (err) => errors.push(err), { coalesceMs: 200 })),
    );
    if (!a || !b) throw new Error('no bus');
    try {
      const id = `X${Date.now()}`;
      const onB: number[] = [];
      b.subscribe((m) => {
        if ((m.data as { _id?: string })._id === id) onB.push((m.data as { n: number }).n);
      });
      await Promise.all([1, 2, 3, 4].map((n) => a.publishLatest([thing(id, n)])));
      await expect.poll(() => onB, { timeout: 5000 }).toEqual([1, 4]);
      await new Promise((r) => setTimeout(r, 300)); // nothing more arrives
      expect(onB).toEqual([1, 4]);
      expect(errors).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});

const WINDOW = 1000;
const app = await makeApp({ liveCoalesceMs: WINDOW });

describe('a burst of repeats through ingest', () => {
  it('yields a bounded number of thing and event messages, the last with the latest state', async () => {
    const s = await trackedSite(app);
    const tag = 'E2806894000050BBBBBBBBBB';
    const crate = (await makeThing(app.ctx.db, s.org.id, s.site.id, { tag })).id;
    const seen: LiveMessage[] = [];
    const stop = app.ctx.live.subscribe((m) => m.orgId === s.org.id && seen.push(m));
    const t0 = Date.parse('2024-05-01T10:00:00Z');
    const BATCHES = 30;
    const started = Date.now();
    for (let k = 0; k < BATCHES; k++) {
      // The same tag at the same reader, read again and again: one open event, its repeats merged.
      const res = await postNative(app, s.dockReader, [
        { tag, antenna: 1, time: new Date(t0 + k * 100).toISOString(), data: { cFloat0: k } },
      ]);
      expect(res.json()).toEqual({ accepted: 1, duplicates: 0 });
    }
    const last = new Date(t0 + (BATCHES - 1) * 100).toISOString();
    const latestThing = () =>
      seen.filter((m) => m.type === 'thing').at(-1)?.data as { lastEndpointTime?: string } | undefined;
    await expect.poll(() => latestThing()?.lastEndpointTime, { timeout: 8000 }).toBe(last);
    const elapsed = Date.now() - started;
    stop();

    const things = seen.filter((m) => m.type === 'thing');
    const eventMessages = seen.filter((m) => m.type === 'event');
    // At most one message at once plus one per window while the burst lasts (and one after it).
    const bound = 2 + Math.ceil(elapsed / WINDOW);
    expect(things.length).toBeLessThanOrEqual(bound);
    expect(eventMessages.length).toBeLessThanOrEqual(bound);
    expect(things.length).toBeLessThan(BATCHES);
    expect(latestThing()).toMatchObject({ _id: crate, zone: s.dock, data: { cFloat0: BATCHES - 1 } });
    expect(eventMessages.at(-1)?.data).toMatchObject({
      thing: crate,
      repeatCount: BATCHES - 1,
      time: last,
      data: { cFloat0: BATCHES - 1 },
    });
    // The zone change (the first sighting put the crate in the Dock) is delivered as ever.
    expect(seen.filter((m) => m.type === 'zoneChange').map((m) => m.data)).toEqual([
      expect.objectContaining({ thing: crate, to: s.dock }),
    ]);
  });
});
