/**
 * The kept state (kept-state.ts) changes no result: one story of batches, kills, an editor's
 * change and auto-enrolment, ingested with the state kept and with it read every batch, with one
 * ingest partition and with several, leaves the same things, events, stays and open events.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { at, sighting } from '../../../test/factories/store.factory.js';
import {
  gate,
  makeApp,
  makeEndpoint,
  makeOrg,
  makeSite,
  makeThing,
  makeZone,
} from '../../../test/factories.js';
import { rows } from '../../db/client.js';
import { things } from '../../db/schema.js';
import { createTrackingStore, ingestSightings } from './index.js';

const app = await makeApp();
const { db, live } = app.ctx;
const tracking = createTrackingStore({ db, live, hooks: app.ctx.tracking.hooks });

const PARENT = 'E28011800000000000000001';
const CHILD = 'E28011800000000000000002';
const OTHER = 'E28011800000000000000003';
const NEW = 'E28011800000000000000004';

async function story(keepState: boolean, partitions: number) {
  const org = await makeOrg(app);
  const site = await makeSite(app, org.id);
  const dockReader = await makeEndpoint(db, org.id, site.id);
  const storeReader = await makeEndpoint(db, org.id, site.id);
  const exitReader = await makeEndpoint(db, org.id, site.id);
  await db.execute(sql`UPDATE endpoints SET auto_enroll = true WHERE id = ${storeReader.id}`);
  const zones = new Map<string, string>();
  for (const [name, reader, kill] of [
    ['Dock', dockReader, false],
    ['Store', storeReader, false],
    ['Exit', exitReader, true],
  ] as const) {
    const { id } = await makeZone(db, org.id, site.id, {
      name,
      gates: [gate(reader.id)],
      immediateKill: kill,
      killMode: kill ? 'deleteThing' : 'clearZone',
    });
    zones.set(id, name);
  }
  const parent = await makeThing(db, org.id, site.id, { tag: PARENT });
  await makeThing(db, org.id, site.id, { tag: CHILD, parents: [parent.id] });
  const other = await makeThing(db, org.id, site.id, { tag: OTHER });
  const ingest = (reader: typeof dockReader, tags: string[], iso: string) =>
    ingestSightings(
      tracking,
      reader,
      tags.map((t) => sighting(t, at(iso))),
      at('2024-05-01T12:00:00Z'),
      {
        awaitPublish: true,
        keepState,
        partitions,
      },
    );
  await ingest(dockReader, [PARENT, CHILD, OTHER], '2024-05-01T10:00:00Z');
  await ingest(dockReader, [PARENT, CHILD, OTHER], '2024-05-01T10:00:05Z');
  await ingest(exitReader, [PARENT], '2024-05-01T10:01:00Z'); // killed: the child loses its parent
  await ingest(storeReader, [CHILD, OTHER, NEW], '2024-05-01T10:02:00Z'); // NEW is enrolled
  await db
    .update(things)
    .set({ zoneId: null, lastZoneTime: new Date('2024-05-01T10:02:30Z') })
    .where(eq(things.id, other.id));
  await ingest(storeReader, [CHILD, OTHER, NEW, PARENT], '2024-05-01T10:03:00Z');
  await ingest(dockReader, [CHILD, NEW], '2024-05-01T10:03:05Z');
  await ingest(dockReader, [CHILD, NEW], '2024-05-01T10:03:02Z'); // older: history only
  await ingest(exitReader, [NEW], '2024-05-01T10:04:00Z');
  await ingest(dockReader, [NEW, OTHER], '2024-05-01T10:05:00Z'); // NEW's tag is free again

  const zone = (id: string | null) => (id === null ? null : (zones.get(id) ?? '?'));
  const thingRows = await rows<{
    tag: string;
    zone_id: string | null;
    deleted: boolean;
    parents: string[];
    t: string | null;
  }>(
    db,
    sql`SELECT tag1 AS tag, zone_id, deleted_at IS NOT NULL AS deleted, parents, last_zone_time::text AS t
      FROM things WHERE org_id = ${org.id} ORDER BY tag1, deleted_at NULLS FIRST`,
  );
  const eventRows = await rows<{
    tag: string;
    zone_id: string | null;
    n: number;
    f: string;
    t: string;
    open: boolean;
  }>(
    db,
    sql`SELECT e.tag, e.zone_id, e.repeat_count AS n, e.first_time::text AS f, e.time::text AS t,
        EXISTS (SELECT 1 FROM tag_state s WHERE s.event_id = e.id) AS open
      FROM events e WHERE e.org_id = ${org.id} ORDER BY e.tag, e.time, e.first_time, e.repeat_count`,
  );
  const stayRows = await rows<{ zone_id: string; s: string; e: string }>(
    db,
    sql`SELECT zone_id, time_start::text AS s, time_end::text AS e FROM zone_durations WHERE org_id = ${org.id}
      ORDER BY time_start, time_end, zone_id`,
  );
  return {
    things: thingRows.map((r) => ({ ...r, zone_id: zone(r.zone_id), parents: r.parents.length })),
    events: eventRows.map((r) => ({ ...r, zone_id: zone(r.zone_id) })),
    stays: stayRows.map((r) => ({ ...r, zone_id: zone(r.zone_id) })),
  };
}

describe('the kept state changes no result', () => {
  for (const partitions of [1, 3]) {
    it(`with ${partitions} ingest partition(s)`, async () => {
      const read = await story(false, partitions);
      const kept = await story(true, partitions);
      expect(kept).toEqual(read);
      expect(read.things.some((t) => t.deleted)).toBe(true);
    });
  }
});
