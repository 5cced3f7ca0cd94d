/**
 * The ingest's kept state (kept-state.ts): a batch uses what the instance kept of the partition
 * only while no other writer changed it. Each case changes the state between two batches the way
 * another writer would, and checks the second batch acts on the database's state, as a batch that
 * reads everything does.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
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
import { events, organizations, tagState, things, thingTags, zoneDurations } from '../../db/schema.js';
import type { App } from '../../platform/context.js';
import type { NormalizedSighting } from '../formats/index.js';
import { createTrackingStore, ingestSightings, moveByHand, type TrackingStore } from './index.js';
import { keptSlotOf } from './kept-state.js';
import { partitionOf } from './partitions.js';

const app = await makeApp();

async function world(instance: App = app, keepState = true) {
  const { db, live } = instance.ctx;
  const org = await makeOrg(instance);
  const site = await makeSite(instance, org.id);
  const dockReader = await makeEndpoint(db, org.id, site.id);
  const storeReader = await makeEndpoint(db, org.id, site.id);
  const dock = (await makeZone(db, org.id, site.id, { name: 'Dock', gates: [gate(dockReader.id)] })).id;
  const store = (await makeZone(db, org.id, site.id, { name: 'Store', gates: [gate(storeReader.id)] })).id;
  const tracking: TrackingStore = createTrackingStore({ db, live, hooks: instance.ctx.tracking.hooks });
  const ingest = (endpoint: typeof dockReader, batch: NormalizedSighting[], via: TrackingStore = tracking) =>
    ingestSightings(via, endpoint, batch, at('2024-05-01T12:00:00Z'), { awaitPublish: true, keepState });
  const pallet = (await makeThing(db, org.id, site.id, { tag: 'E28011600000000000000001' })).id;
  return { db, org, site, dockReader, storeReader, dock, store, ingest, pallet };
}

const TAG = 'E28011600000000000000001';

/** Deletes the pallet's open event as a purge or a removal would (its tag_state row stays); returns its row. */
async function deleteOpenEvent(w: Awaited<ReturnType<typeof world>>) {
  const [open] = await w.db
    .select()
    .from(tagState)
    .where(and(eq(tagState.orgId, w.org.id), eq(tagState.tag, TAG)));
  await w.db.execute(sql`DELETE FROM events WHERE id = ${open?.eventId}`);
  return open;
}
const read = (iso: string) => sighting(TAG, at(iso));
const stateVersion = async (instance: App, orgId: string) =>
  (
    await instance.ctx.db
      .select({ v: organizations.trackingStateVersion })
      .from(organizations)
      .where(eq(organizations.id, orgId))
  )[0]?.v;

describe('the ingest keeps its partition state', () => {
  it('keeps the batch tags after a batch, and its writes bump no organization version', async () => {
    const w = await world();
    await w.ingest(w.dockReader, [read('2024-05-01T10:00:00Z')]);
    const before = await stateVersion(app, w.org.id);
    await w.ingest(w.dockReader, [read('2024-05-01T10:00:10Z')]);
    await w.ingest(w.storeReader, [read('2024-05-01T10:02:00Z')]);
    const kept = keptSlotOf(w.db, w.org.id, 0).current;
    expect(kept?.tags.get(TAG)).toBe(w.pallet);
    expect(kept?.things.get(w.pallet)?.state.zoneId).toBe(w.store);
    expect(await stateVersion(app, w.org.id)).toBe(before);
    // The kept open event is the stored one, repeats counted alike.
    const [open] = await w.db
      .select()
      .from(tagState)
      .where(and(eq(tagState.orgId, w.org.id), eq(tagState.tag, TAG)));
    expect(kept?.openEvents.get(TAG)?.eventId).toBe(open?.eventId);
    expect((await thingRow(w.db, w.pallet))?.zoneId).toBe(w.store);
  });

  it('sees a thing an editor moved meanwhile (the organization version moved)', async () => {
    const w = await world();
    await w.ingest(w.dockReader, [read('2024-05-01T10:00:00Z')]);
    const before = await stateVersion(app, w.org.id);
    await w.db
      .update(things)
      .set({ zoneId: w.store, lastZoneTime: new Date('2024-05-01T10:01:00Z') })
      .where(eq(things.id, w.pallet));
    expect(await stateVersion(app, w.org.id)).toBeGreaterThan(before ?? 0);
    await w.ingest(w.dockReader, [read('2024-05-01T10:05:00Z')]);
    // Back to the Dock from the Store the editor put it in: the Store stay is closed.
    const stays = await w.db.select().from(zoneDurations).where(eq(zoneDurations.thingId, w.pallet));
    expect(stays.map((s) => s.zoneId)).toEqual([w.store]);
    expect((await thingRow(w.db, w.pallet))?.zoneId).toBe(w.dock);
  });

  it('forgets a tag an editor took off its thing, and a thing deleted meanwhile', async () => {
    const w = await world();
    const other = (await makeThing(w.db, w.org.id, w.site.id, { tag: 'E28011600000000000000002' })).id;
    await w.ingest(w.dockReader, [
      read('2024-05-01T10:00:00Z'),
      sighting('E28011600000000000000002', at('2024-05-01T10:00:00Z')),
    ]);
    await w.db.delete(thingTags).where(and(eq(thingTags.orgId, w.org.id), eq(thingTags.tag, TAG)));
    await w.db.update(things).set({ deletedAt: new Date() }).where(eq(things.id, other));
    await w.ingest(w.storeReader, [
      read('2024-05-01T10:05:00Z'),
      sighting('E28011600000000000000002', at('2024-05-01T10:05:00Z')),
    ]);
    // Neither thing moved to the Store: the tag is no longer the pallet's, the other thing is gone.
    expect((await thingRow(w.db, w.pallet))?.zoneId).toBe(w.dock);
    expect((await thingRow(w.db, other))?.zoneId).toBe(w.dock);
  });

  it('sees a manual move and the tracking jobs as other writers', async () => {
    const w = await world();
    await w.ingest(w.dockReader, [read('2024-05-01T10:00:00Z')]);
    const before = await stateVersion(app, w.org.id);
    await moveByHand(
      createTrackingStore({ db: w.db, live: app.ctx.live }),
      { orgId: w.org.id, tag: TAG, zoneId: w.store, siteId: w.site.id },
      at('2024-05-01T10:03:00Z'),
      { awaitPublish: true },
    );
    expect(await stateVersion(app, w.org.id)).toBeGreaterThan(before ?? 0);
    await w.ingest(w.dockReader, [read('2024-05-01T10:04:00Z')]);
    expect((await thingRow(w.db, w.pallet))?.zoneId).toBe(w.dock);
    const stays = await w.db.select().from(zoneDurations).where(eq(zoneDurations.thingId, w.pallet));
    expect(stays.map((s) => s.zoneId).sort()).toEqual([w.dock, w.store].sort());
  });

  it('starts a new event when the kept open event was deleted meanwhile (a purge, a removal)', async () => {
    const w = await world();
    await w.ingest(w.dockReader, [read('2024-05-01T10:00:00Z')]);
    // A delete of events bumps no version: the merge finds no row and the batch runs again.
    const open = await deleteOpenEvent(w);
    const result = await w.ingest(w.dockReader, [read('2024-05-01T10:00:20Z')]);
    expect(result).toMatchObject({ accepted: 1, duplicates: 0 });
    const stored = await w.db.select().from(events).where(eq(events.thingId, w.pallet));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.repeatCount).toBe(0); // a new event, as when the state is read: nothing to merge into
    expect(stored[0]?.id).not.toBe(open?.eventId);
  });

  it('counts repeats exactly as reading the state every batch does', async () => {
    const counts = [];
    for (const keep of [true, false]) {
      const w = await world(app, keep);
      for (let i = 0; i < 5; i++) {
        await w.ingest(w.dockReader, [
          read(`2024-05-01T10:00:${10 + i}Z`),
          read(`2024-05-01T10:00:${10 + i}.5Z`),
        ]);
      }
      await w.ingest(w.storeReader, [read('2024-05-01T10:03:00Z')]);
      await w.ingest(w.dockReader, [read('2024-05-01T10:00:30Z')]); // older: moves nothing back
      const rows = await w.db.select().from(events).where(eq(events.thingId, w.pallet));
      counts.push({
        zone: (await thingRow(w.db, w.pallet))?.zoneId === w.store,
        repeats: rows.map((r) => r.repeatCount).sort(),
      });
    }
    expect(counts[0]).toEqual(counts[1]);
    expect(counts[0]?.zone).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the kept state with two instances', () => {
  it('an instance sees what another ingested for the partition meanwhile', async () => {
    const other = await makeApp();
    const w = await world();
    const there = createTrackingStore({
      db: other.ctx.db,
      live: other.ctx.live,
      hooks: other.ctx.tracking.hooks,
    });
    await w.ingest(w.dockReader, [read('2024-05-01T10:00:00Z')]);
    await w.ingest(w.storeReader, [read('2024-05-01T10:02:00Z')], there);
    await w.ingest(w.dockReader, [read('2024-05-01T10:04:00Z')]);
    expect((await thingRow(w.db, w.pallet))?.zoneId).toBe(w.dock);
    const stays = await w.db.select().from(zoneDurations).where(eq(zoneDurations.thingId, w.pallet));
    expect(stays.map((s) => s.zoneId).sort()).toEqual([w.dock, w.store].sort());
    await other.close();
  });
});

/** Settles within `ms`, or says it did not (a transaction waiting on one that waits for its lock). */
const within = <T>(work: Promise<T>, ms = 8_000) =>
  Promise.race([
    work.then(() => 'settled' as const),
    new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), ms).unref()),
  ]);

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the kept state with transactions of a partition at once',
  () => {
    it('a retried transaction and the next group waiting for the lock both go through', async () => {
      const w = await world();
      const other = (await makeThing(w.db, w.org.id, w.site.id, { tag: 'E28011600000000000000002' })).id;
      await w.ingest(w.dockReader, [read('2024-05-01T10:00:00Z')]);
      // The kept open event goes: the next merge into it fails and its transaction runs again.
      await deleteOpenEvent(w);
      // The retry begins a moment late, so the next group surely asks for the lock before it.
      const transaction = w.db.transaction.bind(w.db);
      let begun = 0;
      const spy = vi.spyOn(w.db, 'transaction').mockImplementation(async (work, config) => {
        if (++begun === 3) await new Promise((resolve) => setTimeout(resolve, 300));
        return transaction(work, config);
      });
      const first = w.ingest(w.dockReader, [read('2024-05-01T10:00:20Z')]);
      // Queued meanwhile: the next group, which asks for the lock while the first holds it.
      const next = w.ingest(w.storeReader, [
        sighting('E28011600000000000000002', at('2024-05-01T10:00:30Z')),
      ]);
      expect(await within(Promise.all([first, next]))).toBe('settled');
      spy.mockRestore();
      expect((await thingRow(w.db, other))?.zoneId).toBe(w.store);
    });

    it('a failed group runs its batches one by one while the next group waits for the lock', async () => {
      const w = await world();
      const tags = ['E28011600000000000000003', 'E28011600000000000000004', 'E28011600000000000000005'];
      for (const tag of tags) await makeThing(w.db, w.org.id, w.site.id, { tag });
      // The second transaction's before-COMMIT hook fails: its group of two runs again one by one.
      let commits = 0;
      const failing = createTrackingStore({
        db: w.db,
        live: app.ctx.live,
        hooks: {
          beforeCommit: [
            async () => {
              if (++commits === 2) throw new Error('the group fails');
            },
          ],
        },
      });
      const ingest = (tag: string, iso: string) =>
        ingestSightings(failing, w.dockReader, [sighting(tag, at(iso))], at('2024-05-01T12:00:00Z'), {
          awaitPublish: true,
        });
      const transaction = w.db.transaction.bind(w.db);
      let begun = 0;
      let later: Promise<unknown> | undefined;
      const spy = vi.spyOn(w.db, 'transaction').mockImplementation(async (work, config) => {
        const n = ++begun;
        // The group of two begins: a batch arriving now forms the group after it.
        if (n === 2) later = ingest(tags[2] ?? '', '2024-05-01T10:00:30Z');
        // That next group begins a moment late, so a batch run again alone takes the lock first.
        if (n === 3) await new Promise((resolve) => setTimeout(resolve, 300));
        return transaction(work, config);
      });
      const first = ingest(TAG, '2024-05-01T10:00:00Z');
      const group = [
        ingest(tags[0] ?? '', '2024-05-01T10:00:10Z'),
        ingest(tags[1] ?? '', '2024-05-01T10:00:20Z'),
      ];
      expect(await within(Promise.all([first, ...group]).then(() => later))).toBe('settled');
      spy.mockRestore();
    });

    it('a group that needs the organization lock (a kill) runs again while the next group waits for its partition', async () => {
      const w = await world();
      const exitReader = await makeEndpoint(w.db, w.org.id, w.site.id);
      await makeZone(w.db, w.org.id, w.site.id, {
        name: 'Exit',
        gates: [gate(exitReader.id)],
        immediateKill: true,
        killMode: 'deleteThing',
      });
      // Another tag of the pallet's partition (of 3).
      const mate = Array.from(
        { length: 50 },
        (_, i) => `E2801160000000000000${String(i + 10).padStart(4, '0')}`,
      ).find((t) => partitionOf(t, 3) === partitionOf(TAG, 3)) as string;
      const mateId = (await makeThing(w.db, w.org.id, w.site.id, { tag: mate })).id;
      const partitioned = createTrackingStore({
        db: w.db,
        live: app.ctx.live,
        hooks: app.ctx.tracking.hooks,
      });
      const ingest = (reader: typeof exitReader, tag: string, iso: string) =>
        ingestSightings(partitioned, reader, [sighting(tag, at(iso))], at('2024-05-01T12:00:00Z'), {
          awaitPublish: true,
          partitions: 3,
        });
      await ingest(w.dockReader, TAG, '2024-05-01T10:00:00Z');
      await ingest(w.dockReader, mate, '2024-05-01T10:00:00Z');
      const killed = ingest(exitReader, TAG, '2024-05-01T10:01:00Z');
      const next = ingest(w.storeReader, mate, '2024-05-01T10:01:10Z');
      expect(await within(Promise.all([killed, next]))).toBe('settled');
      expect((await thingRow(w.db, w.pallet))?.deletedAt).not.toBeNull();
      expect((await thingRow(w.db, mateId))?.zoneId).toBe(w.store);
    });
  },
);
