/**
 * Where the CPU goes during a phase, from /proc (Linux): the server process, the benchmark
 * process (load generator + live reader), this database's PostgreSQL backends plus PostgreSQL's
 * background processes (WAL writer, checkpointer...), and whatever else ran on the machine.
 * Figures are in cores (1.0 = one core fully busy for the whole phase).
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';

const TICKS = 100; // USER_HZ on Linux

function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}

function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: total - idle, total };
}

export interface CpuSplit {
  seconds: number;
  server: number;
  postgres: number;
  bench: number;
  other: number;
  idle: number;
}

export class CpuMeter {
  /** Each PostgreSQL process known at the start, with its ticks then. */
  private pgStart = new Map<number, number>();
  private start = { server: 0, bench: 0, busy: 0, total: 0, at: 0 };

  private readonly serverPids: readonly number[];

  /** `serverPid`: the server process, or every instance's (their CPU adds up as "server"). */
  constructor(
    serverPid: number | readonly number[],
    private readonly pool: pg.Pool,
    private readonly database: string,
  ) {
    this.serverPids = typeof serverPid === 'number' ? [serverPid] : serverPid;
  }

  private serverTicks() {
    return this.serverPids.reduce((sum, pid) => sum + processTicks(pid), 0);
  }

  private async backends(): Promise<number[]> {
    const { rows } = await this.pool.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 OR backend_type <> 'client backend'`,
      [this.database],
    );
    return rows.map((r) => r.pid);
  }

  async begin() {
    this.pgStart = new Map((await this.backends()).map((pid) => [pid, processTicks(pid)]));
    const m = machineTicks();
    this.start = {
      server: this.serverTicks(),
      bench: processTicks(process.pid),
      busy: m.busy,
      total: m.total,
      at: performance.now(),
    };
  }

  /**
   * Backends that connected during the phase (a pool growing under load) count with all their
   * CPU, which they spent in the phase; a process that exited during the phase (an autovacuum or
   * parallel worker) is missed, never counted negative.
   */
  async end(): Promise<CpuSplit> {
    const seconds = (performance.now() - this.start.at) / 1000;
    const m = machineTicks();
    const cores = (ticks: number) => ticks / TICKS / seconds;
    const server = cores(this.serverTicks() - this.start.server);
    let pgTicks = 0;
    for (const pid of await this.backends()) {
      const before = this.pgStart.get(pid);
      pgTicks += before === undefined ? processTicks(pid) : Math.max(0, processTicks(pid) - before);
    }
    const postgres = cores(pgTicks);
    const bench = cores(processTicks(process.pid) - this.start.bench);
    const busy = cores(m.busy - this.start.busy);
    const all = cores(m.total - this.start.total);
    return {
      seconds,
      server,
      postgres,
      bench,
      other: Math.max(0, busy - server - postgres - bench),
      idle: all - busy,
    };
  }
}

export const cpuLine = (c: CpuSplit) =>
  `server ${c.server.toFixed(2)} · postgres ${c.postgres.toFixed(2)} · bench client ${c.bench.toFixed(2)} · other ${c.other.toFixed(2)} · idle ${c.idle.toFixed(2)} (cores)`;

/** CPU milliseconds per 1,000 sightings: what one sighting costs, however busy the machine was. */
export function costLine(c: CpuSplit, sightings: number) {
  const per = (cores: number) => (cores * c.seconds * 1000 * 1000) / Math.max(1, sightings);
  const total = per(c.server) + per(c.postgres);
  return {
    text:
      `server ${per(c.server).toFixed(1)} ms · postgres ${per(c.postgres).toFixed(1)} ms per 1,000 sightings` +
      ` → CPU-bound ceiling on 2 free cores ≈ ${Math.round((2 * 1000 * 1000) / Math.max(1, total)).toLocaleString('en-US')} sightings/s`,
    serverMs: per(c.server),
    postgresMs: per(c.postgres),
  };
}
