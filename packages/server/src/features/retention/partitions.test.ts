import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import { makePrivateApp, makeSuperAdmin } from '../../../test/factories.js';
import { rows } from '../../db/client.js';
import { events, zoneDurations } from '../../db/schema.js';
import { maintainPartitions } from './job.js';
import {
  dayPartitions,
  EVENTS,
  ensureDayPartitions,
  ensureEventPartitions,
  PARTITIONS_AHEAD,
  SIGHTINGS_LOG,
  STAYS,
} from './partitions.js';

const ensureSightingPartitions = (db: Parameters<typeof ensureDayPartitions>[0], now: number) =>
  ensureDayPartitions(db, SIGHTINGS_LOG, now);
const sightingPartitions = (db: Parameters<typeof dayPartitions>[0]) => dayPartitions(db, SIGHTINGS_LOG);

// A database of its own: partitions are the whole database's, and a day dropped whole here would
// take other test files' rows of that day with it (and theirs land in the days these tests count).
const app = await makePrivateApp();
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

/** Which partition holds each of the thing's stays, by end. */
const stays = (thingId: string) =>
  rows<{ part: string; time_end: string | Date }>(
    db,
    sql`SELECT tableoid::regclass::text AS part, time_end FROM zone_durations WHERE thing_id = ${thingId} ORDER BY time_end`,
  );
const quarters = (siteId: string) =>
  rows<{ quarter: string | Date; us: number }>(
    db,
    sql`SELECT quarter, us FROM zone_time_quarters WHERE site_id = ${siteId} ORDER BY quarter`,
  );

describe('stays partitioned by the day of their end', () => {
  it('puts a stay in the day it ended, an older one in DEFAULT, and keeps the rollup through the parent', async () => {
    const now = Date.now();
    await ensureDayPartitions(db, STAYS, now);
    const today = `zone_durations_p${new Date(now).toISOString().slice(0, 10).replaceAll('-', '')}`;
    expect((await dayPartitions(db, STAYS)).map((p) => p.name)).toContain(today);
    const s = await trackedSite(app);
    const stay = (end: number) => ({
      orgId: s.org.id,
      siteId: s.site.id,
      thingId: 'stay-thing-1',
      zoneId: s.dock,
      timeStart: new Date(end - 60_000),
      timeEnd: new Date(end),
      timeDurationNs: 60_000_000_000,
    });
    await db.insert(zoneDurations).values([stay(now - 400 * DAY), stay(now)]);
    expect((await stays('stay-thing-1')).map((r) => r.part)).toEqual(['zone_durations_default', today]);
    // The insert through the partitioned parent reached the zone-time rollup.
    expect((await quarters(s.site.id)).reduce((n, q) => n + Number(q.us), 0)).toBe(2 * 60_000_000);
  });

  it('drops a day of stays whole once every policy has passed it, and its quarters with it', async () => {
    const now = Date.now();
    const past = now - 20 * DAY;
    await ensureDayPartitions(db, STAYS, past);
    const s = await trackedSite(app);
    const boss = await makeSuperAdmin(app, s.org.id);
    const stay = (end: number) => ({
      orgId: s.org.id,
      siteId: s.site.id,
      thingId: 'stay-thing-2',
      zoneId: s.dock,
      timeStart: new Date(end - 60_000),
      timeEnd: new Date(end),
      timeDurationNs: 60_000_000_000,
    });
    await db.insert(zoneDurations).values([stay(past + 3_600_000), stay(now - 60_000)]);
    const [old] = await stays('stay-thing-2');
    expect(old?.part).toMatch(/^zone_durations_p\d{8}$/);

    // One organization keeps stays for 30 days: the day stays.
    await boss.request('PUT', '/api/retention', { zoneDurations: 30 });
    await maintainPartitions(db, now);
    expect((await dayPartitions(db, STAYS)).map((p) => p.name)).toContain(old?.part);
    // Every organization keeps at most 14 days: the day (20 days old) goes whole, its quarters too.
    await db.execute(sql`INSERT INTO retention_policies (org_id, policy)
      SELECT id, '{"zoneDurations": 14}'::jsonb FROM organizations
      ON CONFLICT (org_id) DO UPDATE SET policy = retention_policies.policy || excluded.policy`);
    expect(await maintainPartitions(db, now)).toBeGreaterThanOrEqual(1);
    expect((await dayPartitions(db, STAYS)).map((p) => p.name)).not.toContain(old?.part);
    expect((await stays('stay-thing-2')).map((r) => new Date(r.time_end).getTime())).toEqual([now - 60_000]);
    const left = await quarters(s.site.id);
    expect(left.map((q) => new Date(q.quarter).getTime() >= now - 15 * DAY)).not.toContain(false);
    expect(left.reduce((n, q) => n + Number(q.us), 0)).toBe(60_000_000);
  });
});

const ymd = (t: number) => new Date(t).toISOString().slice(0, 10).replaceAll('-', '');
const blockOf = (t: number) => Math.floor(t / DAY) * 2 ** 32;
/** Every organization keeps `days` of events (a drop needs every policy past a day). */
const everyOrgKeepsEvents = (days: number) =>
  db.execute(sql`INSERT INTO retention_policies (org_id, policy)
    SELECT id, ${JSON.stringify({ events: days })}::jsonb FROM organizations
    ON CONFLICT (org_id) DO UPDATE SET policy = retention_policies.policy || excluded.policy`);

describe('events partitioned by id, the ids drawn in day blocks', () => {
  it("draws the engine's next event id from today's block, in today's partition", async () => {
    const now = Date.now();
    await ensureEventPartitions(db, now);
    expect(await ensureEventPartitions(db, now)).toEqual([]);
    const [next] = await rows<{ id: string }>(
      db,
      sql`SELECT nextval(pg_get_serial_sequence('events', 'id')) AS id`,
    );
    expect(Number(next?.id)).toBeGreaterThanOrEqual(blockOf(now));
    expect(Number(next?.id)).toBeLessThan(blockOf(now + DAY));
    const s = await trackedSite(app);
    const [made] = await db
      .insert(events)
      .values({
        orgId: s.org.id,
        siteId: s.site.id,
        tag: 'EV01',
        thingId: 'ev-thing-1',
        time: new Date(now),
        firstTime: new Date(now),
      })
      .returning({ id: events.id });
    const [row] = await rows<{ part: string }>(
      db,
      sql`SELECT tableoid::regclass::text AS part FROM events WHERE id = ${made?.id}`,
    );
    expect(row?.part).toBe(`events_p${ymd(now)}`);
  });

  it('drops an expired day whole but keeps its open events and those merged into since, still written by id', async () => {
    const now = Date.now();
    const day = Math.floor((now - 20 * DAY) / DAY) * DAY;
    await ensureEventPartitions(db, day);
    const s = await trackedSite(app);
    const event = (n: number, time: number, tag: string) => ({
      id: blockOf(day) + n,
      orgId: s.org.id,
      siteId: s.site.id,
      tag,
      thingId: `ev-thing-${tag}`,
      time: new Date(time),
      firstTime: new Date(day + 60_000),
    });
    await db.insert(events).values([
      event(1, day + 60_000, 'EV11'), // closed that day: expired
      event(2, now - 3_600_000, 'EV12'), // merged into an hour ago: kept
      event(3, day + 120_000, 'EV13'), // the tag's open event: kept however old
    ]);
    await db.execute(sql`INSERT INTO tag_state (org_id, tag, event_id, endpoint_id, antenna, direction, last_time)
      VALUES (${s.org.id}, 'EV13', ${blockOf(day) + 3}, ${s.dockReader.id}, 1, 'NEAR', ${new Date(day).toISOString()}::timestamptz)`);
    const names = async () => (await dayPartitions(db, EVENTS)).map((p) => p.name);
    const placed = async () =>
      rows<{ id: string; part: string }>(
        db,
        sql`SELECT id, tableoid::regclass::text AS part FROM events WHERE org_id = ${s.org.id} ORDER BY id`,
      );

    await everyOrgKeepsEvents(30);
    await maintainPartitions(db, now);
    expect(await names()).toContain(`events_p${ymd(day)}`);

    await everyOrgKeepsEvents(14);
    await maintainPartitions(db, now);
    expect(await names()).not.toContain(`events_p${ymd(day)}`);
    expect(await names()).toContain(`events_p${ymd(day)}_kept`);
    expect((await placed()).map((r) => [Number(r.id) - blockOf(day), r.part])).toEqual([
      [2, `events_p${ymd(day)}_kept`],
      [3, `events_p${ymd(day)}_kept`],
    ]);
    // A kept day with nothing more to give up is left as it is; the open event is still merged into by id.
    await maintainPartitions(db, now);
    expect(await names()).toContain(`events_p${ymd(day)}_kept`);
    const merged = await rows<{ id: string }>(
      db,
      sql`UPDATE events SET repeat_count = repeat_count + 1, time = now() WHERE id = ${blockOf(day) + 3} RETURNING id`,
    );
    expect(merged).toHaveLength(1);
  });
});
