/**
 * Backend CPU per 1,000 raw sightings for layouts of the durable sightings log
 * (docs/decisions/0022-raw-sightings-log.md; figures in docs/benchmarks/history.md, Ingest): the
 * ingest's own insert statement (typed arrays, ON CONFLICT DO NOTHING, RETURNING the new rows'
 * keys) into each layout, batches of 500 in turn (A, B, A, B …, so other load on the machine falls
 * on both alike), CPU of each connection's backend from /proc.
 *
 *   npx tsx bench/sightings-log.ts [--batches 200]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  boolArray,
  jsonArray,
  numberArray,
  textArray,
  timeArray,
} from '../packages/server/src/tracking/store/arrays.js';
import { databaseUrl, dropDatabase, recreateDatabase } from './lib/setup.js';

const { values: args } = parseArgs({ options: { batches: { type: 'string', default: '200' } } });
const BATCHES = Number(args.batches);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/';
const DATABASE = `${process.env.BENCH_DATABASE ?? 'sightline_bench'}_log`;

const COLUMNS = `endpoint_id text NOT NULL, tag text NOT NULL, antenna integer DEFAULT 0 NOT NULL,
  time timestamptz NOT NULL, direction text DEFAULT 'NEAR' NOT NULL, rssi real, data jsonb,
  alarm_tamper boolean DEFAULT false NOT NULL, received_at timestamptz DEFAULT now() NOT NULL`;
const LAYOUTS: Record<string, string[]> = {
  'before: id bigserial PK + unique key + received_at index': [
    `CREATE TABLE log_a (id bigserial PRIMARY KEY, ${COLUMNS})`,
    'CREATE UNIQUE INDEX log_a_uq ON log_a (endpoint_id, tag, antenna, time)',
    'CREATE INDEX log_a_received ON log_a (received_at)',
  ],
  'after: the unique key as primary key, no other index': [
    `CREATE TABLE log_b (${COLUMNS}, PRIMARY KEY (endpoint_id, tag, antenna, time))`,
  ],
  // One row per batch, its sightings packed in arrays; a retry is known only as the same whole
  // batch again (its key: the endpoint, first time and a hash of the sightings' keys).
  'per batch: sightings packed in arrays, key (endpoint, first time, hash)': [
    `CREATE TABLE log_c (endpoint_id text NOT NULL, time timestamptz NOT NULL, hash text NOT NULL,
      tags text[] NOT NULL, antennas int[] NOT NULL, times timestamptz[] NOT NULL, directions text[] NOT NULL,
      rssis real[] NOT NULL, data jsonb[] NOT NULL, alarms boolean[] NOT NULL,
      received_at timestamptz DEFAULT now() NOT NULL, PRIMARY KEY (endpoint_id, time, hash))`,
  ],
};

function ticks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
}

interface Row {
  endpointId: string;
  tag: string;
  antenna: number;
  time: number;
  rssi: number;
  data: { cFloat0: number };
}

function batch(n: number): Row[] {
  const base = Date.now() + n * 1000;
  return Array.from({ length: 500 }, (_, i) => ({
    endpointId: `ep${(n % 20).toString().padStart(22, '0')}`,
    tag: `E28011700000020${((i * 7919) % 5000).toString(16).toUpperCase().padStart(9, '0')}`,
    antenna: 1 + (i % 4),
    time: base + i,
    rssi: -50 - (i % 20),
    data: { cFloat0: i / 10 },
  }));
}

const packed = (table: string, rows: Row[]) => ({
  text: `INSERT INTO ${table} (endpoint_id, time, hash, tags, antennas, times, directions, rssis, data, alarms)
    VALUES ($1, $2, md5(array_to_string($3::text[], ',') || array_to_string($4::int[], ',') || array_to_string($5::timestamptz[], ',')),
      $3, $4, $5, $6, $7, $8, $9)
    ON CONFLICT DO NOTHING RETURNING 1`,
  values: [
    rows[0]?.endpointId ?? '',
    new Date(Math.min(...rows.map((r) => r.time))).toISOString(),
    textArray(rows, (r) => r.tag),
    numberArray(rows, (r) => r.antenna),
    timeArray(rows, (r) => r.time),
    textArray(rows, () => 'NEAR'),
    numberArray(rows, (r) => r.rssi),
    jsonArray(rows, (r) => r.data),
    boolArray(rows, () => false),
  ],
});

const insert = (table: string, rows: Row[]) =>
  table === 'log_c' ? packed(table, rows) : perRow(table, rows);

const perRow = (table: string, rows: Row[]) => ({
  text: `INSERT INTO ${table} (endpoint_id, tag, antenna, time, direction, rssi, data, alarm_tamper)
    SELECT x.e, x.t, x.a, x.ti, x.d, x.r, x.da, x.al
    FROM unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[], $5::text[], $6::real[], $7::jsonb[], $8::boolean[])
      WITH ORDINALITY AS x(e, t, a, ti, d, r, da, al, ord)
    ORDER BY x.ord ON CONFLICT (endpoint_id, tag, antenna, time) DO NOTHING
    RETURNING endpoint_id, tag, antenna, floor(extract(epoch from time) * 1000)::bigint AS ms`,
  values: [
    textArray(rows, (r) => r.endpointId),
    textArray(rows, (r) => r.tag),
    numberArray(rows, (r) => r.antenna),
    timeArray(rows, (r) => r.time),
    textArray(rows, () => 'NEAR'),
    numberArray(rows, (r) => r.rssi),
    jsonArray(rows, (r) => r.data),
    boolArray(rows, () => false),
  ],
});

async function main() {
  await recreateDatabase(PG_URL, DATABASE);
  const clients: { name: string; table: string; client: pg.Client; pid: number; cpu: number; ms: number }[] =
    [];
  try {
    for (const [name, ddl] of Object.entries(LAYOUTS)) {
      const client = new pg.Client({ connectionString: databaseUrl(PG_URL, DATABASE) });
      await client.connect();
      for (const s of ddl) await client.query(s);
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const table = /CREATE TABLE (\w+)/.exec(ddl[0] ?? '')?.[1] ?? '';
      clients.push({ name, table, client, pid: rows[0]?.pid ?? 0, cpu: 0, ms: 0 });
    }
    for (let n = 0; n < BATCHES + 10; n++) {
      const rows = batch(n);
      for (const c of n % 2 ? [...clients].reverse() : clients) {
        const before = ticks(c.pid);
        const t0 = performance.now();
        await c.client.query(insert(c.table, rows));
        // second copy: every row a duplicate (a retried batch)
        await c.client.query(insert(c.table, rows));
        if (n >= 10) {
          c.ms += performance.now() - t0;
          c.cpu += ticks(c.pid) - before;
        }
      }
    }
    const per = (v: number) => ((v / (BATCHES * 1000)) * 1000).toFixed(1);
    console.log(
      `${BATCHES} batches of 500 new sightings + the same batch again (all duplicates), per layout in turn`,
    );
    for (const c of clients) {
      console.log(
        `${c.name}: backend CPU ${per(c.cpu * 10)} ms · wall ${per(c.ms)} ms per 1,000 sightings (new + retried)`,
      );
    }
  } finally {
    for (const c of clients) await c.client.end();
    await dropDatabase(PG_URL, DATABASE);
  }
}

void main();
