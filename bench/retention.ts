/**
 * Retention purge under ingest (docs/decisions/0323-partitioned-sightings.md; figures in
 * docs/benchmarks.md): DAYS days of PER_DAY raw sightings a day (each day in its partition) plus
 * their events and stays (one of each per STAY_EVERY sightings) on PostgreSQL, then a purge to 14
 * days while readers keep sending at a steady rate through the tracking store. Prints the purge's
 * wall time, the ingest acknowledgement p99 during the purge against a stretch without it in the
 * same run (and their ratio), and the database's size before and after the purge (and after a
 * VACUUM, which returns the deleted events' pages for reuse). It also prints the longest any writer
 * waited for the locks ingest takes (ROW EXCLUSIVE on the log, events, stays and their rollups,
 * probed every few milliseconds by a connection of its own) during the purge and without it.
 *
 *   npx tsx bench/retention.ts [--days 30] [--per-day 1000000] [--rate 2000] [--baseline 10]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { openDatabase } from '../packages/server/src/db/client.js';
import { organizations } from '../packages/server/src/db/schema.js';
import { retentionJob } from '../packages/server/src/features/retention/job.js';
import {
  ensureDayPartitions,
  ensureEventPartitions,
  SIGHTINGS_LOG,
  STAYS,
} from '../packages/server/src/features/retention/partitions.js';
import { createLocalBus } from '../packages/server/src/platform/live.js';
import { parseNativeSightings } from '../packages/server/src/tracking/formats/index.js';
import { createTrackingStore, ingestSightings } from '../packages/server/src/tracking/store/index.js';
import { databaseUrl, dropDatabase, recreateDatabase, seedSite } from './lib/setup.js';
import { fmt, ms, summarize } from './lib/stats.js';
import { Workload } from './lib/workload.js';

const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '30' },
    'per-day': { type: 'string', default: '1000000' },
    rate: { type: 'string', default: '2000' },
    baseline: { type: 'string', default: '10' },
  },
});
const DAYS = Number(args.days);
const PER_DAY = Number(args['per-day']);
const RATE = Number(args.rate);
const BASELINE_S = Number(args.baseline);
const KEEP_DAYS = 14;
const STAY_EVERY = 20;
const BATCH = 100;
const DAY = 24 * 60 * 60 * 1000;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/';
const DATABASE = `${process.env.BENCH_DATABASE ?? 'sightline_bench'}_retention`;

const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;

async function main() {
  await recreateDatabase(PG_URL, DATABASE);
  const database = await openDatabase({ url: databaseUrl(PG_URL, DATABASE), poolSize: 12 });
  const pool = database.pool as pg.Pool;
  const size = async () =>
    Number((await pool.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n')).rows[0]?.n);
  try {
    await database.db
      .insert(organizations)
      .values({ id: '6565f0a1b2c3d4e5f6a7b8c0', name: 'Bench', subdomain: 'bench' });
    const site = await seedSite(pool, { zones: 5, endpoints: 20, things: 5000 });
    const now = Date.now();
    const today = Math.floor(now / DAY) * DAY;
    for (const table of [SIGHTINGS_LOG, STAYS]) {
      for (let d = DAYS; d >= 0; d -= 3) await ensureDayPartitions(database.db, table, today - d * DAY);
      await ensureDayPartitions(database.db, table, now);
    }
    for (let d = DAYS; d >= 0; d -= 3) await ensureEventPartitions(database.db, today - d * DAY);
    await ensureEventPartitions(database.db, now);

    console.log(
      `retention purge — ${new Date().toISOString()} · ${DAYS} days × ${fmt(PER_DAY)} sightings/day, ` +
        `1 event and 1 stay per ${STAY_EVERY} · purge to ${KEEP_DAYS} days · ingest ${fmt(RATE)}/s · load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    const loadStart = Date.now();
    const endpointIds = site.endpoints.map((e) => e.id);
    for (let d = DAYS; d >= 1; d--) {
      const from = new Date(today - d * DAY).toISOString();
      const step = DAY / PER_DAY;
      await pool.query(
        `INSERT INTO sightings (endpoint_id, tag, antenna, time, rssi)
         SELECT ($2::text[])[1 + g % 20], $3 || lpad(to_hex(g % 5000), 16, '0'), 1,
           $1::timestamptz + g * ($4 || ' milliseconds')::interval, -60
         FROM generate_series(0, $5 - 1) g`,
        [from, endpointIds, 'E2801160', String(step), PER_DAY],
      );
      const n = Math.floor(PER_DAY / STAY_EVERY);
      await pool.query(
        // Each day's events carry that day's ids (the block the engine drew them from that day).
        `INSERT INTO events (id, org_id, site_id, tag, thing_id, time, first_time, endpoint_id, zone_id)
         SELECT $8::bigint + g, $2, $3, 'E2801160' || lpad(to_hex(g % 5000), 16, '0'), 'bench-thing-' || (g % 5000),
           $1::timestamptz + g * ($4 || ' milliseconds')::interval,
           $1::timestamptz + g * ($4 || ' milliseconds')::interval, ($5::text[])[1 + g % 20], $6
         FROM generate_series(0, $7 - 1) g`,
        [
          from,
          site.orgId,
          site.siteId,
          String(DAY / n),
          endpointIds,
          site.zoneIds[0],
          n,
          ((today - d * DAY) / DAY) * 2 ** 32,
        ],
      );
      await pool.query(
        `INSERT INTO zone_durations (org_id, site_id, thing_id, zone_id, time_start, time_end, time_duration_ns)
         SELECT $2, $3, 'bench-thing-' || (g % 5000), $5,
           $1::timestamptz + g * ($4 || ' milliseconds')::interval,
           $1::timestamptz + g * ($4 || ' milliseconds')::interval + interval '1 minute', 60000000000
         FROM generate_series(0, $6 - 1) g`,
        [from, site.orgId, site.siteId, String(DAY / n), site.zoneIds[0], n],
      );
    }
    await pool.query('VACUUM ANALYZE');
    const counts = (
      await pool.query<Record<string, string>>(
        `SELECT (SELECT count(*) FROM sightings) AS sightings, (SELECT count(*) FROM events) AS events,
           (SELECT count(*) FROM zone_durations) AS stays`,
      )
    ).rows[0];
    const before = await size();
    console.log(
      `loaded ${fmt(Number(counts?.sightings))} sightings, ${fmt(Number(counts?.events))} events, ` +
        `${fmt(Number(counts?.stays))} stays in ${fmt((Date.now() - loadStart) / 1000)} s · database ${mb(before)}`,
    );

    // Steady ingest: a batch of BATCH every BATCH / RATE seconds, each acknowledgement timed.
    const store = createTrackingStore({
      db: database.db,
      live: createLocalBus({ coalesceMs: 0 }),
      hooks: {},
    });
    const workload = new Workload(site.tags, site.endpoints, 0.1);
    const log = { warn: () => undefined, info: () => undefined, error: () => undefined } as never;
    let phase = 'warm' as 'warm' | 'baseline' | 'purge' | 'stop';
    const phaseNow = () => phase;
    const acks: Record<'baseline' | 'purge', number[]> = { baseline: [], purge: [] };
    const inflight = new Set<Promise<void>>();
    const sender = (async () => {
      let b = 0;
      const every = (BATCH / RATE) * 1000;
      let next = Date.now();
      while (phaseNow() !== 'stop') {
        const e = b++ % site.endpoints.length;
        const endpoint = site.endpoints[e];
        const sentAt = Date.now();
        const at = phaseNow();
        const parsed = parseNativeSightings(JSON.parse(workload.batch(e, BATCH, sentAt)), sentAt);
        const p = ingestSightings(
          store,
          { id: endpoint?.id ?? '', orgId: site.orgId },
          parsed.sightings,
          sentAt,
          {
            log,
          },
        ).then(() => {
          if (at === 'baseline' || at === 'purge') acks[at].push(Date.now() - sentAt);
        });
        inflight.add(p);
        void p.finally(() => inflight.delete(p));
        next += every;
        await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
      }
    })();
    // The lock probe: a writer's locks taken and released again and again, each wait timed.
    const waits: Record<'baseline' | 'purge', number[]> = { baseline: [], purge: [] };
    const probe = (async () => {
      const client = await pool.connect();
      try {
        while (phaseNow() !== 'stop') {
          const at = phaseNow();
          const t0 = performance.now();
          await client.query('BEGIN');
          await client.query(
            'LOCK TABLE sightings, events, zone_durations, zone_time_quarters, event_days IN ROW EXCLUSIVE MODE',
          );
          await client.query('COMMIT');
          if (at === 'baseline' || at === 'purge') waits[at].push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 5));
        }
      } finally {
        client.release();
      }
    })();
    await new Promise((r) => setTimeout(r, 3000));
    phase = 'baseline';
    await new Promise((r) => setTimeout(r, BASELINE_S * 1000));

    await pool.query(`INSERT INTO retention_policies (org_id, policy) VALUES ($1, $2::jsonb)`, [
      site.orgId,
      JSON.stringify({
        sightings: KEEP_DAYS,
        events: KEEP_DAYS,
        zoneDurations: KEEP_DAYS,
        exceptions: KEEP_DAYS,
      }),
    ]);
    phase = 'purge';
    const purgeStart = Date.now();
    await retentionJob({ db: database.db, config: { queueSchema: 'pgboss' } as never }).run(
      Date.now(),
      undefined,
      {},
    );
    const purgeMs = Date.now() - purgeStart;
    phase = 'stop';
    await sender;
    await probe;
    await Promise.all(inflight);
    const afterPurge = await size();
    await pool.query('VACUUM');
    const afterVacuum = await size();

    const base = summarize(acks.baseline);
    const during = summarize(acks.purge);
    console.log(`purge wall time            ${ms(purgeMs)} (target < 5,000 ms)`);
    console.log(
      `ack p50 / p99 / max, no purge   ${ms(base.p50)} / ${ms(base.p99)} / ${ms(base.max)} (${base.count} batches)`,
    );
    console.log(
      `ack p50 / p99 / max, purging    ${ms(during.p50)} / ${ms(during.p99)} / ${ms(during.max)} (${during.count} batches)`,
    );
    console.log(`ack p99 ratio purge / none      ${fmt(during.p99 / base.p99, 2)}× (target ≤ 1.2×)`);
    const [lockBase, lockPurge] = [summarize(waits.baseline), summarize(waits.purge)];
    console.log(
      `writer's lock wait max, no purge / purging   ${ms(lockBase.max)} / ${ms(lockPurge.max)} ` +
        `(${lockBase.count} / ${lockPurge.count} probes; target < 100 ms)`,
    );
    console.log(
      `database size before / after purge / after VACUUM   ${mb(before)} / ${mb(afterPurge)} / ${mb(afterVacuum)}`,
    );
  } finally {
    await database.close();
    await dropDatabase(PG_URL, DATABASE);
  }
}

await main();
