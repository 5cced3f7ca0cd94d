/**
 * Scheduled jobs (docs/decisions/0029-scheduled-jobs.md): every instance ticks, and each due job
 * run is claimed in PostgreSQL — `pg_try_advisory_xact_lock` on the job's name, then its `job_runs`
 * row moved to `now` when its interval has passed — so with N instances a job runs once per
 * interval. The claim is one short transaction; the job's own work runs after it, in its own
 * transactions (jobs are idempotent, so a run that fails halfway is simply done again at the next
 * interval). Works on PGlite (one process) and PostgreSQL alike.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rows } from '../db/client.js';
import { jobLockKeys } from '../db/locks.js';
import { createRepeater } from './repeat.js';

/** Which organizations a run covers: all of them, or (tests) only the listed ones. */
export interface JobScope {
  orgIds?: readonly string[];
  /**
   * Aborted when the scheduler stops (shutdown). A job whose work is a state it finds again at the
   * next run (what is due now) stops between organizations when it sees this; a job that covers a
   * window of time since its previous run must not, or the rest would lose that window.
   */
  signal?: AbortSignal;
}

/** True once the scheduler is stopping: a job that may stop early stops between organizations. */
export const stopping = (scope: JobScope) => scope.signal?.aborted === true;

export interface Job {
  name: string;
  intervalMs: number;
  /**
   * `since`: when the previous run of this job (by any instance) was claimed; undefined on the
   * first run ever. Runs for one scope are never concurrent within an interval.
   */
  run(now: number, since: number | undefined, scope: JobScope): Promise<void>;
}

export interface JobScheduler {
  /** Runs every job whose interval has passed (claimed across instances); resolves with their names. */
  tick(now?: number, scope?: JobScope): Promise<string[]>;
  /** Starts the timer (each instance ticks every `tickMs`). */
  start(): void;
  /**
   * Stops the timer and waits for a tick in progress, which stops early: no further job starts,
   * and jobs that may (`stopping`) stop between organizations, so shutdown stays within its bound
   * however many organizations there are.
   */
  stop(): Promise<void>;
  readonly jobs: readonly Job[];
}

/** The claim key: the job's name, plus the organizations of a scoped run. */
const claimName = (job: Job, scope: JobScope) =>
  scope.orgIds ? `${job.name}:${[...scope.orgIds].sort().join(',')}` : job.name;

/**
 * Claims `name` for a run at `now` when its interval has passed: `since` is the previous run's
 * time (undefined on the first run). `busy` when another instance holds the claim or the interval
 * has not passed. `next`: when asking again is worthwhile.
 */
async function claimJobRun(
  db: Db,
  name: string,
  intervalMs: number,
  now: number,
): Promise<{ since: number | undefined; next: number } | { busy: true; next: number }> {
  return db.transaction(async (tx) => {
    const [lock] = await rows<{ ok: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${jobLockKeys(name)}) AS ok`,
    );
    if (!lock?.ok) return { busy: true as const, next: now + Math.min(intervalMs, 1000) };
    const [row] = await rows<{ last: string | number }>(
      tx,
      sql`SELECT floor(extract(epoch from last_run_at) * 1000)::bigint AS last FROM job_runs WHERE name = ${name}`,
    );
    const last = row === undefined ? undefined : Number(row.last);
    if (last !== undefined && now < last + intervalMs)
      return { busy: true as const, next: last + intervalMs };
    const at = new Date(now).toISOString();
    await tx.execute(
      sql`INSERT INTO job_runs (name, last_run_at) VALUES (${name}, ${at}::timestamptz)
        ON CONFLICT (name) DO UPDATE SET last_run_at = excluded.last_run_at`,
    );
    return { since: last, next: now + intervalMs };
  });
}

export function createScheduler(
  db: Db,
  jobs: readonly Job[],
  options: { log?: FastifyBaseLogger; tickMs?: number } = {},
): JobScheduler {
  const tickMs = options.tickMs ?? 1000;
  /** Per claim name: when this instance last learned the job is next due (saves a round trip per tick). */
  const nextDue = new Map<string, number>();
  let stopSignal = new AbortController();
  async function tick(now = Date.now(), given: JobScope = {}): Promise<string[]> {
    const scope = { ...given, signal: given.signal ?? stopSignal.signal };
    const ran: string[] = [];
    for (const job of jobs) {
      if (stopping(scope)) break;
      const name = claimName(job, scope);
      if (now < (nextDue.get(name) ?? Number.NEGATIVE_INFINITY)) continue;
      try {
        const claim = await claimJobRun(db, name, job.intervalMs, now);
        nextDue.set(name, claim.next);
        if ('busy' in claim) continue;
        await job.run(now, claim.since, scope);
        ran.push(job.name);
      } catch (err) {
        options.log?.error({ err, job: job.name }, 'scheduled job failed');
      }
    }
    return ran;
  }

  const repeater = createRepeater(
    () => tick(),
    tickMs,
    (err) => options.log?.error({ err }, 'job tick failed'),
  );

  return {
    jobs,
    tick: (now, scope) => repeater.track(() => tick(now, scope)),
    start() {
      if (stopSignal.signal.aborted) stopSignal = new AbortController();
      repeater.start();
    },
    stop() {
      stopSignal.abort();
      return repeater.stop();
    },
  };
}
