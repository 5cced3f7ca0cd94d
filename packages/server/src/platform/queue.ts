/**
 * The job queue (docs/decisions/0030-job-queue-pg-boss.md): pg-boss 10 over the app's own database
 * connection — its `db` option takes any `executeSql`, so the same queue runs on PostgreSQL (the
 * app's pool) and on embedded PGlite. pg-boss keeps jobs in its own `pgboss` schema, hands each job
 * to one worker across all instances (FOR UPDATE SKIP LOCKED), retries failed and expired jobs, and
 * keeps delayed jobs (startAfter) across restarts.
 */
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/client.js';
import { requestTransaction } from './request-tx.js';

interface ExecuteSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * PGlite: one statement with parameters goes through `query`; a parameterless script through `exec`.
 * Inside a request's transaction (request-tx.ts) a job joins it: PGlite runs one transaction at a
 * time, so a query beside it would wait for the request that waits for the query.
 */
function pgliteAdapter(pglite: PGlite): ExecuteSql {
  return {
    async executeSql(text, values) {
      const tx = requestTransaction();
      if (tx) return transactionAdapter(tx).executeSql(text, values);
      if (values?.length) {
        const result = await pglite.query(text, values);
        return { rows: result.rows };
      }
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

function databaseAdapter(database: Database): ExecuteSql {
  if (database.pool) {
    const { pool } = database;
    return { executeSql: async (text, values) => pool.query(text, values as unknown[]) };
  }
  if (database.pglite) return pgliteAdapter(database.pglite);
  throw new Error('database has neither a pool nor PGlite');
}

export interface QueueOptions {
  pollingIntervalSeconds?: number;
  /** Default `pgboss`. */
  schema?: string;
}

function createBoss(database: Database, options: QueueOptions = {}): PgBoss {
  return new PgBoss({
    db: databaseAdapter(database) as PgBoss.Db,
    schema: options.schema ?? 'pgboss',
    // PGlite is one process: pg-boss's maintenance (archive, expiry) still runs there, at the default pace.
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
  });
}

/**
 * pg-boss's SQL run inside one of our transactions (a job queued with the change that causes it):
 * its `$n` placeholders become drizzle parameters.
 */
export function transactionAdapter(tx: Tx): ExecuteSql {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, m.index)), sql`${values[Number(m[1]) - 1] ?? null}`);
        last = m.index + m[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

export interface JobQueue {
  /** Starts pg-boss on the app's database; resolves with it for the workers to register on. */
  start(): Promise<PgBoss>;
  /** Stops taking jobs and waits up to `timeoutMs` for the running ones. */
  stop(timeoutMs: number): Promise<void>;
}

/** The app's one pg-boss (webhook delivery and mail share it). */
export function createJobQueue(database: Database, options: QueueOptions, log: FastifyBaseLogger): JobQueue {
  let boss: PgBoss | undefined;
  return {
    async start() {
      boss = createBoss(database, options);
      boss.on('error', (err) => log.error({ err }, 'job queue'));
      await boss.start();
      return boss;
    },
    async stop(timeoutMs) {
      await boss?.stop({ graceful: true, timeout: timeoutMs });
      boss = undefined;
    },
  };
}
