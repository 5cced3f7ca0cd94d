/**
 * Activity rows per (thing, day) from activityDays against activityDaysByZone (the per-zone
 * formulation it replaced, which the flattened rows still use): the same rows, values and order —
 * on the engine-built report scenario and on generated events and stays around DST changes and odd
 * offsets (events without a zone, events whose first time precedes the day, stays across days,
 * open stays, things with events but no stays and the other way round, chosen zones).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeThing, makeZone } from '../../../test/factories/tracking.js';
import { makeApp, makeOrg, makeSite } from '../../../test/factories.js';
import { activityDays, activityDaysByZone } from './activity.repository.js';
import { localDay } from './period.js';
import { reportScenario, TWO_DAYS } from './reports.testkit.js';
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
      for (let i = 0; i < 600; i++) {
        // Thing 7 has stays only, thing 6 events only.
        const thing = pick(things.slice(0, 7));
        const t = base + Math.floor((next() - 0.5) * 6 * DAY);
        const back = next() < 0.2 ? Math.floor(next() * 30 * HOUR) : Math.floor(next() * HOUR);
        events.push({
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
      SELECT ${org.id}, ${site.id}, 'TAG', x.thing, x.zone, x.time, x.first
      FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb) AS x(thing text, zone text, time timestamptz, first timestamptz)`);
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
      expect(await expectSame(f(first.after, last.before), now, order)).toBeGreaterThan(30);
      await expectSame(f(first.after, new Date(last.before.getTime() - 1)), now, order);
      await expectSame(f(new Date(base - 7 * HOUR - 123), new Date(base + 29 * HOUR + 77)), now, things);
      await expectSame(f(first.after, last.before, [zones[1] as string]), now, things);
    },
  );
});
