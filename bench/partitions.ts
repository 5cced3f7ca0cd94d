/**
 * Ingest partitions A/B (docs/decisions/0024-ingest-partitions.md; figures in
 * docs/benchmarks/history.md, Ingest): the store's own `ingestSightings` in process on PostgreSQL
 * (no HTTP, no SSE: the part partitions change), 8 closed-loop clients posting batches of 500 of
 * `bench:ingest`'s workload, the partition counts alternating slice by slice so the machine's
 * other load falls on every mode alike. Per mode: sightings per second,
 * CPU of this process and of PostgreSQL per 1,000 sightings, and the idle cores left.
 *
 *   npx tsx bench/partitions.ts [--modes 1,2,4] [--slices 6] [--seconds 8] [--clients 8] [--instances 1]
 *
 * `--instances 2` gives each mode two database handles (two pools, as two instances have), the
 * clients split between them. A mode `4off` is K = 4 on connections with `synchronous_commit=off`
 * (what the WAL flush at COMMIT costs; not a setting to use: acknowledged sightings must be durable).
 * A mode `1r` is K = 1 reading the organization's configuration in every batch (`keepConfig:
 * false`) instead of keeping it between batches as the store does
 * (docs/decisions/0025-tracking-configuration-kept.md).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { type Database, openDatabase } from '../packages/server/src/db/client.js';
import { organizations } from '../packages/server/src/db/schema.js';
import { enqueueTrackingWebhooks } from '../packages/server/src/features/webhooks/outbox.js';
import { createLocalBus } from '../packages/server/src/platform/live.js';
import { parseNativeSightings } from '../packages/server/src/tracking/formats/index.js';
import {
  createTrackingStore,
  ingestSightings,
  type TrackingStore,
} from '../packages/server/src/tracking/store/index.js';
import { CpuMeter, type CpuSplit } from './lib/cpu.js';
import { databaseUrl, dropDatabase, recreateDatabase, seedSite } from './lib/setup.js';
import { fmt } from './lib/stats.js';
import { Workload } from './lib/workload.js';

const { values: args } = parseArgs({
  options: {
    modes: { type: 'string', default: '1,2,4' },
    slices: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '8' },
    clients: { type: 'string', default: '8' },
    instances: { type: 'string', default: '1' },
  },
});
const MODES = (args.modes ?? '1,2,4').split(',');
const partitionsOf = (mode: string) => Number.parseInt(mode, 10);
const asyncCommit = (mode: string) => mode.endsWith('off');
const reloadsConfig = (mode: string) => /^\d+r/.test(mode);
const SLICES = Number(args.slices);
const SECONDS = Number(args.seconds);
const CLIENTS = Number(args.clients);
const INSTANCES = Math.max(1, Number(args.instances));
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/';
const DATABASE = `${process.env.BENCH_DATABASE ?? 'sightline_bench'}_partitions`;

interface Totals {
  sightings: number;
  seconds: number;
  self: number;
  postgres: number;
  other: number;
  idle: number;
  retries: number;
}

async function main() {
  await recreateDatabase(PG_URL, DATABASE);
  const url = databaseUrl(PG_URL, DATABASE);
  const handles: Database[] = [];
  const offHandles: Database[] = [];
  const off = `${url}?options=${encodeURIComponent('-c synchronous_commit=off')}`;
  for (let i = 0; i < INSTANCES * (MODES.some(asyncCommit) ? 2 : 1); i++) {
    const handle = await openDatabase({ url: i < INSTANCES ? url : off });
    // Keep every backend for the whole run: the meter reads their CPU from /proc by pid.
    (handle.pool as unknown as { options: { idleTimeoutMillis: number } }).options.idleTimeoutMillis = 0;
    (i < INSTANCES ? handles : offHandles).push(handle);
  }
  const [first] = handles;
  if (!first) throw new Error('no database');
  try {
    await first.db
      .insert(organizations)
      .values({ id: '6565f0a1b2c3d4e5f6a7b8c0', name: 'Bench', subdomain: 'bench' });
    const site = await seedSite(first.pool as pg.Pool, { zones: 5, endpoints: 20, things: 5000 });
    const workload = new Workload(site.tags, site.endpoints, 0.1);
    const live = createLocalBus({ coalesceMs: 0 });
    const cpu = new CpuMeter(process.pid, first.pool as pg.Pool, DATABASE);
    let retries = 0;
    const log = {
      warn: () => {
        retries++;
      },
      info: () => {
        retries++;
      },
      error: () => undefined,
    } as never;
    // One tracking store per instance, with the server's hooks (the webhooks' outbox).
    const stores = new Map<Database, TrackingStore>();
    for (const handle of [...handles, ...offHandles]) {
      const hooks = { beforeCommit: [enqueueTrackingWebhooks] };
      stores.set(handle, createTrackingStore({ db: handle.db, live, hooks }));
    }

    const run = async (mode: string, seconds: number) => {
      const partitions = partitionsOf(mode);
      const pools = asyncCommit(mode) ? offHandles : handles;
      const until = Date.now() + seconds * 1000;
      let sightings = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, c) => {
          const store = stores.get(pools[c % pools.length] as Database) as TrackingStore;
          for (let b = c; Date.now() < until; b += CLIENTS) {
            const e = b % site.endpoints.length;
            const endpoint = site.endpoints[e];
            if (!endpoint) continue;
            const now = Date.now();
            const parsed = parseNativeSightings(JSON.parse(workload.batch(e, 500, now)), now);
            const result = await ingestSightings(
              store,
              { id: endpoint.id, orgId: site.orgId },
              parsed.sightings,
              now,
              { partitions, log, keepConfig: !reloadsConfig(mode) },
            );
            sightings += result.accepted;
          }
        }),
      );
      return sightings;
    };

    console.log(
      `ingest partitions A/B — ${new Date().toISOString()} · modes K=${MODES.join(', ')} · ${SLICES} slices of ${SECONDS} s each · ` +
        `${CLIENTS} clients · ${INSTANCES} instance(s) · load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    for (const k of MODES) await run(k, 2); // warm-up: JIT, plans, every tag's first event
    const totals = new Map<string, Totals>(
      MODES.map((k) => [
        k,
        { sightings: 0, seconds: 0, self: 0, postgres: 0, other: 0, idle: 0, retries: 0 },
      ]),
    );
    for (let slice = 0; slice < SLICES; slice++) {
      const order = slice % 2 ? [...MODES].reverse() : MODES;
      for (const k of order) {
        retries = 0;
        await cpu.begin();
        const sightings = await run(k, SECONDS);
        const split: CpuSplit = await cpu.end();
        const t = totals.get(k) as Totals;
        t.sightings += sightings;
        t.seconds += split.seconds;
        t.self += split.server * split.seconds;
        t.postgres += split.postgres * split.seconds;
        t.other += split.other * split.seconds;
        t.idle += split.idle * split.seconds;
        t.retries += retries;
        console.log(
          `slice ${slice + 1} K=${k}: ${fmt(sightings / split.seconds)} sightings/s · this process ${split.server.toFixed(2)} · ` +
            `postgres ${split.postgres.toFixed(2)} · other ${split.other.toFixed(2)} · idle ${split.idle.toFixed(2)} cores`,
        );
      }
    }
    console.log();
    console.log(
      'K | sightings/s | CPU per 1,000 sightings: this process · PostgreSQL | other · idle (cores) | regroupings',
    );
    for (const [k, t] of totals) {
      const per = (coreSeconds: number) => ((coreSeconds * 1e6) / Math.max(1, t.sightings)).toFixed(1);
      console.log(
        `${k} | ${fmt(t.sightings / t.seconds)} | ${per(t.self)} · ${per(t.postgres)} ms | ` +
          `${(t.other / t.seconds).toFixed(2)} · ${(t.idle / t.seconds).toFixed(2)} | ${t.retries}`,
      );
    }
    console.log(
      `load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    await live.close();
  } finally {
    for (const h of [...handles, ...offHandles]) await h.close();
    await dropDatabase(PG_URL, DATABASE);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
