/**
 * History of deleted records, removed in the background: deleting an endpoint or an organization
 * removes the record at once (it is gone from every screen and API, and a reader's key no longer
 * works), and lists what it leaves — an endpoint's raw sightings and heartbeats, a site's events,
 * stays and exceptions, a webhook's deliveries — in `retention_removals`. The purge job (and a
 * purge run now) removes those rows in bounded batches, never in one statement over a big table.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { retentionRemovals } from '../../db/schema.js';
import { deleteInBatches, type PurgeOptions } from './purge.js';

export type RemovalKind = 'endpoint' | 'site' | 'webhook';

const counted = (deletion: SQL) => sql`WITH d AS (${deletion} RETURNING 1) SELECT count(*)::int AS n FROM d`;

/** Each kind's deletions, one batch each; every one reads an index led by the record's id. */
const DELETIONS: Record<RemovalKind, ((id: string, limit: number) => SQL)[]> = {
  endpoint: [
    (id, limit) =>
      counted(sql`DELETE FROM sightings WHERE endpoint_id = ${id} AND (endpoint_id, tag, antenna, time) IN (
        SELECT endpoint_id, tag, antenna, time FROM sightings WHERE endpoint_id = ${id} LIMIT ${limit})`),
    (id, limit) =>
      counted(sql`DELETE FROM endpoint_status WHERE id IN (
        SELECT id FROM endpoint_status WHERE endpoint_id = ${id} LIMIT ${limit})`),
  ],
  site: [
    (id, limit) =>
      counted(
        sql`DELETE FROM events WHERE id IN (SELECT id FROM events WHERE site_id = ${id} LIMIT ${limit})`,
      ),
    // Stays before their rollup: their triggers take them out of zone_time_quarters first.
    (id, limit) =>
      counted(sql`DELETE FROM zone_durations WHERE id IN (
        SELECT id FROM zone_durations WHERE site_id = ${id} LIMIT ${limit})`),
    (id, limit) =>
      counted(sql`DELETE FROM zone_time_quarters WHERE (site_id, quarter, zone_id, org_id) IN (
        SELECT site_id, quarter, zone_id, org_id FROM zone_time_quarters WHERE site_id = ${id} LIMIT ${limit})`),
    (id, limit) =>
      counted(
        sql`DELETE FROM exceptions WHERE id IN (SELECT id FROM exceptions WHERE site_id = ${id} LIMIT ${limit})`,
      ),
  ],
  webhook: [
    (id, limit) =>
      counted(sql`DELETE FROM webhook_delivery_attempts WHERE id IN (
        SELECT id FROM webhook_delivery_attempts WHERE webhook_id = ${id} LIMIT ${limit})`),
    (id, limit) =>
      counted(sql`DELETE FROM webhook_deliveries WHERE id IN (
        SELECT id FROM webhook_deliveries WHERE webhook_id = ${id} LIMIT ${limit})`),
  ],
};

/** Lists a deleted record whose rows the purge removes; in the transaction that deletes it. */
export async function scheduleRemoval(tx: Tx, kind: RemovalKind, id: string, orgId: string): Promise<void> {
  await tx.insert(retentionRemovals).values({ kind, id, orgId }).onConflictDoNothing();
}

/** Removes the rows of listed records (of one organization, or all); answers the rows removed. */
export async function drainRemovals(
  db: Db,
  options: PurgeOptions & { orgId?: string } = {},
): Promise<number> {
  const pending = await rows<{ kind: RemovalKind; id: string }>(
    db,
    sql`SELECT kind, id FROM retention_removals
      ${options.orgId ? sql`WHERE org_id = ${options.orgId}` : sql``} ORDER BY time_created`,
  );
  let total = 0;
  for (const { kind, id } of pending) {
    for (const deletion of DELETIONS[kind] ?? [])
      total += await deleteInBatches(db, (limit) => deletion(id, limit), options);
    if (options.signal?.aborted) return total;
    await db.execute(sql`DELETE FROM retention_removals WHERE kind = ${kind} AND id = ${id}`);
  }
  return total;
}
