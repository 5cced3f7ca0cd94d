/**
 * The job queue (DESIGN §2 "jobs", issue 9): pg-boss 10 over the app's own database connection —
 * its `db` option takes any `executeSql`, so the same queue runs on PostgreSQL (the app's pool)
 * and on embedded PGlite. pg-boss keeps jobs in its own `pgboss` schema, hands each job to one
 * worker across all instances (FOR UPDATE SKIP LOCKED), retries failed and expired jobs, and
 * keeps delayed jobs (startAfter) across restarts.
 */
import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

interface ExecuteSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** PGlite: one statement with parameters goes through `query`; a parameterless script through `exec`. */
function pgliteAdapter(pglite: PGlite): ExecuteSql {
  return {
    async executeSql(text, values) {
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

export function createBoss(database: Database, options: { pollingIntervalSeconds?: number } = {}): PgBoss {
  return new PgBoss({
    db: databaseAdapter(database) as PgBoss.Db,
    schema: 'pgboss',
    // PGlite is one process: pg-boss's maintenance (archive, expiry) still runs there, at the default pace.
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
  });
}
