/**
 * Ingest benchmark (docs/benchmarks.md): the full path — reader HTTP batches to a real server
 * process on PostgreSQL → engine → stored sightings, events, thing state and zone durations →
 * live messages over SSE to a signed-in console — against a plain batched INSERT of the same
 * rows into PostgreSQL measured in the same run.
 *
 *   npm run bench:ingest [-- --quick] [--clients 8] [--rate 10000] [--move 0.1] [--profile DIR]
 *     [--instances N] [--pg-set name=value …] [--latency-seconds S] [--llrp] [--bare-events]
 *
 * `--bare-events` drops the events table's secondary indexes (site, thing, endpoint by time) after
 * the server has migrated: an upper bound of what writing the open events elsewhere, with a
 * primary key alone, could save (the console's event lists need those indexes; not a setting).
 *
 * `--llrp` adds the LLRP path after the latency phase: every endpoint becomes an LLRP reader (the
 * simulator over loopback TCP) that the server connects to, sending tag reports of the same size
 * and workload as fast as the server reads them; its stored sightings per second are printed
 * against the HTTP path's sustained rate of the same run (bench/lib/llrp.ts).
 *
 * `--latency-seconds S` runs the open-loop phase for S seconds (a long run at a rate the machine
 * sustains shows whether memory stays flat: the servers' RSS is sampled through the phase — every
 * minute, or six times in a shorter phase — and printed with its readings after the warm-up and at
 * the end). `INGEST_PARTITIONS` (inherited by the servers) sets the ingest partitions.
 *
 * `--instances N` runs N server processes on the one database (each endpoint posts to one of them;
 * the live stream is read from the first, so the others' messages cross by LISTEN/NOTIFY).
 * `--pg-set name=value` (repeatable) sets a PostgreSQL setting for the benchmark database
 * (`ALTER DATABASE … SET`, e.g. `synchronous_commit=off`): it applies to the server and to the
 * baseline alike.
 *
 * Uses its own database (BENCH_DATABASE, default sightline_bench) on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/), created at the start and dropped at the end.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { baselineInsert } from './lib/baseline.js';
import { CpuMeter, type CpuSplit, costLine, cpuLine } from './lib/cpu.js';
import { LiveReader } from './lib/live.js';
import { type LlrpRun, llrpPhase } from './lib/llrp.js';
import { type Ack, closedLoop, IngestClient, openLoop } from './lib/load.js';
import { login, type RunningServer, startServer } from './lib/server.js';
import { databaseUrl, dropDatabase, recreateDatabase, seedSite, storedCounts } from './lib/setup.js';
import { fmt, ms, summarize } from './lib/stats.js';
import { Workload } from './lib/workload.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    clients: { type: 'string', default: '8' },
    rate: { type: 'string', default: '10000' },
    move: { type: 'string', default: '0.1' },
    profile: { type: 'string' },
    instances: { type: 'string', default: '1' },
    'pg-set': { type: 'string', multiple: true, default: [] },
    'latency-seconds': { type: 'string' },
    llrp: { type: 'boolean', default: false },
    'bare-events': { type: 'boolean', default: false },
  },
});

const quick = args.quick ?? false;
const SETUP = { zones: 5, endpoints: 20, things: 5000 };
const BATCH = 500;
const CLIENTS = Number(args.clients);
const RATE = Number(args.rate);
const MOVE_SHARE = Number(args.move);
const INSTANCES = Math.max(1, Number(args.instances));
const PG_SETTINGS = (args['pg-set'] ?? []).map((s) => {
  const [name, ...value] = s.split('=');
  if (!name || !/^[a-z_.]+$/.test(name) || !value.length) throw new Error(`--pg-set name=value, not ${s}`);
  return { name, value: value.join('=') };
});
const SECONDS = quick
  ? { warmup: 3, sustained: 8, latency: 8, baseline: 5 }
  : { warmup: 5, sustained: 30, latency: 20, baseline: 15 };
if (args['latency-seconds']) SECONDS.latency = Number(args['latency-seconds']);
// The LLRP readers are simulators on this machine's loopback, which reader connections refuse
// unless allowed (the servers inherit this environment).
if (args.llrp) process.env.READER_ALLOW_LOOPBACK = 'true';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/';
const DATABASE = process.env.BENCH_DATABASE ?? 'sightline_bench';

const log = (line = '') => console.log(line);

/** Resident memory of a process (MB), from /proc. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
const rateOf = (acks: Ack[], seconds: number) => acks.reduce((n, a) => n + a.accepted, 0) / seconds;

async function main() {
  const started = Date.now();
  log(`Sightline ingest benchmark${quick ? ' (quick)' : ''} — ${new Date().toISOString()}`);
  log(
    `INGEST_PARTITIONS=${process.env.INGEST_PARTITIONS ?? '1 (default)'} · load average at start ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  log(
    `setup: 1 organization, 1 site, ${SETUP.zones} zones, ${SETUP.endpoints} endpoints (gates), ${fmt(SETUP.things)} things;` +
      ` batches of ${BATCH} native sightings, ${MOVE_SHARE * 100}% of them tags arriving from another endpoint`,
  );
  await recreateDatabase(PG_URL, DATABASE);
  const url = databaseUrl(PG_URL, DATABASE);
  if (PG_SETTINGS.length) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const { name, value } of PG_SETTINGS) {
      await admin.query(`ALTER DATABASE ${DATABASE} SET ${name} = '${value.replace(/'/g, "''")}'`);
    }
    await admin.end();
    log(`postgres settings for ${DATABASE}: ${PG_SETTINGS.map((p) => `${p.name}=${p.value}`).join(', ')}`);
  }
  const servers: RunningServer[] = [];
  let llrpCpu: CpuSplit | undefined;
  let server: RunningServer | undefined;
  let live: LiveReader | undefined;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined); // a connection closing while the database is dropped
  try {
    server = await startServer({ databaseUrl: url, profileDir: args.profile });
    servers.push(server);
    // Further instances start once the first has migrated and bootstrapped the database.
    for (let i = 1; i < INSTANCES; i++)
      servers.push(await startServer({ databaseUrl: url, profileDir: args.profile }));
    if (args['bare-events']) {
      const dropped = await pool.query<{ name: string }>(
        `SELECT indexrelid::regclass::text AS name FROM pg_index
          WHERE indrelid = 'events'::regclass AND NOT indisprimary`,
      );
      for (const { name } of dropped.rows) await pool.query(`DROP INDEX ${name}`);
      log(`events without secondary indexes: dropped ${dropped.rows.map((r) => r.name).join(', ')}`);
    }
    const site = await seedSite(pool, SETUP);
    const cookie = await login(server.port);
    live = await LiveReader.open(server.port, cookie, site.siteId);
    const workload = new Workload(site.tags, site.endpoints, MOVE_SHARE);
    const client = new IngestClient(
      servers.map((s) => s.port),
      workload,
      CLIENTS * 2,
    );
    const cpu = new CpuMeter(
      servers.map((s) => s.pid),
      pool,
      DATABASE,
    );
    const loop = { clients: CLIENTS, endpoints: SETUP.endpoints, size: BATCH };
    log(
      `server ${servers.map((s) => `pid ${s.pid} on 127.0.0.1:${s.port}`).join(', ')}` +
        `${INSTANCES > 1 ? ` (${INSTANCES} instances, one database)` : ''}; live stream open (site ${site.siteId})`,
    );

    // 1. Warm-up (JIT, plans, first events of every tag), not counted.
    await closedLoop(client, { ...loop, until: Date.now() + SECONDS.warmup * 1000 });

    const rssStart = servers.map((s) => rssMb(s.pid));
    // 2. Sustained rate: closed loops, as fast as the server acknowledges.
    live.start(false);
    await cpu.begin();
    const t0 = performance.now();
    const sustained = await closedLoop(client, { ...loop, until: Date.now() + SECONDS.sustained * 1000 });
    const sustainedSeconds = (performance.now() - t0) / 1000;
    const sustainedCpu = await cpu.end();
    if (sustained.failures)
      throw new Error(`sustained run: ${sustained.failures} failed (${sustained.firstError})`);
    const sustainedRate = rateOf(sustained.acks, sustainedSeconds);
    const sustainedAck = summarize(sustained.acks.map((a) => a.ackMs));
    await new Promise((r) => setTimeout(r, 1500));
    const sustainedLive = await live.report();

    // 3. Latency at an offered load: open loop at RATE.
    live.start(true);
    await cpu.begin();
    const t1 = performance.now();
    const rssEvery = Math.min(60, SECONDS.latency / 6) * 1000;
    const rssSamples: { at: number; mb: number[] }[] = [];
    const sampler = setInterval(
      () => rssSamples.push({ at: (performance.now() - t1) / 1000, mb: servers.map((s) => rssMb(s.pid)) }),
      rssEvery,
    );
    const offered = await openLoop(client, {
      rate: RATE,
      endpoints: SETUP.endpoints,
      size: BATCH,
      seconds: SECONDS.latency,
      maxInFlight: 200,
    });
    const offeredSeconds = (performance.now() - t1) / 1000;
    const offeredCpu = await cpu.end();
    clearInterval(sampler);
    const rssEnd = servers.map((s) => rssMb(s.pid));
    rssSamples.push({ at: offeredSeconds, mb: rssEnd });
    await new Promise((r) => setTimeout(r, 1500));
    const offeredLive = await live.report();
    if (offered.failures) throw new Error(`latency run: ${offered.failures} failed (${offered.firstError})`);
    const offeredAck = summarize(offered.acks.map((a) => a.ackMs));
    // 4. The LLRP path (--llrp), after the HTTP phases, with the same servers and workload.
    let llrp: LlrpRun | undefined;
    if (args.llrp) {
      llrp = await llrpPhase(pool, workload, site.endpoints, {
        size: BATCH,
        warmupSeconds: SECONDS.warmup,
        seconds: SECONDS.sustained,
        window: {
          start: () => cpu.begin(),
          end: async () => {
            llrpCpu = await cpu.end();
          },
        },
      });
    }
    const e2e = summarize(offeredLive.endToEnd);
    const toPublish = summarize(offeredLive.toPublish);
    const toClient = summarize(offeredLive.toClient);
    client.close();

    const stored = await storedCounts(pool);
    const acknowledged = [...sustained.acks, ...offered.acks].reduce((n, a) => n + a.accepted, 0);
    await live.close();
    live = undefined;
    await Promise.all(servers.map((s) => s.stop()));
    servers.length = 0;
    server = undefined;

    // 4. Baseline: plain batched INSERT of the same rows, server stopped.
    const base = await baselineInsert(url, {
      orgId: site.orgId,
      siteId: site.siteId,
      tags: site.tags,
      batch: BATCH,
      clients: CLIENTS,
      seconds: SECONDS.baseline,
    });
    const baseRate = base.rows / base.seconds;

    log();
    log('== Sustained ingest (closed loop) ==');
    log(
      `clients ${CLIENTS} · ${fmt(sustainedSeconds, 1)} s · ${fmt(sustained.acks.length)} batches acknowledged`,
    );
    log(`sustained:        ${fmt(sustainedRate)} sightings/s`);
    log(
      `ack latency:      p50 ${ms(sustainedAck.p50)} · p99 ${ms(sustainedAck.p99)} · max ${ms(sustainedAck.max)}`,
    );
    log(
      `live stream:      ${fmt(sustainedLive.blocks)} SSE messages (${fmt(sustainedLive.bytes / 1e6, 1)} MB)`,
    );
    log(`cpu:              ${cpuLine(sustainedCpu)}`);
    log(`cpu cost:         ${costLine(sustainedCpu, sustainedRate * sustainedSeconds).text}`);
    log();
    log(`== Latency at an offered ${fmt(RATE)} sightings/s (open loop) ==`);
    log(
      `${fmt(offeredSeconds, 1)} s · achieved ${fmt(rateOf(offered.acks, offeredSeconds))} sightings/s · ${fmt(offered.acks.length)} batches` +
        (offered.skipped ? ` · ${offered.skipped} batches skipped (200 in flight)` : ''),
    );
    log(
      `ack latency:      p50 ${ms(offeredAck.p50)} · p99 ${ms(offeredAck.p99)} · max ${ms(offeredAck.max)}`,
    );
    log(
      `sighting → SSE:   p50 ${ms(e2e.p50)} · p99 ${ms(e2e.p99)} · max ${ms(e2e.max)} (${fmt(e2e.count)} event messages)`,
    );
    log(
      `  send → batch start (at): p50 ${ms(toPublish.p50)} · p99 ${ms(toPublish.p99)} (HTTP, queueing, parse)`,
    );
    log(
      `  batch start (at) → SSE:  p50 ${ms(toClient.p50)} · p99 ${ms(toClient.p99)} (lock wait, transaction, NOTIFY, SSE)`,
    );
    log(`on the stream:    ${fmt(offeredLive.batches)} of ${fmt(offered.acks.length)} acknowledged batches`);
    log(
      `messages:         ${Object.entries(offeredLive.counts)
        .map(([k, v]) => `${k} ${fmt(v)}`)
        .join(' · ')}`,
    );
    log(`cpu:              ${cpuLine(offeredCpu)}`);
    log(
      `cpu cost:         ${costLine(offeredCpu, rateOf(offered.acks, offeredSeconds) * offeredSeconds).text}`,
    );
    log();
    log('== Stored (whole run, warm-up included) ==');
    log(
      `acknowledged ${fmt(acknowledged)} sightings in the measured phases; table rows: ` +
        Object.entries(stored)
          .map(([k, v]) => `${k} ${fmt(v)}`)
          .join(' · '),
    );
    log();
    if (llrp && llrpCpu) {
      log('== LLRP readers (the server connects; reports as fast as it reads them) ==');
      log(
        `${SETUP.endpoints} readers · reports of ${BATCH} tags · connected and set up in ${fmt(llrp.connectSeconds, 1)} s · ${fmt(llrp.seconds, 1)} s measured`,
      );
      log(`stored:           ${fmt(llrp.rate)} sightings/s (${fmt(llrp.stored)} stored)`);
      log(`cpu:              ${cpuLine(llrpCpu)}`);
      log(`cpu cost:         ${costLine(llrpCpu, llrp.stored).text}`);
      log();
    }
    log('== Baseline: plain batched INSERT into a copy of events (same columns and indexes) ==');
    log(
      `${CLIENTS} connections · ${BATCH} rows per INSERT · ${fmt(base.seconds, 1)} s: ${fmt(baseRate)} rows/s`,
    );
    log();
    log('== Summary ==');
    log(`sustained ingest            ${fmt(sustainedRate)} sightings/s (target >= 50,000)`);
    log(`ack latency p50 / p99       ${ms(sustainedAck.p50)} / ${ms(sustainedAck.p99)} (sustained)`);
    log(`sighting → SSE p99          ${ms(e2e.p99)} at ${fmt(RATE)}/s offered (target < 250 ms)`);
    if (llrp)
      log(
        `LLRP readers                ${fmt(llrp.rate)} sightings/s · LLRP / HTTP ${fmt(llrp.rate / sustainedRate, 3)}`,
      );
    log(`baseline INSERT             ${fmt(baseRate)} rows/s`);
    log(`ingest / baseline           ${fmt(sustainedRate / baseRate, 3)}`);
    log(
      `server RSS                  ${rssStart.map((r, i) => `${fmt(r, 0)} → ${fmt(rssEnd[i] ?? Number.NaN, 0)} MB`).join(', ')} (after warm-up → end of the latency phase)`,
    );
    rssStart.forEach((_, i) => {
      const readings = rssSamples
        .map((r) => `${fmt(r.at, 0)} s ${fmt(r.mb[i] ?? Number.NaN, 0)}`)
        .join(' · ');
      log(`server ${i + 1} RSS in the phase   ${readings} MB`);
    });
    log(
      `load average at the end     ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    log(`run time                    ${fmt((Date.now() - started) / 1000, 0)} s`);
    printCpu('sustained', sustainedCpu);
  } finally {
    await live?.close().catch(() => undefined);
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    await pool.end().catch(() => undefined);
    await dropDatabase(PG_URL, DATABASE);
  }
}

function printCpu(label: string, c: CpuSplit) {
  const total = c.server + c.postgres + c.bench + c.other;
  const share = (v: number) => `${fmt((100 * v) / (total || 1))}%`;
  log(
    `cpu split (${label})       server ${share(c.server)} · postgres ${share(c.postgres)} · client ${share(c.bench)} · other ${share(c.other)}`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
