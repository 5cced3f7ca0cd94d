/**
 * Ingest partitions (partitions.ts): routing by thing, split batches, and — on PostgreSQL, where
 * transactions really overlap — batches of different partitions at once, a manual move during
 * ingest, a tag that changes partition after routing, and two instances on one database.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { at, sighting, thingRow } from '../../../test/factories/store.factory.js';
import {
  gate,
  makeApp,
  makeEndpoint,
  makeLocationTag,
  makeOrg,
  makeSite,
  makeThing,
  makeZone,
} from '../../../test/factories.js';
import type { Db } from '../../db/client.js';
import { endpoints, events, sightings, tagState, thingTags, zoneDurations } from '../../db/schema.js';
import type { App } from '../../platform/context.js';
import type { NormalizedSighting } from '../formats/index.js';
import { createTrackingStore, ingestSightings, moveByHand, type TrackingStore } from './index.js';
import { fitsTheLog, lockPartition, partitionOf, partitionsFromEnv, routeBatch } from './partitions.js';

const K = 2;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const app = await makeApp();
const { db, live } = app.ctx;
/** One store per database (batches group only within one store), with the app's hooks. */
const stores = new Map<Db, TrackingStore>();
const storeOn = (on: Db): TrackingStore => {
  const found = stores.get(on) ?? createTrackingStore({ db: on, live, hooks: app.ctx.tracking.hooks });
  stores.set(on, found);
  return found;
};

let serial = 0;
/** `count` fresh tags of `partition` (of K). */
function tagsIn(partition: number, count: number): string[] {
  const out: string[] = [];
  while (out.length < count) {
    const tag = `E2801170${process.pid.toString(16).toUpperCase()}${(serial++).toString(16).toUpperCase().padStart(8, '0')}`;
    if (partitionOf(tag, K) === partition) out.push(tag);
  }
  return out;
}

async function world(on: App, perPartition: number) {
  const org = await makeOrg(on);
  const site = await makeSite(on, org.id);
  const dockReader = await makeEndpoint(on.ctx.db, org.id, site.id);
  const storeReader = await makeEndpoint(on.ctx.db, org.id, site.id);
  const dock = (await makeZone(on.ctx.db, org.id, site.id, { gates: [gate(dockReader.id)] })).id;
  const store = (await makeZone(on.ctx.db, org.id, site.id, { gates: [gate(storeReader.id)] })).id;
  const byPartition = [tagsIn(0, perPartition), tagsIn(1, perPartition)];
  const tags = byPartition.flat();
  const ids = new Map<string, string>();
  for (const tag of tags) ids.set(tag, (await makeThing(on.ctx.db, org.id, site.id, { tag })).id);
  return { org, site, dockReader, storeReader, dock, store, byPartition, tags, ids };
}

type World = Awaited<ReturnType<typeof world>>;
const now = at('2024-05-01T12:00:00Z');
const t0 = at('2024-05-01T10:00:00Z');

const ingest = (
  on: Db,
  endpoint: World['dockReader'],
  batch: NormalizedSighting[],
  log?: FastifyBaseLogger,
  partitions = K,
) => ingestSightings(storeOn(on), endpoint, batch, now, { awaitPublish: true, partitions, log });

/** Every thing's stays form one chain (each starts where the previous ended) ending at its current stay. */
async function expectChainedStays(on: Db, ids: Iterable<string>) {
  for (const id of ids) {
    const stays = await on
      .select()
      .from(zoneDurations)
      .where(eq(zoneDurations.thingId, id))
      .orderBy(asc(zoneDurations.timeStart));
    for (let i = 1; i < stays.length; i++) {
      expect(stays[i]?.timeStart.getTime()).toBe(stays[i - 1]?.timeEnd.getTime());
    }
    const thing = await thingRow(on, id);
    if (stays.length) expect(thing.lastZoneTime?.getTime()).toBe(stays.at(-1)?.timeEnd.getTime());
  }
}

/** Holds partition `partition`'s lock (as an ingest transaction does) until `release` is called. */
function holdPartition(orgId: string, partition: number) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = () => {};
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const done = db.transaction(async (tx) => {
    await lockPartition(tx, orgId, { partition, partitions: K });
    held();
    await released;
  });
  return { holding, release, done };
}

const settled = async (p: Promise<unknown>, ms = 300) =>
  Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))]);

describe('ingest partitions', () => {
  it('reads INGEST_PARTITIONS as a whole number from 1 (default 1)', () => {
    expect([undefined, '', '0', '-3', 'x', '1', '4', '2.7', '1000'].map((v) => partitionsFromEnv(v))).toEqual(
      [1, 1, 1, 1, 1, 1, 4, 2, 64],
    );
    expect(partitionOf('ABC', 1)).toBe(0);
    expect(partitionOf('ABC', 8)).toBe(partitionOf('ABC', 8));
  });

  it('routes a thing by its smallest tag; location tags, survey-mode endpoints and refused values span', async () => {
    const w = await world(app, 1);
    const [small] = tagsIn(0, 1);
    const [big] = tagsIn(1, 1).map((t) => `F${t}`); // sorts after `small`
    const thing = await makeThing(db, w.org.id, w.site.id, { tag: big });
    await db.insert(thingTags).values({ orgId: w.org.id, tag: small ?? '', thingId: thing.id });
    const batch = [sighting(big ?? '', t0), sighting(w.byPartition[1]?.[0] ?? '', t0)];
    const route = await routeBatch(db, w.org.id, w.dockReader.id, batch, K);
    expect(route.span).toBe(false);
    if (!route.span) {
      expect(route.parts.get(0)?.map((s) => s.tag)).toEqual([big]); // the thing's smallest tag is partition 0's
      expect(route.parts.get(1)?.map((s) => s.tag)).toEqual([w.byPartition[1]?.[0]]);
    }
    const spot = await makeLocationTag(db, w.org.id, w.site.id);
    expect((await routeBatch(db, w.org.id, w.dockReader.id, [sighting(spot.tag, t0)], K)).span).toBe(true);
    const surveyor = await makeEndpoint(db, w.org.id, w.site.id, { autoEnrollLocations: true });
    expect((await routeBatch(db, w.org.id, surveyor.id, batch, K)).span).toBe(true);
    const refused = sighting(big ?? '', t0, { antenna: 2 ** 40 });
    expect(fitsTheLog(refused)).toBe(false);
    expect((await routeBatch(db, w.org.id, w.dockReader.id, [...batch, refused], K)).span).toBe(true);
  });

  it('applies a batch split over partitions with the counts, state and heartbeat of one transaction', async () => {
    const w = await world(app, 3);
    const batch = w.tags.flatMap((tag, i) => [sighting(tag, t0 + i * 10), sighting(tag, t0 + i * 10 + 5)]);
    const first = await ingest(db, w.dockReader, batch);
    expect([first.accepted, first.duplicates]).toEqual([12, 0]);
    const retry = await ingest(db, w.dockReader, batch);
    expect([retry.accepted, retry.duplicates]).toEqual([0, 12]);
    const moved = await ingest(
      db,
      w.storeReader,
      w.tags.map((tag, i) => sighting(tag, t0 + 60_000 + i)),
    );
    expect(moved.accepted).toBe(6);
    for (const [i, tag] of w.tags.entries()) {
      const row = await thingRow(db, w.ids.get(tag) ?? '');
      expect(row.zoneId).toBe(w.store);
      expect(row.lastEndpointTime?.getTime()).toBe(t0 + 60_000 + i);
    }
    const stored = await db.select().from(events).where(inArray(events.tag, w.tags));
    expect(stored).toHaveLength(12); // a merged event (2 reads) then a store event per tag
    expect(stored.reduce((n, e) => n + e.repeatCount + 1, 0)).toBe(18);
    expect(await db.select().from(tagState).where(eq(tagState.orgId, w.org.id))).toHaveLength(6);
    const readers = await db.select().from(endpoints).where(eq(endpoints.orgId, w.org.id));
    expect(readers.every((r) => r.lastHeartbeat?.getTime() === now)).toBe(true);
    await expectChainedStays(db, w.ids.values());
  });

  describe.skipIf(!onPostgres)('on PostgreSQL', () => {
    it('runs batches of different partitions at once and one partition in order', async () => {
      const w = await world(app, 2);
      const lock = holdPartition(w.org.id, 0);
      await lock.holding;
      const zero = ingest(
        db,
        w.dockReader,
        (w.byPartition[0] ?? []).map((tag) => sighting(tag, t0)),
      );
      const one = ingest(
        db,
        w.dockReader,
        (w.byPartition[1] ?? []).map((tag) => sighting(tag, t0)),
      );
      expect(await settled(one, 5_000)).toBe(true); // partition 1 does not wait for partition 0
      expect(await settled(zero)).toBe(false); // partition 0 waits for its holder
      lock.release();
      await lock.done;
      expect((await zero).accepted).toBe(2);
      for (const tag of w.tags) expect((await thingRow(db, w.ids.get(tag) ?? '')).zoneId).toBe(w.dock);
    });

    it('runs a manual move after the partitions in flight, and the next batches after it', async () => {
      const w = await world(app, 1);
      const [tag] = w.byPartition[1] ?? [];
      const lock = holdPartition(w.org.id, 0);
      await lock.holding;
      const move = moveByHand(
        storeOn(db),
        { orgId: w.org.id, tag: tag ?? '', zoneId: w.store, siteId: w.site.id },
        now,
        { awaitPublish: true },
      );
      expect(await settled(move)).toBe(false); // the move needs every partition
      const batch = ingest(db, w.dockReader, [sighting(tag ?? '', now + 1_000)]);
      expect(await settled(batch)).toBe(false); // queued behind the move's organization lock
      lock.release();
      await lock.done;
      const event = await move;
      expect(event?.zone).toBe(w.store);
      expect((await batch).accepted).toBe(1);
      const row = await thingRow(db, w.ids.get(tag ?? '') ?? '');
      expect(row.zoneId).toBe(w.dock); // the sighting after the move
      const stays = await db.select().from(zoneDurations).where(eq(zoneDurations.thingId, row.id));
      expect(stays.map((s) => s.zoneId)).toEqual([w.store]);
      await expectChainedStays(db, [row.id]);
    });

    it('runs a batch whose tag changed partition after routing under the organization lock', async () => {
      const w = await world(app, 1);
      const [tag] = w.byPartition[0] ?? [];
      const id = w.ids.get(tag ?? '') ?? '';
      const lock = holdPartition(w.org.id, 0);
      await lock.holding;
      const info = vi.fn();
      const log = { info, warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
      const batch = ingest(db, w.storeReader, [sighting(tag ?? '', t0)], log);
      await new Promise((r) => setTimeout(r, 300)); // routed to partition 0, waiting for its lock
      // Meanwhile the thing gets a smaller tag of partition 1: it is partition 1's now.
      const [other] = tagsIn(1, 1).map((t) => `0${t}`);
      expect(partitionOf(other ?? '', K)).toBe(1);
      await db.insert(thingTags).values({ orgId: w.org.id, tag: other ?? '', thingId: id });
      lock.release();
      await lock.done;
      expect((await batch).accepted).toBe(1);
      expect(info).toHaveBeenCalledWith(
        { reason: expect.stringContaining('a tag moved') },
        'ingest partition group needs the organization lock',
      );
      expect((await thingRow(db, id)).zoneId).toBe(w.store);
      const logged = await db
        .select()
        .from(sightings)
        .where(eq(sightings.tag, tag ?? ''));
      expect(logged).toHaveLength(1); // the rolled-back attempt left nothing behind
    });

    it('keeps one consistent state with two instances ingesting the same tags concurrently', async () => {
      const other = await makeApp();
      const w = await world(app, 3);
      const batches = Array.from({ length: 10 }, (_, k) => ({
        reader: k % 2 ? w.storeReader : w.dockReader,
        sightings: w.tags.map((tag, i) => sighting(tag, t0 + k * 10_000 + i * 10)),
      }));
      const instances = [db, other.ctx.db];
      const results = await Promise.all([
        ...batches.map((b, k) => ingest(instances[k % 2] as Db, b.reader, b.sightings)),
        // retries of batches 2 and 7 at the other instance
        ...[2, 7].map((k) =>
          ingest(
            instances[(k + 1) % 2] as Db,
            batches[k]?.reader ?? w.dockReader,
            batches[k]?.sightings ?? [],
          ),
        ),
      ]);
      const accepted = results.reduce((n, r) => n + r.accepted, 0);
      const duplicates = results.reduce((n, r) => n + r.duplicates, 0);
      expect([accepted, duplicates]).toEqual([60, 12]);
      const stored = await db
        .select()
        .from(events)
        .where(and(eq(events.orgId, w.org.id), inArray(events.tag, w.tags)));
      // Every sighting counted once, whatever order the instances applied the batches in.
      expect(stored.reduce((n, e) => n + e.repeatCount + 1, 0)).toBe(60);
      expect(await db.select().from(tagState).where(eq(tagState.orgId, w.org.id))).toHaveLength(6);
      for (const [i, tag] of w.tags.entries()) {
        const row = await thingRow(db, w.ids.get(tag) ?? '');
        expect(row.zoneId).toBe(w.store); // batch 9, the newest, is the store reader's
        expect(row.lastEndpointTime?.getTime()).toBe(t0 + 9 * 10_000 + i * 10);
      }
      await expectChainedStays(db, w.ids.values());
      expect(await db.select().from(sightings).where(inArray(sightings.tag, w.tags))).toHaveLength(60);
    });
  });
});
