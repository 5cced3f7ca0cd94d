/**
 * The system resolves an exception when its condition clears: a zone-time exception when its thing
 * leaves the zone, a kit's shortage at the next check that finds every child there.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MINUTE_NS, postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import { makeApp, makeThing } from '../../../test/factories.js';
import { exceptions, zones } from '../../db/schema.js';
import type { LiveMessage } from '../../platform/live.js';
import { INVENTORY_SETTLE_MS } from '../../tracking/engine/index.js';

const app = await makeApp();
const { db } = app.ctx;
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
let tagCounter = 0;
const nextTag = () => `E28011900000${String(++tagCounter).padStart(12, '0')}`;
const exceptionsOf = (orgId: string) =>
  db.select().from(exceptions).where(eq(exceptions.orgId, orgId)).orderBy(exceptions.time);

describe('zone-time exceptions', () => {
  it('are resolved by the system when the thing leaves the zone, and the change is published', async () => {
    const s = await trackedSite(app);
    await db.update(zones).set({ durationNs: MINUTE_NS }).where(eq(zones.id, s.dock));
    const tag = nextTag();
    const pallet = (await makeThing(db, s.org.id, s.site.id, { tag, name: 'Pallet' })).id;
    const now = Date.now();
    await postNative(app, s.dockReader, [{ tag, time: iso(now - 5 * MINUTE) }]);
    await app.jobs.tick(now - 2 * MINUTE, { orgIds: [s.org.id] });
    const [raised] = await exceptionsOf(s.org.id);
    expect(raised).toMatchObject({ type: 'zoneTimeException', state: 'open', resolvedAt: null });
    const seen: LiveMessage[] = [];
    const stop = app.ctx.live.subscribe((m) => {
      if (m.orgId === s.org.id && m.type === 'exception') seen.push(m);
    });
    // Seen in the Dock again: still there, still open.
    await postNative(app, s.dockReader, [{ tag, time: iso(now - MINUTE) }]);
    expect((await exceptionsOf(s.org.id))[0]?.state).toBe('open');
    await postNative(app, s.storeReader, [{ tag, time: iso(now) }]);
    stop();
    const [after] = await exceptionsOf(s.org.id);
    expect(after).toMatchObject({ id: raised?.id, state: 'resolved', resolvedBy: 'system' });
    expect(after?.resolvedAt).toBeInstanceOf(Date);
    expect(seen.map((m) => m.data)).toEqual([
      expect.objectContaining({ _id: raised?.id, state: 'resolved', change: 'resolved', thing: pallet }),
    ]);
    const detail = await s.viewer.request('GET', `/api/exceptions/${raised?.id}`);
    expect(detail.json()).toMatchObject({ resolvedBy: 'system', resolvedByName: 'System' });
  });

  it('raised as the stay closes (the thing already gone), it stays open for someone to see', async () => {
    const s = await trackedSite(app);
    await db.update(zones).set({ durationNs: MINUTE_NS }).where(eq(zones.id, s.dock));
    const tag = nextTag();
    await makeThing(db, s.org.id, s.site.id, { tag, name: 'Crate' });
    const now = Date.now();
    await postNative(app, s.dockReader, [{ tag, time: iso(now - 5 * MINUTE) }]);
    await postNative(app, s.storeReader, [{ tag, time: iso(now - MINUTE) }]);
    const raised = await exceptionsOf(s.org.id);
    expect(raised.map((e) => [e.type, e.state])).toEqual([['zoneTimeException', 'open']]);
  });
});

describe('kit inventory exceptions', () => {
  it("a shortage is resolved by the next check that finds the kit's children with it", async () => {
    const s = await trackedSite(app);
    const scope = { orgIds: [s.org.id] };
    const kitTag = nextTag();
    const kit = (await makeThing(db, s.org.id, s.site.id, { tag: kitTag, name: 'Kit' })).id;
    const child = async (name: string) => {
      const tag = nextTag();
      await makeThing(db, s.org.id, s.site.id, { tag, name, parents: [kit] });
      return tag;
    };
    const drill = await child('Drill');
    const meter = await child('Meter');
    const laptop = await child('Laptop');
    const now = Date.now();
    const arrived = now - 2 * INVENTORY_SETTLE_MS - 10_000;
    await postNative(app, s.dockReader, [
      { tag: kitTag, time: iso(arrived) },
      { tag: drill, time: iso(arrived) },
    ]);
    await postNative(app, s.storeReader, [{ tag: meter, time: iso(arrived) }]);
    await app.jobs.tick(arrived + INVENTORY_SETTLE_MS + 1000, scope);
    const [shortage] = await exceptionsOf(s.org.id);
    expect(shortage).toMatchObject({ type: 'inventoryThingsMissing', thingId: kit, state: 'open' });

    // The kit moves to the Store, where all three children are: its next check is right.
    const moved = arrived + INVENTORY_SETTLE_MS + 5000;
    await postNative(app, s.storeReader, [
      { tag: kitTag, time: iso(moved) },
      { tag: drill, time: iso(moved) },
      { tag: laptop, time: iso(moved) },
    ]);
    expect((await exceptionsOf(s.org.id))[0]?.state).toBe('open');
    await app.jobs.tick(moved + INVENTORY_SETTLE_MS + 1000, scope);
    const after = await exceptionsOf(s.org.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: shortage?.id, state: 'resolved', resolvedBy: 'system' });
  });
});
