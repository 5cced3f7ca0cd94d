/**
 * What each data class takes on disk (GET /api/storage): the tables are the instance's, shared by
 * every organization, so rows and bytes are the whole table's (the planner's row estimate; an
 * exact count for a table under EXACT_COUNT_BYTES), the oldest record the organization's own. A
 * partitioned table counts all of its partitions.
 */
import { RETENTION_CLASS_INFO, type RetentionClass, type StorageClass } from '@sightline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';

/** Below this size a table is counted exactly (a few milliseconds); above, estimated. */
const EXACT_COUNT_BYTES = 8 * 1024 * 1024;

interface ClassStorage {
  tables: (queueSchema: string) => string[];
  /** The organization's oldest record of the class, by an index where one exists. */
  oldest: (orgId: string, queueSchema: string) => SQL;
}

const perSite = (table: string, column: string) => (orgId: string) =>
  sql`SELECT min(x.t) AS t FROM sites s CROSS JOIN LATERAL (
    SELECT ${sql.identifier(column)} AS t FROM ${sql.identifier(table)} r
    WHERE r.site_id = s.id ORDER BY ${sql.identifier(column)} LIMIT 1) x WHERE s.org_id = ${orgId}`;

/** Every class with tables of its own (worker history is rows of events, stays and exceptions). */
const STORAGE: Partial<Record<RetentionClass, ClassStorage>> = {
  sightings: {
    tables: () => ['sightings'],
    oldest: (orgId) =>
      sql`SELECT min(time) AS t FROM sightings WHERE endpoint_id IN (SELECT id FROM endpoints WHERE org_id = ${orgId})`,
  },
  events: { tables: () => ['events', 'event_days', 'event_days_pending'], oldest: perSite('events', 'time') },
  zoneDurations: {
    tables: () => ['zone_durations', 'zone_time_quarters'],
    oldest: perSite('zone_durations', 'time_end'),
  },
  exceptions: { tables: () => ['exceptions'], oldest: perSite('exceptions', 'time') },
  endpointStatus: {
    tables: () => ['endpoint_status'],
    oldest: (orgId) => sql`SELECT min(x.t) AS t FROM endpoints e CROSS JOIN LATERAL (
      SELECT time AS t FROM endpoint_status r WHERE r.endpoint_id = e.id ORDER BY time LIMIT 1) x
      WHERE e.org_id = ${orgId}`,
  },
  webhookDeliveries: {
    tables: () => ['webhook_deliveries', 'webhook_delivery_attempts'],
    oldest: (orgId) => sql`SELECT min(x.t) AS t FROM webhooks w CROSS JOIN LATERAL (
      SELECT first_attempt_at AS t FROM webhook_deliveries r WHERE r.webhook_id = w.id ORDER BY id LIMIT 1) x
      WHERE w.org_id = ${orgId}`,
  },
  audit: {
    tables: () => ['audit_rows'],
    oldest: (orgId) => sql`SELECT min(time) AS t FROM audit_rows WHERE org_id = ${orgId}`,
  },
  mail: {
    tables: (schema) => [`${schema}.job`, `${schema}.archive`],
    oldest: (_orgId, schema) =>
      sql`SELECT min(created_on) AS t FROM ${sql.identifier(schema)}.job WHERE name = 'mail-send'`,
  },
};

async function tableSize(db: Tx, table: string): Promise<{ rows: number; bytes: number } | undefined> {
  const [found] = await rows<{ ok: boolean }>(db, sql`SELECT to_regclass(${table}) IS NOT NULL AS ok`);
  if (!found?.ok) return undefined;
  const [size] = await rows<{ rows: number | string; bytes: number | string }>(
    db,
    sql`SELECT coalesce(sum(greatest(c.reltuples, 0)), 0)::bigint AS rows,
        coalesce(sum(pg_total_relation_size(t.relid)), 0)::bigint AS bytes
      FROM (SELECT relid FROM pg_partition_tree(${table}::regclass) UNION SELECT ${table}::regclass) t
      JOIN pg_class c ON c.oid = t.relid`,
  );
  const bytes = Number(size?.bytes ?? 0);
  if (bytes >= EXACT_COUNT_BYTES) return { rows: Number(size?.rows ?? 0), bytes };
  const [count] = await rows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM ${sql.raw(quoteName(table))}`,
  );
  return { rows: Number(count?.n ?? 0), bytes };
}

/** `schema.table` or `table`, each part quoted. */
const quoteName = (name: string) =>
  name
    .split('.')
    .map((p) => `"${p.replace(/"/g, '""')}"`)
    .join('.');

export async function storageClasses(
  db: Tx,
  orgId: string,
  queueSchema: string,
  days: Record<RetentionClass, number | null>,
): Promise<StorageClass[]> {
  const out: StorageClass[] = [];
  for (const [name, storage] of Object.entries(STORAGE) as [RetentionClass, ClassStorage][]) {
    let rowCount = 0;
    let bytes = 0;
    let present = false;
    for (const table of storage.tables(queueSchema)) {
      const size = await tableSize(db, table);
      if (!size) continue;
      present = true;
      rowCount += size.rows;
      bytes += size.bytes;
    }
    const [oldest] = present
      ? await rows<{ t: string | Date | null }>(db, storage.oldest(orgId, queueSchema))
      : [];
    out.push({
      class: name,
      label: RETENTION_CLASS_INFO[name].label,
      rows: rowCount,
      bytes,
      oldest: oldest?.t ? new Date(oldest.t).toISOString() : null,
      days: days[name],
    });
  }
  return out;
}

export async function photoStorage(db: Tx, orgId: string) {
  const [row] = await rows<{ count: number | string; bytes: number | string }>(
    db,
    sql`SELECT count(*) AS count, coalesce(sum(bytes), 0)::bigint AS bytes FROM images WHERE org_id = ${orgId}`,
  );
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}
