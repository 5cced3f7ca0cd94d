/**
 * Live things per zone (migration 0012, docs/decisions/0015-kept-counts.md):
 * triggers on `things` append +1 / -1 rows to `zone_count_changes`; this folds them into
 * `zone_counts` every few seconds. Readers add both tables, so a count is exact whether or not
 * the changes have been folded yet; folding only keeps the changes table small.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { foldKeptCounts, type KeptCounts } from '../../db/kept-counts.js';
import { ZONE_COUNTS_LOCK } from '../../db/locks.js';

export const zoneCounts: KeptCounts = {
  what: 'zone counts',
  lock: ZONE_COUNTS_LOCK,
  fold: sql`SELECT fold_zone_count_changes() AS n`,
  everyMs: 5000,
};

/** Folds the appended changes into the counts; resolves with the (zone, class) rows changed, -1 when another fold ran. */
export const foldZoneCounts = (db: Db) => foldKeptCounts(db, zoneCounts);
