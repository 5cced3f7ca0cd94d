/**
 * Counts kept by triggers (the zone counts of migration 0012, the category counts of 0015): the
 * triggers append +1 / -1 rows to a changes table, and a SQL function folds them into the counts.
 * Readers add both tables, so a count is exact whether or not the changes have been folded yet;
 * folding only keeps the changes table small. This runs a fold, one instance at a time; the timer
 * that folds every `everyMs` is started with the scheduled jobs (background.ts).
 */
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { type Db, rows } from './client.js';

export interface KeptCounts {
  /** Named in the error log. */
  what: string;
  /** Advisory lock (two-key form) that keeps two instances from folding at once. */
  lock: readonly [number, number];
  /** The SQL that folds and returns the rows changed as `n` (a function of the migration). */
  fold: SQL;
  /** How often an instance folds (with the scheduled jobs on). */
  everyMs: number;
}

/** Folds the appended changes; resolves with the rows changed, -1 when another fold ran. */
export async function foldKeptCounts(db: Db, counts: KeptCounts): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await rows<{ ok: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${counts.lock[0]}, ${counts.lock[1]}) AS ok`,
    );
    if (!lock?.ok) return -1;
    const [r] = await rows<{ n: number }>(tx, counts.fold);
    return r?.n ?? 0;
  });
}
