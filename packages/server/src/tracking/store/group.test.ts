/**
 * Group commit (group.ts): batches of one organization that arrive while its transaction runs are
 * applied together in the next one, each acknowledged after that COMMIT with its own counts; a
 * failing group falls back to its batches one by one.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { at, sighting, thingRow } from '../../../test/factories/store.factory.js';
import {
  gate,
  makeApp,
  makeEndpoint,
  makeOrg,
  makeSite,
  makeThing,
  makeZone,
} from '../../../test/factories.js';
import { endpoints, events, sightings, tagState, zoneDurations } from '../../db/schema.js';
import type { NormalizedSighting } from '../formats/index.js';
import { createTrackingStore, ingestSightings } from './index.js';

const app = await makeApp();
const { db, live } = app.ctx;
/** One store for the file (batches group only within one store), with the app's hooks. */
const tracking = createTrackingStore({ db, live, hooks: app.ctx.tracking.hooks });

async function world(tagCount: number) {
  const org = await makeOrg(app);
  const site = await makeSite(app, org.id);
  const dockReader = await makeEndpoint(db, org.id, site.id);
  const storeReader = await makeEndpoint(db, org.id, site.id);
  const dock = (await makeZone(db, org.id, site.id, { name: 'Dock', gates: [gate(dockReader.id)] })).id;
  const store = (await makeZone(db, org.id, site.id, { name: 'Store', gates: [gate(storeReader.id)] })).id;
  const tags = Array.from(
    { length: tagCount },
    (_, i) => `E28011700000${org.id.slice(-6)}${String(i).padStart(4, '0')}`,
  );
  const ids = await Promise.all(tags.map((tag) => makeThing(db, org.id, site.id, { tag }).then((r) => r.id)));
  const now = at('2024-05-01T12:00:00Z');
  const ingest = (endpoint: typeof dockReader, batch: NormalizedSighting[], log?: FastifyBaseLogger) =>
    ingestSightings(tracking, endpoint, batch, now, { awaitPublish: true, log });
  return { org, site, dockReader, storeReader, dock, store, tags, ids, ingest };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('group commit', () => {
  it('applies concurrent batches of one organization in fewer transactions, each acknowledged with its own counts', async () => {
    const w = await world(6);
    const t0 = at('2024-05-01T10:00:00Z');
    const batches = Array.from({ length: 8 }, (_, k) => ({
      reader: k % 2 ? w.storeReader : w.dockReader,
      sightings: w.tags.map((tag, i) => sighting(tag, t0 + k * 10_000 + i * 10)),
    }));
    // Count the tracking transactions and how many of them run at once.
    const transaction = db.transaction.bind(db);
    let running = 0;
    let mostAtOnce = 0;
    const transactions = vi.spyOn(db, 'transaction').mockImplementation(async (work, config) => {
      mostAtOnce = Math.max(mostAtOnce, ++running);
      try {
        return await transaction(work, config);
      } finally {
        running--;
      }
    });
    const results = await Promise.all([
      ...batches.map((b) => w.ingest(b.reader, b.sightings)),
      // a reader's retry of batch 3 arriving while it waits: the same group, all duplicates
      w.ingest(w.storeReader, batches[3]?.sightings ?? []),
    ]);
    // The first batch runs alone; the others queued behind it share the next transaction.
    expect(transactions.mock.calls.length).toBeLessThan(batches.length);
    // Pipelined: the next group's transaction began (its sightings insert) while the first held the lock.
    expect(mostAtOnce).toBe(2);
    expect(results.map((r) => [r.accepted, r.duplicates])).toEqual([...batches.map(() => [6, 0]), [0, 6]]);

    const stored = await db
      .select()
      .from(events)
      .where(and(eq(events.orgId, w.org.id), inArray(events.tag, w.tags)));
    // Every sighting counted exactly once: an event is its first sighting plus its repeats.
    expect(stored.reduce((n, e) => n + e.repeatCount + 1, 0)).toBe(48);
    // Each batch changes the zone: the events alternate dock, store, dock, ...
    expect(stored).toHaveLength(48);
    const open = await db.select().from(tagState).where(eq(tagState.orgId, w.org.id));
    expect(open).toHaveLength(6);
    for (const [i, id] of w.ids.entries()) {
      const row = await thingRow(db, id);
      expect(row.zoneId).toBe(w.store); // the newest sighting (batch 7) is the store reader's
      expect(row.lastEndpointTime?.getTime()).toBe(t0 + 7 * 10_000 + i * 10);
      const stays = await db.select().from(zoneDurations).where(eq(zoneDurations.thingId, id));
      expect(stays).toHaveLength(7);
    }
    // Both readers count as seen (a heartbeat per batch's endpoint).
    const readers = await db.select().from(endpoints).where(eq(endpoints.orgId, w.org.id));
    expect(readers.every((r) => r.lastHeartbeat?.getTime() === at('2024-05-01T12:00:00Z'))).toBe(true);
  });

  it('runs the batches of a failing group one by one: only the bad batch fails, nothing of it is stored', async () => {
    const w = await world(3);
    const t0 = at('2024-05-01T10:00:00Z');
    const warn = vi.fn();
    const log = { warn, error: vi.fn() } as unknown as FastifyBaseLogger;
    const good = (k: number) => w.tags.map((tag, i) => sighting(tag, t0 + k * 10_000 + i * 10));
    // Validation happens before a batch queues; a batch the database still refuses (an antenna
    // out of the column's range, bypassing the route's schema) must not take its group down.
    const bad = [
      sighting(w.tags[0] ?? '', t0 + 15_000),
      sighting('E2801170BADBADBADBAD', t0 + 15_000, { antenna: 2 ** 40 }),
    ];
    const outcomes = await Promise.allSettled([
      w.ingest(w.dockReader, good(0), log),
      w.ingest(w.storeReader, good(1), log),
      w.ingest(w.dockReader, bad, log),
      w.ingest(w.storeReader, good(2), log),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.accepted : null))).toEqual([
      3,
      3,
      null,
      3,
    ]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ batches: 3 }),
      'tracking group failed; applying its batches one by one',
    );

    const logged = await db
      .select()
      .from(sightings)
      .where(inArray(sightings.endpointId, [w.dockReader.id, w.storeReader.id]));
    expect(logged).toHaveLength(9);
    expect(logged.some((s) => s.time.getTime() === t0 + 15_000)).toBe(false);
    for (const [i, id] of w.ids.entries()) {
      const row = await thingRow(db, id);
      expect(row.zoneId).toBe(w.store);
      expect(row.lastEndpointTime?.getTime()).toBe(t0 + 20_000 + i * 10);
    }
  });
});
