/**
 * Live things per zone (migration 0012, docs/decisions.md "Home's zone overview from kept counts"):
 * triggers on `things` append +1 / -1 rows to `zone_count_changes`; this folds them into
 * `zone_counts` every few seconds. Readers add both tables, so a count is exact whether or not
 * the changes have been folded yet; folding only keeps the changes table small.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rows } from '../../db/client.js';
import { createRepeater } from '../../platform/repeat.js';

/** How often an instance folds (with the scheduled jobs on). */
export const ZONE_COUNT_FOLD_MS = 5000;
/** Advisory lock (two-key form) that keeps two instances from folding at once. */
const FOLD_LOCK = [7_245_030, 1] as const;

/** Folds the appended changes into the counts; resolves with the (zone, class) rows changed, -1 when another fold ran. */
export async function foldZoneCounts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await rows<{ ok: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${FOLD_LOCK[0]}, ${FOLD_LOCK[1]}) AS ok`,
    );
    if (!lock?.ok) return -1;
    const [r] = await rows<{ n: number }>(tx, sql`SELECT fold_zone_count_changes() AS n`);
    return r?.n ?? 0;
  });
}

/** The folding timer: started with the scheduled jobs, stopped before the database closes. */
export function zoneCountFolder(db: Db, log: FastifyBaseLogger) {
  return createRepeater(
    () => foldZoneCounts(db),
    ZONE_COUNT_FOLD_MS,
    (err) => log.error({ err }, 'folding zone counts failed'),
  );
}
