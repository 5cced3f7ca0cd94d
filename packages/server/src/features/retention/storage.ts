/**
 * What each data class of an organization takes on disk (GET /api/storage). The tables are the
 * instance's, shared by every organization, so:
 * - rows are the organization's own, counted exactly (each count reads an index led by the
 *   organization, its sites, endpoints or webhooks: its cost is the organization's rows, not the
 *   table's);
 * - bytes are an estimate: each table's size on disk (table, indexes, every partition) times the
 *   organization's share of its rows — rows of one table are about the same size whoever owns them;
 * - queued mail names no organization: its rows and bytes are the instance's (`shared`).
 * The oldest record is the organization's own.
 */
import { RETENTION_CLASS_INFO, type RetentionClass, type StorageClass } from '@sightline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';

/** Below this size a table's total rows are counted exactly (a few milliseconds); above, the planner's estimate. */
const EXACT_COUNT_BYTES = 8 * 1024 * 1024;

/** A table of a class and how the organization's rows in it are counted; no count: the instance's. */
interface ClassTable {
  table: string;
  count?: (orgId: string) => SQL;
}

interface ClassStorage {
  tables: (queueSchema: string) => ClassTable[];
  /** The organization's oldest record of the class, by an index where one exists. */
  oldest: (orgId: string, queueSchema: string) => SQL;
}

const perSite = (table: string, column: string) => (orgId: string) =>
  sql`SELECT min(x.t) AS t FROM sites s CROSS JOIN LATERAL (
    SELECT ${sql.identifier(column)} AS t FROM ${sql.identifier(table)} r
    WHERE r.site_id = s.id ORDER BY ${sql.identifier(column)} LIMIT 1) x WHERE s.org_id = ${orgId}`;

/** The organization's rows of a table whose rows name their site (read by a site-led index). */
const bySite = (table: string) => (orgId: string) =>
  sql`SELECT count(*) AS n FROM ${sql.identifier(table)}
    WHERE site_id IN (SELECT id FROM sites WHERE org_id = ${orgId}) AND org_id = ${orgId}`;
/** ... whose rows name their endpoint. */
const byEndpoint = (table: string) => (orgId: string) =>
  sql`SELECT count(*) AS n FROM ${sql.identifier(table)}
    WHERE endpoint_id IN (SELECT id FROM endpoints WHERE org_id = ${orgId})`;
/** ... whose rows name their webhook. */
const byWebhook = (table: string) => (orgId: string) =>
  sql`SELECT count(*) AS n FROM ${sql.identifier(table)}
    WHERE webhook_id IN (SELECT id FROM webhooks WHERE org_id = ${orgId})`;
/** ... whose rows name their organization. */
const byOrg = (table: string) => (orgId: string) =>
  sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE org_id = ${orgId}`;

/** Every class with tables of its own (worker history is rows of events, stays and exceptions). */
const STORAGE: Partial<Record<RetentionClass, ClassStorage>> = {
  sightings: {
    tables: () => [{ table: 'sightings', count: byEndpoint('sightings') }],
    oldest: (orgId) =>
      sql`SELECT min(time) AS t FROM sightings WHERE endpoint_id IN (SELECT id FROM endpoints WHERE org_id = ${orgId})`,
  },
  events: {
    tables: () => [
      { table: 'events', count: bySite('events') },
      { table: 'event_days', count: byOrg('event_days') },
      { table: 'event_days_pending', count: byOrg('event_days_pending') },
    ],
    oldest: perSite('events', 'time'),
  },
  zoneDurations: {
    tables: () => [
      { table: 'zone_durations', count: bySite('zone_durations') },
      { table: 'zone_time_quarters', count: bySite('zone_time_quarters') },
    ],
    oldest: perSite('zone_durations', 'time_end'),
  },
  exceptions: {
    tables: () => [{ table: 'exceptions', count: bySite('exceptions') }],
    oldest: perSite('exceptions', 'time'),
  },
  endpointStatus: {
    tables: () => [{ table: 'endpoint_status', count: byEndpoint('endpoint_status') }],
    oldest: (orgId) => sql`SELECT min(x.t) AS t FROM endpoints e CROSS JOIN LATERAL (
      SELECT time AS t FROM endpoint_status r WHERE r.endpoint_id = e.id ORDER BY time LIMIT 1) x
      WHERE e.org_id = ${orgId}`,
  },
  webhookDeliveries: {
    tables: () => [
      { table: 'webhook_deliveries', count: byWebhook('webhook_deliveries') },
      { table: 'webhook_delivery_attempts', count: byWebhook('webhook_delivery_attempts') },
    ],
    oldest: (orgId) => sql`SELECT min(x.t) AS t FROM webhooks w CROSS JOIN LATERAL (
      SELECT first_attempt_at AS t FROM webhook_deliveries r WHERE r.webhook_id = w.id ORDER BY id LIMIT 1) x
      WHERE w.org_id = ${orgId}`,
  },
  audit: {
    tables: () => [{ table: 'audit_rows', count: byOrg('audit_rows') }],
    oldest: (orgId) => sql`SELECT min(time) AS t FROM audit_rows WHERE org_id = ${orgId}`,
  },
  mail: {
    // Queued mail names no organization.
    tables: (schema) => [{ table: `${schema}.job` }, { table: `${schema}.archive` }],
    oldest: (_orgId, schema) =>
      sql`SELECT min(created_on) AS t FROM ${sql.identifier(schema)}.job WHERE name = 'mail-send'`,
  },
};

/** A table's rows (all organizations) and bytes on disk with its indexes and partitions; undefined when it does not exist. */
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

/** The organization's rows and estimated bytes of one table; undefined when the table does not exist. */
async function orgShare(db: Tx, orgId: string, t: ClassTable) {
  const size = await tableSize(db, t.table);
  if (!size) return undefined;
  if (!t.count) return size;
  const [own] = await rows<{ n: number | string }>(db, t.count(orgId));
  const mine = Number(own?.n ?? 0);
  // The estimate of all rows may lag the organization's exact count (statistics not yet refreshed).
  const all = Math.max(size.rows, mine);
  return { rows: mine, bytes: all ? Math.round((size.bytes * mine) / all) : 0 };
}

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
    const tables = storage.tables(queueSchema);
    for (const table of tables) {
      const share = await orgShare(db, orgId, table);
      if (!share) continue;
      present = true;
      rowCount += share.rows;
      bytes += share.bytes;
    }
    const [oldest] = present
      ? await rows<{ t: string | Date | null }>(db, storage.oldest(orgId, queueSchema))
      : [];
    out.push({
      class: name,
      label: RETENTION_CLASS_INFO[name].label,
      rows: rowCount,
      bytes,
      shared: tables.some((t) => !t.count),
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
