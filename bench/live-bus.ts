/**
 * CPU of the live bus's publish path (docs/decisions/0019-live-bus.md; figures in
 * docs/benchmarks/history.md, Ingest): one bus publishes groups of ingest-sized live messages
 * (event + thing records, ≈ 500 bytes each) with no other instance present, then while another
 * session holds the presence lock (what a bus that always sent NOTIFY would pay, alone or not:
 * every publish a NOTIFY, whose echo comes back to the publisher's own listening connection to
 * be parsed and dropped). Publisher process CPU (`process.cpuUsage`) and the PostgreSQL backends'
 * CPU (/proc) per 1,000 messages; the two modes alternate group by group, so other load falls on
 * both alike.
 *
 *   npx tsx bench/live-bus.ts [--groups 200]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PRESENCE_LOCK } from '../packages/server/src/db/locks.js';
import { createPgBus, type LiveBus, type LiveMessage } from '../packages/server/src/platform/live.js';
import { databaseUrl, dropDatabase, recreateDatabase } from './lib/setup.js';

const { values: args } = parseArgs({ options: { groups: { type: 'string', default: '200' } } });
const GROUPS = Number(args.groups);
const PER_GROUP = 300;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/';
const DATABASE = `${process.env.BENCH_DATABASE ?? 'sightline_bench'}_live`;

function ticks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

function group(n: number): LiveMessage[] {
  const at = Date.now();
  return Array.from({ length: PER_GROUP }, (_, i) =>
    i % 2
      ? {
          type: 'thing',
          orgId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
          siteId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
          at,
          data: {
            _id: `${n}`.padStart(24, '0'),
            change: 'updated',
            name: `Thing ${i}`,
            class: 'item',
            site: 'bbbbbbbbbbbbbbbbbbbbbbbb',
            zone: 'cccccccccccccccccccccccc',
            zoneName: 'Dock',
            lastZoneTime: new Date(at).toISOString(),
            lastEvent: new Date(at).toISOString(),
            lastEndpointTime: new Date(at).toISOString(),
            endpoint: 'dddddddddddddddddddddddd',
            direction: 'NEAR',
            data: { cFloat0: i / 10 },
          },
        }
      : {
          type: 'event',
          orgId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
          siteId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
          at,
          data: {
            _id: `${n * PER_GROUP + i}`.padStart(24, '0'),
            tag: `E2801170000002${i.toString(16).padStart(10, '0')}`,
            thing: `${n}`.padStart(24, '0'),
            time: new Date(at).toISOString(),
            firstTime: new Date(at).toISOString(),
            repeatCount: 3,
            direction: 'NEAR',
            endpoint: 'dddddddddddddddddddddddd',
            endpointName: 'Dock door 1',
            antenna: 1,
            zone: 'cccccccccccccccccccccccc',
            zoneName: 'Dock',
            data: { cFloat0: i / 10 },
            matched: true,
          },
        },
  );
}

async function backends(admin: pg.Client): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [DATABASE],
  );
  return rows.map((r) => r.pid);
}

async function main() {
  await recreateDatabase(PG_URL, DATABASE);
  const url = databaseUrl(PG_URL, DATABASE);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const buses: LiveBus[] = [];
  const modes = {
    alone: { cpu: 0, pg: 0, messages: 0 },
    'NOTIFY sent (as before)': { cpu: 0, pg: 0, messages: 0 },
  };
  try {
    const bus = await createPgBus(pool, (err) => console.error(err));
    buses.push(bus);
    let delivered = 0;
    bus.subscribe(() => delivered++);
    const pids = await backends(admin);
    for (let n = 0; n < GROUPS; n++) {
      const order = ['alone', 'NOTIFY sent (as before)'] as const;
      for (const mode of n % 2 ? order : [...order].reverse()) {
        const present = mode !== 'alone';
        if (present) await admin.query('SELECT pg_advisory_lock_shared($1, $2)', [...PRESENCE_LOCK]);
        const cpu0 = process.cpuUsage();
        const pg0 = pids.reduce((s, p) => s + ticks(p), 0);
        await bus.publish(group(n));
        await new Promise((r) => setTimeout(r, 30)); // the echo (and the peer's copy) arrive
        const cpu = process.cpuUsage(cpu0);
        const pgTicks = pids.reduce((s, p) => s + ticks(p), 0) - pg0;
        const m = modes[mode];
        m.cpu += (cpu.user + cpu.system) / 1000;
        m.pg += pgTicks * 10;
        m.messages += PER_GROUP;
        if (present) await admin.query('SELECT pg_advisory_unlock_shared($1, $2)', [...PRESENCE_LOCK]);
      }
    }
    console.log(
      `${GROUPS} groups of ${PER_GROUP} messages per mode, modes alternating; ${delivered} delivered in process`,
    );
    for (const [name, m] of Object.entries(modes)) {
      const per = (v: number) => ((v / m.messages) * 1000).toFixed(1);
      console.log(
        `${name}: publisher process ${per(m.cpu)} ms · its PostgreSQL backends ${per(m.pg)} ms per 1,000 messages`,
      );
    }
  } finally {
    await Promise.all(buses.map((b) => b.close()));
    await pool.end();
    await admin.end();
    await dropDatabase(PG_URL, DATABASE);
  }
}

void main();
