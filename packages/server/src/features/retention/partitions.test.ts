import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import { makeApp, makeSuperAdmin } from '../../../test/factories.js';
import { rows } from '../../db/client.js';
import { maintainPartitions } from './job.js';
import { ensureSightingPartitions, PARTITIONS_AHEAD, sightingPartitions } from './partitions.js';

const app = await makeApp();
const { db } = app.ctx;
const DAY = 24 * 60 * 60 * 1000;

/** Which partition holds each of the endpoint's sightings, by time. */
const placed = (endpointId: string) =>
  rows<{ part: string; time: string | Date }>(
    db,
    sql`SELECT tableoid::regclass::text AS part, time FROM sightings WHERE endpoint_id = ${endpointId} ORDER BY time`,
  );

describe('the sightings log partitioned by day', () => {
  it('makes today and the days ahead once, and a sighting lands in its day', async () => {
    const now = Date.now();
    await ensureSightingPartitions(db, now);
    expect(await ensureSightingPartitions(db, now)).toEqual([]);
    const names = (await sightingPartitions(db)).map((p) => p.name);
    const today = `sightings_p${new Date(now).toISOString().slice(0, 10).replaceAll('-', '')}`;
    expect(names).toContain(today);
    expect(names.length).toBeGreaterThanOrEqual(PARTITIONS_AHEAD + 1);

    const s = await trackedSite(app);
    const lastYear = new Date(now - 365 * DAY).toISOString();
    const res = await postNative(app, s.dockReader, [
      { tag: 'AB02', antenna: 1, time: new Date(now).toISOString() },
      { tag: 'AB02', antenna: 1, time: lastYear },
    ]);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 0 });
    // A retry is still a duplicate: the key includes the time, so a row has one partition.
    expect(
      (await postNative(app, s.dockReader, [{ tag: 'AB02', antenna: 1, time: lastYear }])).json(),
    ).toEqual({
      accepted: 0,
      duplicates: 1,
    });
    expect((await placed(s.dockReader.id)).map((r) => r.part)).toEqual(['sightings_default', today]);
  });

  it("makes a day's partition even when the default partition already holds rows of that day, moving them", async () => {
    const s = await trackedSite(app);
    // A day beyond the ones made ahead: its sighting lands in DEFAULT first.
    const day = Date.UTC(2031, 0, 15);
    const name = 'sightings_p20310115';
    await db.execute(sql`DROP TABLE IF EXISTS ${sql.identifier(name)}`);
    await db.execute(
      sql`INSERT INTO sightings (endpoint_id, tag, antenna, time)
        VALUES (${s.dockReader.id}, 'AB04', 1, ${new Date(day + 3_600_000).toISOString()}::timestamptz)`,
    );
    expect((await placed(s.dockReader.id)).map((r) => r.part)).toEqual(['sightings_default']);
    expect(await ensureSightingPartitions(db, day)).toContain(name);
    expect((await placed(s.dockReader.id)).map((r) => r.part)).toEqual([name]);
  });

  it('drops a day whole once every policy has passed it, and keeps a day some organization still keeps', async () => {
    const now = Date.now();
    const past = now - 20 * DAY;
    await ensureSightingPartitions(db, past);
    const s = await trackedSite(app);
    const boss = await makeSuperAdmin(app, s.org.id);
    const time = new Date(past + 60_000).toISOString();
    await postNative(app, s.dockReader, [{ tag: 'AB03', antenna: 1, time }]);
    const [row] = await placed(s.dockReader.id);
    expect(row?.part).toMatch(/^sightings_p\d{8}$/);
    const day = row?.part ?? '';

    // One organization keeps sightings for 30 days: the day stays.
    await boss.request('PUT', '/api/retention', { sightings: 30 });
    await maintainPartitions(db, now);
    expect((await sightingPartitions(db)).map((p) => p.name)).toContain(day);
    // Every organization keeps at most 20 days: the day (20 days old) goes whole.
    await boss.request('PUT', '/api/retention', { sightings: 14 });
    expect(await maintainPartitions(db, now)).toBeGreaterThanOrEqual(1);
    expect((await sightingPartitions(db)).map((p) => p.name)).not.toContain(day);
    expect(await placed(s.dockReader.id)).toEqual([]);
  });
});
