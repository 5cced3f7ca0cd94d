/** Builders for the exceptions tests: a site where a pallet overran the Dock's alert time, plus kit exceptions. */
import { and, eq } from 'drizzle-orm';
import { exceptions, zones } from '../../src/db/schema.js';
import type { App } from '../../src/platform/context.js';
import { newId } from '../../src/platform/ids.js';
import { MINUTE_NS, postNative, trackedSite } from './ingest.factory.js';
import { makeThing } from './thing.factory.js';

/**
 * Dock allows 1 minute; the pallet stays 5 (a zone time exception at 10:01), its kit misses a box
 * (a shortage at 11:00) and a stray crate was seen in the Store instead of the Dock (12:00).
 */
export async function siteWithExceptions(app: App) {
  const s = await trackedSite(app);
  const { db } = app.ctx;
  await db.update(zones).set({ durationNs: MINUTE_NS }).where(eq(zones.id, s.dock));
  const pallet = (await makeThing(db, s.org.id, s.site.id, { tag: 'AA01', name: 'Pallet 1' })).id;
  const box = (await makeThing(db, s.org.id, s.site.id, { tag: 'BB01', name: 'Box 1', parents: [pallet] }))
    .id;
  const crate = (await makeThing(db, s.org.id, s.site.id, { tag: 'CC01', name: '=Crate', class: 'worker' }))
    .id;
  await postNative(app, s.dockReader, [{ tag: 'AA01', time: '2024-05-01T10:00:00Z' }]);
  await postNative(app, s.storeReader, [{ tag: 'AA01', time: '2024-05-01T10:05:00Z' }]);
  const shortage = newId();
  const wrongZone = newId();
  await db.insert(exceptions).values([
    {
      id: shortage,
      orgId: s.org.id,
      siteId: s.site.id,
      type: 'inventoryThingsMissing',
      time: new Date('2024-05-01T11:00:00Z'),
      thingId: pallet,
      zoneId: s.store,
      multipleThings: [box],
      stayStart: new Date('2024-05-01T10:05:00Z'),
    },
    {
      id: wrongZone,
      orgId: s.org.id,
      siteId: s.site.id,
      type: 'inventoryThingsUnexpected',
      time: new Date('2024-05-01T12:00:00Z'),
      thingId: crate,
      zoneId: s.store,
      expectedZoneId: s.dock,
      multipleThings: [crate],
    },
  ]);
  const [timeException] = await db
    .select()
    .from(exceptions)
    .where(and(eq(exceptions.orgId, s.org.id), eq(exceptions.type, 'zoneTimeException')));
  if (!timeException) throw new Error('the overrun raised no exception');
  return { ...s, pallet, box, crate, shortage, wrongZone, timeException: timeException.id };
}
