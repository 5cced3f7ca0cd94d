/**
 * Time per stage of one ingest batch (docs/benchmarks/history.md, Ingest): the steps of
 * `ingestSightings` run one batch at a time, in process, on PostgreSQL, each step timed. The
 * steps are the store's own exported functions, called in the order process.ts calls them.
 *
 *   npx tsx bench/stages.ts [--batches 200] [--reload-config] [--zones 5] [--endpoints 20]
 *
 * The load keeps the organization's configuration between batches as the store does (a fresh
 * `ConfigCache`); `--reload-config` reads it in every batch instead
 * (docs/decisions/0025-tracking-configuration-kept.md).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { type Database, openDatabase } from '../packages/server/src/db/client.js';
import { organizations } from '../packages/server/src/db/schema.js';
import { createPgBus } from '../packages/server/src/platform/live.js';
import { processBatch } from '../packages/server/src/tracking/engine/index.js';
import { parseNativeSightings } from '../packages/server/src/tracking/formats/index.js';
import {
  ConfigCache,
  insertSightings,
  liveMessages,
  loadBatch,
  lockOrganization,
  lockTags,
  writeEvents,
  writeLocationTags,
  writeRest,
  writeThings,
} from '../packages/server/src/tracking/store/index.js';
import { databaseUrl, dropDatabase, recreateDatabase, seedSite } from './lib/setup.js';
import { fmt } from './lib/stats.js';
import { Workload } from './lib/workload.js';

const { values: args } = parseArgs({
  options: {
    batches: { type: 'string', default: '200' },
    'reload-config': { type: 'boolean', default: false },
    zones: { type: 'string', default: '5' },
    endpoints: { type: 'string', default: '20' },
  },
});
const cache = args['reload-config'] ? undefined : new ConfigCache();
const BATCHES = Number(args.batches);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/';
const DATABASE = `${process.env.BENCH_DATABASE ?? 'sightline_bench'}_stages`;

const totals = new Map<string, number>();
async function timed<T>(stage: string, work: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    totals.set(stage, (totals.get(stage) ?? 0) + performance.now() - start);
  }
}

async function main() {
  await recreateDatabase(PG_URL, DATABASE);
  const database = await openDatabase({ url: databaseUrl(PG_URL, DATABASE) });
  try {
    const { db } = database;
    const live = await createPgBus(database.pool as pg.Pool, (err) => console.error(err));
    await db
      .insert(organizations)
      .values({ id: '6565f0a1b2c3d4e5f6a7b8c0', name: 'Bench', subdomain: 'bench' });
    const site = await seedSite(database.pool as pg.Pool, {
      zones: Number(args.zones),
      endpoints: Number(args.endpoints),
      things: 5000,
    });
    const workload = new Workload(site.tags, site.endpoints, 0.1);
    const orgId = site.orgId;
    for (let b = 0; b < BATCHES + 20; b++) {
      if (b === 20) totals.clear(); // the first batches warm the JIT and create every tag's first event
      const ep = site.endpoints[b % site.endpoints.length];
      if (!ep) throw new Error('no endpoint');
      const body = workload.batch(b % site.endpoints.length, 500, Date.now());
      const parsed = await timed('parse (JSON + schema)', () =>
        parseNativeSightings(JSON.parse(body), Date.now()),
      );
      const now = Date.now();
      let committedAt = 0;
      const result = await timed('transaction total', () =>
        db.transaction(async (tx) => {
          await timed('  org lock', () => lockOrganization(tx, orgId));
          const stored = await timed('  insert sightings', () =>
            insertSightings(tx, ep.id, parsed.sightings),
          );
          const tags = [...new Set(stored.map((s) => s.tag))];
          const loaded = await timed('  load state', () => loadBatch(tx, orgId, ep.id, tags, { cache }));
          const { output } = await timed('  engine', () =>
            processBatch(
              loaded.model,
              loaded.state,
              stored.map((s) => ({ ...s, endpointId: ep.id })),
              now,
            ),
          );
          await timed('  lock tags', () =>
            lockTags(
              tx,
              orgId,
              output.newThings.map((t) => t.tag),
            ),
          );
          await timed('  write location tags', () => writeLocationTags(tx, orgId, output.newLocationTags));
          await timed('  write things', () => writeThings(tx, orgId, output, new Date(now).toISOString()));
          const eventIds = await timed('  write events', () => writeEvents(tx, orgId, output.events));
          const endpoints = [{ endpointId: ep.id, locationTagId: null, heartbeat: true }];
          const exceptions = await timed('  write stays + endpoint', () =>
            writeRest(tx, orgId, output.zoneStays, endpoints, output.exceptions, now),
          );
          committedAt = performance.now();
          return { output, loaded, eventIds, exceptions };
        }),
      );
      totals.set('  commit', (totals.get('  commit') ?? 0) + performance.now() - committedAt);
      const messages = await timed('live messages', () =>
        liveMessages(
          {
            orgId,
            messages: result.output.messages,
            directory: result.loaded.directory,
            eventIds: result.eventIds,
            exceptions: result.exceptions,
          },
          now,
        ),
      );
      await timed('publish (NOTIFY)', () => live.publish(messages));
    }
    const loadAb = await compareLoads(db, orgId, site.endpoints, workload);
    let sum = 0;
    console.log(
      `time per batch of 500 sightings, mean of ${BATCHES} batches (one at a time), configuration ${
        cache ? 'kept between batches' : 'read in every batch'
      } (${args.zones} zones, ${args.endpoints} endpoints); load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}:`,
    );
    for (const [stage, total] of totals) {
      if (!stage.startsWith('  ')) sum += total;
      console.log(`${stage.padEnd(28)} ${fmt(total / BATCHES, 2).padStart(8)} ms`);
    }
    console.log(
      `${'sum'.padEnd(28)} ${fmt(sum / BATCHES, 2).padStart(8)} ms → ${fmt((500 * BATCHES * 1000) / sum)} sightings/s one batch at a time`,
    );
    console.log(loadAb);
    await live.close();
  } finally {
    await database.close();
    await dropDatabase(PG_URL, DATABASE);
  }
}

/**
 * The load statement alone, with the configuration kept and read, alternating batch by batch (the
 * machine's other load falls on both alike): mean and median wall time of one statement.
 */
async function compareLoads(
  db: Database['db'],
  orgId: string,
  endpoints: readonly { id: string }[],
  workload: Workload,
): Promise<string> {
  const kept = new ConfigCache();
  const times = { kept: [] as number[], read: [] as number[] };
  for (let b = 0; b < 2 * BATCHES; b++) {
    const ep = endpoints[b % endpoints.length];
    if (!ep) break;
    const body = JSON.parse(workload.batch(b % endpoints.length, 500, Date.now())) as {
      sightings: { tag: string }[];
    };
    const tags = [...new Set(body.sightings.map((s) => s.tag))];
    for (const mode of b % 2 ? (['read', 'kept'] as const) : (['kept', 'read'] as const)) {
      const start = performance.now();
      await loadBatch(db, orgId, ep.id, tags, { cache: mode === 'kept' ? kept : undefined });
      times[mode].push(performance.now() - start);
    }
  }
  const stat = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mean = xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    return `mean ${fmt(mean, 2)} · median ${fmt(sorted[Math.floor(sorted.length / 2)] ?? 0, 2)} ms`;
  };
  return `load statement alone, ${2 * BATCHES} batches alternating: configuration kept ${stat(times.kept)}; read ${stat(times.read)}`;
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
