/**
 * Activity rows per (thing, day) from activityDays against activityDaysByZone (the per-zone
 * formulation it replaced, which the flattened rows still use, and which reads every event live):
 * the same rows, values and order — on the engine-built report scenario and on generated events and
 * stays around DST changes and odd offsets (events without a zone, events whose first time precedes
 * the day, stays across days, open stays, things with events but no stays and the other way round,
 * chosen zones). Each time before and after the events rollup is folded (event-days.ts), and as the
 * tracking store changes events after a fold: an open event merged into across midnight, late
 * events inserted into folded days, an open event closed, a site's timezone changed.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reportScenario, TWO_DAYS } from '../../../test/factories/report.factory.js';
import { makeThing } from '../../../test/factories/thing.factory.js';
import { makeZone } from '../../../test/factories/zone.factory.js';
import { makeApp, makeOrg, makeSite } from '../../../test/factories.js';
import { rows } from '../../db/client.js';
import { ensureEventPartitions } from '../retention/partitions.js';
import { activityDays, activityDaysByZone } from './activity.repository.js';
import { eventDaysCover, foldEventDays } from './event-days.js';
import { localDay } from './period.js';
import type { ReportFilter } from './repository.js';

const app = await makeApp();
const { db } = app.ctx;
const DAY = 86_400_000;
const HOUR = 3_600_000;

function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rows as the service reads them (activity.ts): dates as ISO, seconds as nanoseconds. */
const normal = (rows: Awaited<ReturnType<typeof activityDays>>) =>
  rows.map((r) => ({
    thing: r.thing_id,
    day: r.day,
    first: r.first_seen ? new Date(r.first_seen).toISOString() : null,
    last: r.last_seen ? new Date(r.last_seen).toISOString() : null,
    n: r.n,
    ns: Math.round(Number(r.secs) * 1e9),
    zones: Object.fromEntries(
      Object.entries(r.zone_secs)
        .map(([zone, secs]) => [zone, Math.round(Number(secs) * 1e9)])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ),
  }));

async function expectSame(f: ReportFilter, now: Date, thingIds: string[]) {
  const [rows, reference] = await Promise.all([
    activityDays(db, f, now, thingIds),
    activityDaysByZone(db, f, now, thingIds),
  ]);
  expect(normal(rows)).toEqual(normal(reference));
  return rows.length;
}

describe('Activity per thing and day', () => {
  it('equals the per-zone formulation on the engine-built scenario', async () => {
    const s = await reportScenario(app);
    const f: ReportFilter = {
      orgId: s.org.id,
      siteId: s.site.id,
      zones: [],
      categories: [],
      after: new Date(TWO_DAYS.after),
      before: new Date(TWO_DAYS.before),
      timeZone: 'America/New_York',
    };
    const now = new Date('2024-01-11T20:00:00Z');
    expect(await expectSame(f, now, [s.saw, s.drill, s.ann])).toBeGreaterThan(1);
    await expectSame({ ...f, zones: [s.store] }, now, [s.ann, s.drill]);
    // Through the rollup: the engine's tags keep their open events (tag_state), so they are pending.
    expect(await foldEventDays(db, s.org.id)).toBe(true);
    expect(await eventDaysCover(db, f)).toBeDefined();
    expect(await expectSame(f, now, [s.saw, s.drill, s.ann])).toBeGreaterThan(1);
    await expectSame({ ...f, zones: [s.store] }, now, [s.ann, s.drill]);
  });

  it.each([
    ['America/New_York', '2024-03-10T12:00:00Z'],
    ['America/New_York', '2024-11-03T12:00:00Z'],
    ['Asia/Kathmandu', '2024-06-01T00:00:00Z'],
    ['Australia/Lord_Howe', '2024-04-07T00:00:00Z'],
  ])(
    'equals the per-zone formulation on generated events and stays (%s around %s)',
    async (timeZone, around) => {
      const next = random(around.length * 31 + timeZone.length);
      const org = await makeOrg(app);
      const site = await makeSite(app, org.id);
      await db.execute(sql`UPDATE sites SET timezone = ${timeZone} WHERE id = ${site.id}`);
      const zones: string[] = [];
      for (const name of ['Dock', 'Store', 'Yard'])
        zones.push((await makeZone(db, org.id, site.id, { name })).id);
      const base = new Date(around).getTime();
      const things: string[] = [];
      for (let i = 0; i < 8; i++) {
        const open = i % 3 === 0;
        things.push(
          (
            await makeThing(db, org.id, site.id, {
              name: `T${i}`,
              ...(open
                ? { zoneId: zones[i % 3], lastZoneTime: new Date(base - Math.floor(next() * 2 * DAY)) }
                : {}),
            })
          ).id,
        );
      }
      const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
      const events = [];
      const stays = [];
      const TAGS = ['T0', 'T1', 'T2', 'T3', 'T4'];
      for (let i = 0; i < 600; i++) {
        // Thing 7 has stays only, thing 6 events only.
        const thing = pick(things.slice(0, 7));
        const t = base + Math.floor((next() - 0.5) * 6 * DAY);
        const back = next() < 0.2 ? Math.floor(next() * 30 * HOUR) : Math.floor(next() * HOUR);
        events.push({
          tag: pick(TAGS),
          thing,
          zone: next() < 0.15 ? null : pick(zones),
          time: new Date(t).toISOString(),
          first: new Date(t - back).toISOString(),
        });
        const stayThing = pick([...things.slice(0, 6), things[7] as string]);
        const s = base + Math.floor((next() - 0.5) * 6 * DAY);
        const d = next() < 0.15 ? Math.floor(next() * 3 * DAY) : Math.floor(next() * 3 * HOUR);
        if (i % 2 === 0)
          stays.push({
            thing: stayThing,
            zone: pick(zones),
            s: new Date(s).toISOString(),
            e: new Date(s + d).toISOString(),
          });
      }
      await db.execute(sql`
      INSERT INTO events (org_id, site_id, tag, thing_id, zone_id, time, first_time)
      SELECT ${org.id}, ${site.id}, x.tag, x.thing, x.zone, x.time, x.first
      FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb) AS x(tag text, thing text, zone text, time timestamptz, first timestamptz)`);
      await db.execute(sql`
      INSERT INTO zone_durations (org_id, site_id, thing_id, zone_id, time_start, time_end, time_duration_ns)
      SELECT ${org.id}, ${site.id}, x.thing, x.zone, x.s, x.e, (extract(epoch FROM x.e - x.s) * 1e9)::bigint
      FROM jsonb_to_recordset(${JSON.stringify(stays)}::jsonb) AS x(thing text, zone text, s timestamptz, e timestamptz)`);
      const now = new Date(base + DAY);
      const f = (after: Date, before: Date, chosen: string[] = []): ReportFilter => ({
        orgId: org.id,
        siteId: site.id,
        zones: chosen,
        categories: [],
        after,
        before,
        timeZone,
      });
      const first = localDay(new Date(base - 3 * DAY).toISOString().slice(0, 10), timeZone);
      const last = localDay(new Date(base + 3 * DAY).toISOString().slice(0, 10), timeZone);
      const order = [...things].reverse();
      const check = async () => {
        expect(await expectSame(f(first.after, last.before), now, order)).toBeGreaterThan(30);
        await expectSame(f(first.after, new Date(last.before.getTime() - 1)), now, order);
        await expectSame(f(new Date(base - 7 * HOUR - 123), new Date(base + 29 * HOUR + 77)), now, things);
        await expectSame(f(first.after, last.before, [zones[1] as string]), now, things);
      };
      await check();

      // Each tag's open event (tag_state) is a random one of its events; the fold leaves them pending.
      const eventIds = () =>
        rows<{ id: string; tag: string }>(
          db,
          sql`SELECT id::text AS id, tag FROM events WHERE org_id = ${org.id} ORDER BY id`,
        );
      const openOf = new Map<string, string>();
      for (const e of await eventIds()) if (!openOf.has(e.tag) || next() < 0.1) openOf.set(e.tag, e.id);
      await db.execute(sql`
        INSERT INTO tag_state (org_id, tag, event_id, endpoint_id, antenna, direction, last_time)
        SELECT ${org.id}, x.key, x.value::bigint, 'reader', 1, 'NEAR', now()
        FROM jsonb_each_text(${JSON.stringify(Object.fromEntries(openOf))}::jsonb) x`);
      // A fold that stops part way (the job's one chunk per run) leaves the rollup exact too.
      expect(await foldEventDays(db, org.id, { chunk: 97, maxChunks: 2 })).toBe(false);
      await check();
      expect(await foldEventDays(db, org.id, { chunk: 97 })).toBe(true);
      const cover = await eventDaysCover(db, f(first.after, last.before));
      expect(cover?.firstDay).toBe(new Date(base - 3 * DAY).toISOString().slice(0, 10));
      const counted = async (table: 'event_days' | 'event_days_pending') => {
        const [r] = await rows<{ n: string | number }>(
          db,
          sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE org_id = ${org.id}`,
        );
        return Number(r?.n);
      };
      expect(await counted('event_days')).toBeGreaterThan(30);
      expect(await counted('event_days_pending')).toBe(openOf.size);
      await check();

      // The store after the fold: open events merged into (time past the next midnight, first time
      // earlier), late events inserted into folded days (ids above the watermark), then one tag's
      // open event closed by a newer event.
      await db.execute(sql`UPDATE events SET time = time + interval '26 hours', first_time = first_time - interval '1 hour'
        WHERE id IN (SELECT event_id FROM tag_state WHERE org_id = ${org.id})`);
      await db.execute(sql`
        INSERT INTO events (org_id, site_id, tag, thing_id, zone_id, time, first_time)
        SELECT ${org.id}, ${site.id}, 'LATE', x.thing_id, NULL, x.time - interval '20 hours', x.time - interval '45 hours'
        FROM (SELECT thing_id, time FROM events WHERE org_id = ${org.id} ORDER BY id LIMIT 40) x`);
      await check();
      const [closing] = await rows<{ id: string }>(
        db,
        sql`INSERT INTO events (org_id, site_id, tag, thing_id, zone_id, time, first_time)
          VALUES (${org.id}, ${site.id}, 'T0', ${things[0]}, ${zones[0]}, ${new Date(base).toISOString()}::timestamptz,
            ${new Date(base - HOUR).toISOString()}::timestamptz)
          RETURNING id::text AS id`,
      );
      await db.execute(
        sql`UPDATE tag_state SET event_id = ${closing?.id}::bigint WHERE org_id = ${org.id} AND tag = 'T0'`,
      );
      await check();
      expect(await foldEventDays(db, org.id)).toBe(true);
      expect(await counted('event_days_pending')).toBe(openOf.size);
      await check();

      // A new timezone: the rollup's days are other days. Read live until the fold starts again.
      const other = timeZone === 'America/New_York' ? 'Asia/Kathmandu' : 'America/New_York';
      await db.execute(sql`UPDATE sites SET timezone = ${other} WHERE id = ${site.id}`);
      const moved = (after: Date, before: Date, chosen: string[] = []) => ({
        ...f(after, before, chosen),
        timeZone: other,
      });
      expect(await eventDaysCover(db, moved(first.after, last.before))).toBeUndefined();
      await expectSame(moved(first.after, last.before), now, order);
      expect(await foldEventDays(db, org.id, { chunk: 1000 })).toBe(true);
      expect(await eventDaysCover(db, moved(first.after, last.before))).toBeDefined();
      await expectSame(moved(first.after, last.before), now, order);
      await expectSame(moved(new Date(base - 7 * HOUR - 123), new Date(base + 29 * HOUR + 77)), now, things);
    },
  );

  it('folds events whose ids lie days apart in a few chunks, not one per million ids between them', async () => {
    // An event kept from before the ids were drawn in day blocks (DEFAULT partition, a small id)
    // and one of today's block: billions of ids apart.
    await ensureEventPartitions(db, Date.now());
    const org = await makeOrg(app);
    const site = await makeSite(app, org.id);
    const thing = await makeThing(db, org.id, site.id);
    const [old] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO events (id, org_id, site_id, tag, thing_id, time, first_time)
        SELECT coalesce(max(id), 0) + 1, ${org.id}, ${site.id}, 'OLD', ${thing.id}, now() - interval '3 days', now() - interval '3 days'
        FROM events_default RETURNING id::text AS id`,
    );
    const [today] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO events (org_id, site_id, tag, thing_id, time, first_time)
        VALUES (${org.id}, ${site.id}, 'NEW', ${thing.id}, now(), now()) RETURNING id::text AS id`,
    );
    expect(Number(today?.id) - Number(old?.id)).toBeGreaterThan(2 ** 32);
    expect(await foldEventDays(db, org.id, { maxChunks: 3 })).toBe(true);
    const [days] = await rows<{ n: number }>(
      db,
      sql`SELECT coalesce(sum(n), 0)::int AS n FROM event_days WHERE org_id = ${org.id}`,
    );
    expect(days?.n).toBe(2);
  });
});
