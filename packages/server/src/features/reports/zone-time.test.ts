/**
 * The Zones History chart from the rollup zone_time_quarters (migration 0014) against the same
 * figures computed from every stay (zoneTimesFromStays): identical, to the last bit of the
 * floating-point seconds, for site-local days across DST changes and odd offsets, the web's
 * end-of-day periods (…23:59:59.999), arbitrary periods, periods inside one quarter, stays on
 * quarter boundaries, zero-length, microsecond, multi-day and inverted stays, beside stays in
 * progress (not counted) — and after deletes, updates and a truncation, and for a rollup rebuilt
 * by the migration's backfill.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeThing } from '../../../test/factories/thing.factory.js';
import { makeZone } from '../../../test/factories/zone.factory.js';
import { makeApp, makeOrg, makeSite } from '../../../test/factories.js';
import { rows } from '../../db/client.js';
import { localDay } from './period.js';
import { type ReportFilter, zoneTimes, zoneTimesFromStays } from './repository.js';

const app = await makeApp();
const { db } = app.ctx;

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const Q = 900_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** An ISO time with microseconds (`us` 0–999) after `ms`. */
const iso = (ms: number, us = 0) => {
  const text = new Date(ms).toISOString();
  return us ? `${text.slice(0, -1)}${String(us).padStart(3, '0')}Z` : text;
};

async function scenario(timeZone: string, around: string, seed: number) {
  const org = await makeOrg(app);
  const site = await makeSite(app, org.id);
  await db.execute(sql`UPDATE sites SET timezone = ${timeZone} WHERE id = ${site.id}`);
  const zones = [];
  for (const name of ['Dock', 'Store', 'Yard'])
    zones.push((await makeZone(db, org.id, site.id, { name })).id);
  const otherSite = await makeSite(app, org.id, 'Other');
  const foreignZone = (await makeZone(db, org.id, otherSite.id)).id;
  const next = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  const base = new Date(around).getTime();
  const stays: { zone: string; s: string; e: string }[] = [];
  for (let i = 0; i < 400; i++) {
    const kind = next();
    // Starts: on a quarter, on a whole ms, or with microseconds; within ±3 days of `around`.
    const startMs = base + Math.floor((next() - 0.5) * 6 * DAY);
    const onQuarter = Math.floor(startMs / Q) * Q;
    const s = kind < 0.25 ? onQuarter : startMs;
    const sUs = kind > 0.8 ? Math.floor(next() * 1000) : 0;
    const duration =
      kind < 0.08
        ? 0 // zero length (a third of them on a quarter's start)
        : kind < 0.3
          ? Math.floor(next() * 8) * Q // whole quarters
          : kind < 0.4
            ? Math.floor(next() * 3 * DAY) // across days
            : kind < 0.45
              ? -Math.floor(next() * 2 * HOUR) - 1 // exit before entry (not rolled up, read live)
              : Math.floor(next() * 3 * HOUR);
    const eUs = kind > 0.8 ? Math.floor(next() * 1000) : 0;
    stays.push({
      zone: pick([...zones, zones[0] as string, foreignZone]),
      s: iso(s, sUs),
      e: iso(s + duration, eUs),
    });
  }
  // In several statements, as the engine writes them (each fires the trigger once).
  for (let i = 0; i < stays.length; i += 37) {
    const part = stays.slice(i, i + 37);
    await db.execute(sql`
      INSERT INTO zone_durations (org_id, site_id, thing_id, zone_id, time_start, time_end, time_duration_ns)
      SELECT ${org.id}, ${site.id}, 'thing', x.zone, x.s, x.e,
        (extract(epoch FROM x.e - x.s) * 1e9)::bigint
      FROM jsonb_to_recordset(${JSON.stringify(part)}::jsonb) AS x(zone text, s timestamptz, e timestamptz)`);
  }
  // Things in a zone now, since various times: stays in progress, which neither counts.
  for (let i = 0; i < 6; i++)
    await makeThing(db, org.id, site.id, {
      zoneId: pick(zones),
      lastZoneTime: new Date(base + Math.floor((next() - 0.7) * 2 * DAY)),
    });
  const filter = (after: Date, before: Date, chosen: string[] = []): ReportFilter => ({
    orgId: org.id,
    siteId: site.id,
    zones: chosen,
    categories: [],
    after,
    before,
    timeZone,
  });
  return { org, site, zones, next, base, filter };
}

type Scenario = Awaited<ReturnType<typeof scenario>>;

/** Periods: local days and weeks, the web's end-of-day form, arbitrary and sub-quarter periods. */
function periods(sc: Scenario, timeZone: string) {
  const out: [Date, Date][] = [];
  const day0 = new Date(sc.base - 4 * DAY);
  for (let d = 0; d < 8; d++) {
    const date = new Date(day0.getTime() + d * DAY).toISOString().slice(0, 10);
    const { after, before } = localDay(date, timeZone);
    out.push([after, before]); // one local day
    out.push([after, new Date(before.getTime() - 1)]); // the web's endOf('day')
    out.push([after, new Date(after.getTime() + 3 * DAY)]); // three days
  }
  for (let i = 0; i < 30; i++) {
    const a = sc.base + Math.floor((sc.next() - 0.5) * 7 * DAY);
    const len = i < 10 ? Math.floor(sc.next() * Q) + 1 : Math.floor(sc.next() * 4 * DAY) + 1;
    out.push([new Date(a), new Date(a + len)]);
    // Aligned start, unaligned end in the same quarter and the other way round.
    const q = Math.floor(a / Q) * Q;
    out.push([new Date(q), new Date(q + 1 + Math.floor(sc.next() * (Q - 1)))]);
    out.push([new Date(q - Math.floor(sc.next() * Q) - 1), new Date(q)]);
    out.push([new Date(q), new Date(q + Q * (1 + Math.floor(sc.next() * 300)))]);
  }
  return out;
}

async function expectSame(sc: Scenario, list: [Date, Date][], chosen: string[] = []) {
  for (const [after, before] of list) {
    const f = sc.filter(after, before, chosen);
    const [fromRollup, fromStays] = await Promise.all([zoneTimes(db, f), zoneTimesFromStays(db, f)]);
    expect({ period: [after, before], rows: fromRollup.map(normal) }).toEqual({
      period: [after, before],
      rows: fromStays.map(normal),
    });
  }
}

const normal = (r: { zone_id: string; zone_name: string; secs: number | string; stays: number }) => ({
  zone: r.zone_id,
  name: r.zone_name,
  secs: Number(r.secs),
  stays: Number(r.stays),
});

const CASES: [string, string][] = [
  ['America/New_York', '2024-03-10T12:00:00Z'], // spring forward: a 23-hour local day
  ['America/New_York', '2024-11-03T12:00:00Z'], // fall back: a 25-hour local day
  ['Asia/Kathmandu', '2024-06-01T00:00:00Z'], // +5:45: local midnights at :15 past UTC hours
  ['America/St_Johns', '2024-03-10T12:00:00Z'], // -3:30 with DST
  ['Australia/Lord_Howe', '2024-04-07T00:00:00Z'], // a 30-minute DST change
  ['UTC', '2024-01-01T00:00:00Z'],
];

describe('Zones History chart from the rollup', () => {
  it.each(CASES)('equals the figures from every stay (%s around %s)', async (timeZone, around) => {
    const sc = await scenario(timeZone, around, around.length * 7919 + timeZone.length);
    const list = periods(sc, timeZone);
    await expectSame(sc, list);
    await expectSame(sc, list.slice(0, 12), [sc.zones[1] as string]);
  });

  it('stays equal after deletes, updates and a truncation, and the backfill rebuilds the same rollup', async () => {
    const sc = await scenario('America/New_York', '2024-11-03T12:00:00Z', 42);
    const list = periods(sc, 'America/New_York').slice(0, 40);
    await db.execute(sql`DELETE FROM zone_durations WHERE site_id = ${sc.site.id} AND id % 5 = 0`);
    await db.execute(
      sql`UPDATE zone_durations SET time_end = time_end + interval '17 minutes 3 seconds'
          WHERE site_id = ${sc.site.id} AND id % 7 = 0`,
    );
    await db.execute(
      sql`UPDATE zone_durations SET zone_id = ${sc.zones[2] as string} WHERE site_id = ${sc.site.id} AND id % 11 = 0`,
    );
    await expectSame(sc, list);

    // The migration's backfill over the same stays gives the rollup the triggers maintained.
    const backfill = readFileSync(
      new URL('../../db/migrations/0014_zone_time_quarters.sql', import.meta.url),
      'utf8',
    )
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('-- Backfill'))
      ?.replace(/^\s*--.*$/gm, '')
      .trim();
    if (!backfill?.startsWith('INSERT INTO zone_time_quarters')) throw new Error('backfill not found');
    const snapshot = () =>
      rows<Record<string, unknown>>(
        db,
        sql`SELECT quarter, zone_id, us::text, starts, crossing, zero FROM zone_time_quarters
            WHERE site_id = ${sc.site.id} AND (us <> 0 OR starts <> 0 OR crossing <> 0 OR zero <> 0)
            ORDER BY quarter, zone_id`,
      );
    const maintained = await snapshot();
    await db.execute(sql`DELETE FROM zone_time_quarters WHERE site_id = ${sc.site.id}`);
    await db.execute(sql.raw(backfill.replace('GROUP BY', `WHERE x.site_id = '${sc.site.id}' GROUP BY`)));
    expect(await snapshot()).toEqual(maintained);
    expect(maintained.length).toBeGreaterThan(100);

    // TRUNCATE empties the rollup with the stays (tests and restores may truncate).
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`TRUNCATE zone_durations`);
        const [left] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM zone_time_quarters`);
        expect(left?.n).toBe(0);
        // Rolled back: other test files may share the database.
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error && /rollback/i.test(err.message))) throw err;
      });
  });
});
