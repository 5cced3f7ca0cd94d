/**
 * The purge: every class of an organization's history older than its policy goes, in bounded
 * batches (docs/decisions/0322-purge-in-bounded-batches.md). Each batch is its own short
 * statement, deleting at most PURGE_BATCH rows found by an index: it locks only the expired rows,
 * which ingest never writes again, and never the organization's tracking lock, so readers keep
 * being acknowledged while history goes.
 *
 * Boundaries: a record expires by its own time (an event's last time, a stay's end, a sighting's
 * read time), never by when it was stored, so a reader's late upload expires with its day.
 * `workerHistory` caps the events, stays and exceptions of workers: the shorter of it and the
 * class's own policy wins.
 */
import { RETENTION_CLASSES, type RetentionClass, type RetentionPolicy } from '@sightline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { textArray as arrayLiteral } from '../../tracking/store/arrays.js';
import { purgeAuditRows } from '../audit/repository.js';
import { dayPartitions, SIGHTINGS_LOG } from './partitions.js';

/** Rows one batch deletes at most: a few milliseconds of work, so no lock is held long. */
const PURGE_BATCH = 2000;

const DAY_MS = 24 * 60 * 60 * 1000;

export type Purged = Record<RetentionClass, number>;

const noneRemoved = (): Purged => Object.fromEntries(RETENTION_CLASSES.map((c) => [c, 0])) as Purged;

/** When records of `days` kept at `now` expire: those older than this. Null: never. */
export function boundaryOf(days: number | null, now: number): Date | null {
  return days === null ? null : new Date(now - days * DAY_MS);
}

/** The later of two boundaries (the shorter policy); null is never. */
function shorter(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/**
 * Per day-partitioned class, the first instant of the first day not dropped whole: days before it
 * have passed every organization's policy and go as whole partitions (a day whose drop could not
 * take its lock this run is dropped at the next), so the row batches never delete inside them.
 */
export type WholeDays = Record<'sightings' | 'zoneDurations' | 'events', Date | null>;

export interface PurgeOptions {
  /** Stops between batches when aborted (shutdown); what is left goes at the next run. */
  signal?: AbortSignal;
  batch?: number;
  whole?: WholeDays;
}

/** The ids of the events made before `day` (a day start) but after the DEFAULT partition's (0355). */
const eventIdsBefore = (day: Date) => (day.getTime() / DAY_MS) * 2 ** 32;

/**
 * Runs `statement(limit)` (a DELETE of at most `limit` rows answering `n`, the rows it removed)
 * until a batch removes fewer than `limit`. Each batch commits on its own.
 */
export async function deleteInBatches(
  db: Tx,
  statement: (limit: number) => SQL,
  options: PurgeOptions = {},
): Promise<number> {
  const limit = options.batch ?? PURGE_BATCH;
  let total = 0;
  for (;;) {
    const [row] = await rows<{ n: number }>(db, statement(limit));
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < limit || options.signal?.aborted) return total;
  }
}

/** `WITH d AS (<delete> RETURNING 1) SELECT count(*) AS n`: one answer shape on both drivers. */
const counted = (deletion: SQL) => sql`WITH d AS (${deletion} RETURNING 1) SELECT count(*)::int AS n FROM d`;

interface OrgScope {
  orgId: string;
  sites: string[];
  endpoints: string[];
  webhooks: string[];
  workers: string[];
}

async function scopeOf(db: Db, orgId: string): Promise<OrgScope> {
  const ids = async (query: SQL) => (await rows<{ id: string }>(db, query)).map((r) => r.id);
  return {
    orgId,
    sites: await ids(sql`SELECT id FROM sites WHERE org_id = ${orgId}`),
    endpoints: await ids(sql`SELECT id FROM endpoints WHERE org_id = ${orgId}`),
    webhooks: await ids(sql`SELECT id FROM webhooks WHERE org_id = ${orgId}`),
    workers: await ids(sql`SELECT id FROM things WHERE org_id = ${orgId} AND class = 'worker'`),
  };
}

const textArray = (values: string[]) => sql`${arrayLiteral(values, (v) => v)}::text[]`;

/**
 * The deletions of one history class: rows of the organization's sites older than `before`,
 * limited to `things` when given (the worker cap). Each reads the class's site-and-time index.
 */
const HISTORY = {
  events: (s: OrgScope, before: Date, things: string[] | undefined, whole: Date | null) => (limit: number) =>
    counted(sql`DELETE FROM events WHERE id IN (
      SELECT e.id FROM events e
      WHERE e.site_id = ANY(${textArray(s.sites)}) AND e.org_id = ${s.orgId} AND e.time < ${before.toISOString()}::timestamptz
        ${things ? sql`AND e.thing_id = ANY(${textArray(things)})` : sql``}
        -- A tag's open event is its current state (tag_state): it stays while the tag does.
        AND NOT EXISTS (SELECT 1 FROM tag_state t WHERE t.org_id = e.org_id AND t.event_id = e.id)
        ${whole ? sql`AND (e.id >= ${eventIdsBefore(whole)} OR e.tableoid = 'events_default'::regclass)` : sql``}
      LIMIT ${limit})`),
  zoneDurations:
    (s: OrgScope, before: Date, things: string[] | undefined, whole: Date | null) => (limit: number) =>
      // Through the partitioned parent, so the rollup's triggers see each stay go; the outer time
      // bound reads only the day partitions the boundary reached.
      counted(sql`DELETE FROM zone_durations WHERE time_end < ${before.toISOString()}::timestamptz AND (id, time_end) IN (
      SELECT z.id, z.time_end FROM zone_durations z
      WHERE z.site_id = ANY(${textArray(s.sites)}) AND z.org_id = ${s.orgId} AND z.time_end < ${before.toISOString()}::timestamptz
        ${things ? sql`AND z.thing_id = ANY(${textArray(things)})` : sql``}
        ${whole ? sql`AND (z.time_end >= ${whole.toISOString()}::timestamptz OR z.tableoid = 'zone_durations_default'::regclass)` : sql``}
      LIMIT ${limit})`),
  exceptions:
    (s: OrgScope, before: Date, things: string[] | undefined, _whole: Date | null) => (limit: number) =>
      counted(sql`DELETE FROM exceptions WHERE id IN (
      SELECT x.id FROM exceptions x
      WHERE x.site_id = ANY(${textArray(s.sites)}) AND x.org_id = ${s.orgId} AND x.time < ${before.toISOString()}::timestamptz
        ${things ? sql`AND x.thing_id = ANY(${textArray(things)})` : sql``}
      LIMIT ${limit})`),
} as const;

/**
 * The rollups follow what they were built from: the events rollup's days whose last event has
 * expired, and the zone-time quarters emptied by the stays' own triggers (a quarter still counting
 * a kept stay stays).
 */
async function purgeRollups(db: Db, s: OrgScope, events: Date | null, stays: Date | null, o: PurgeOptions) {
  if (events)
    await deleteInBatches(
      db,
      (limit) =>
        counted(sql`DELETE FROM event_days WHERE (site_id, thing_id, day) IN (
          SELECT site_id, thing_id, day FROM event_days
          WHERE org_id = ${s.orgId} AND last_time < ${events.toISOString()}::timestamptz LIMIT ${limit})`),
      o,
    );
  if (stays)
    await deleteInBatches(
      db,
      (limit) =>
        counted(sql`DELETE FROM zone_time_quarters WHERE (site_id, quarter, zone_id, org_id) IN (
          SELECT site_id, quarter, zone_id, org_id FROM zone_time_quarters
          WHERE site_id = ANY(${textArray(s.sites)}) AND org_id = ${s.orgId}
            AND quarter < ${stays.toISOString()}::timestamptz
            AND us = 0 AND starts = 0 AND crossing = 0 AND zero = 0
          LIMIT ${limit})`),
      o,
    );
}

/**
 * The zone-time quarters before `end` (every organization's), once the stays' day partitions
 * before it were dropped: a dropped partition's stays never pass through the rollup's triggers,
 * and no stay they counted is kept, but for the part of a kept stay begun before `end`.
 */
export async function dropQuartersBefore(db: Db, end: Date, options: PurgeOptions = {}): Promise<number> {
  return deleteInBatches(
    db,
    (limit) =>
      counted(sql`DELETE FROM zone_time_quarters WHERE (site_id, quarter, zone_id, org_id) IN (
        SELECT site_id, quarter, zone_id, org_id FROM zone_time_quarters
        WHERE site_id IN (SELECT id FROM sites) AND quarter < ${end.toISOString()}::timestamptz LIMIT ${limit})`),
    options,
  );
}

/** Purges one organization's history by its policy; answers the rows removed per class. */
export async function purgeOrganization(
  db: Db,
  orgId: string,
  policy: RetentionPolicy,
  now: number,
  options: PurgeOptions = {},
): Promise<Purged> {
  const purged = noneRemoved();
  const s = await scopeOf(db, orgId);
  const at = (c: RetentionClass) => boundaryOf(policy[c], now);
  const workers = at('workerHistory');

  const sightings = at('sightings');
  if (sightings && s.endpoints.length) {
    // Partition by partition (the days the boundary reached, then DEFAULT), each batch by the
    // rows' physical addresses: no batch reads a partition it has nothing to delete from.
    const whole = options.whole?.sightings?.getTime() ?? Number.NEGATIVE_INFINITY;
    const days = (await dayPartitions(db, SIGHTINGS_LOG)).filter(
      (p) => p.from < sightings.getTime() && p.from + DAY_MS > whole,
    );
    for (const name of [...days.map((p) => p.name), 'sightings_default']) {
      const table = sql.identifier(name);
      purged.sightings += await deleteInBatches(
        db,
        (limit) =>
          counted(sql`DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
            SELECT ctid FROM ${table}
            WHERE endpoint_id = ANY(${textArray(s.endpoints)}) AND time < ${sightings.toISOString()}::timestamptz
            LIMIT ${limit}))`),
        options,
      );
    }
  }

  if (s.sites.length)
    for (const c of ['events', 'zoneDurations', 'exceptions'] as const) {
      const own = at(c);
      const whole = c === 'exceptions' ? null : (options.whole?.[c] ?? null);
      if (own) purged[c] = await deleteInBatches(db, HISTORY[c](s, own, undefined, whole), options);
      // Workers' rows between the class's boundary and the (later) worker boundary.
      const capped = shorter(own, workers);
      if (capped && capped !== own && s.workers.length)
        purged.workerHistory += await deleteInBatches(db, HISTORY[c](s, capped, s.workers, whole), options);
    }
  await purgeRollups(db, s, at('events'), at('zoneDurations'), options);

  const status = at('endpointStatus');
  if (status && s.endpoints.length)
    purged.endpointStatus = await deleteInBatches(
      db,
      (limit) =>
        counted(sql`DELETE FROM endpoint_status WHERE id IN (
          SELECT id FROM endpoint_status
          WHERE endpoint_id = ANY(${textArray(s.endpoints)}) AND time < ${status.toISOString()}::timestamptz
          LIMIT ${limit})`),
      options,
    );

  const deliveries = at('webhookDeliveries');
  if (deliveries && s.webhooks.length) {
    // Finished deliveries only: one still being retried is kept until it is delivered or given up.
    purged.webhookDeliveries = await deleteInBatches(
      db,
      (limit) =>
        counted(sql`DELETE FROM webhook_deliveries WHERE id IN (
          SELECT id FROM webhook_deliveries
          WHERE webhook_id = ANY(${textArray(s.webhooks)}) AND done AND first_attempt_at < ${deliveries.toISOString()}::timestamptz
          LIMIT ${limit})`),
      options,
    );
    await deleteInBatches(
      db,
      (limit) =>
        counted(sql`DELETE FROM webhook_delivery_attempts WHERE id IN (
          SELECT a.id FROM webhook_delivery_attempts a
          WHERE a.webhook_id = ANY(${textArray(s.webhooks)}) AND a.time < ${deliveries.toISOString()}::timestamptz
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.id = a.delivery_id)
          LIMIT ${limit})`),
      options,
    );
  }

  // The audit trail is cut at its start under its chain's lock, and the cut is recorded in it.
  const audit = at('audit');
  if (audit) purged.audit = await db.transaction((tx) => purgeAuditRows(tx, orgId, audit));
  return purged;
}

/**
 * Mail on the job queue carries no organization: it is kept for the shortest mail policy of any
 * organization (a mail may be another's), sent or given up only — a mail still being retried stays.
 */
export async function purgeMail(db: Db, queueSchema: string, days: number | null, now: number) {
  const before = boundaryOf(days, now);
  if (!before) return 0;
  let total = 0;
  for (const table of ['job', 'archive']) {
    const [exists] = await rows<{ ok: boolean }>(
      db,
      sql`SELECT to_regclass(${`${queueSchema}.${table}`}) IS NOT NULL AS ok`,
    );
    if (!exists?.ok) continue;
    const name = sql`${sql.identifier(queueSchema)}.${sql.identifier(table)}`;
    total += await deleteInBatches(db, (limit) =>
      counted(sql`DELETE FROM ${name} WHERE id IN (
        SELECT id FROM ${name}
        WHERE name = 'mail-send' AND state IN ('completed', 'failed', 'cancelled')
          AND created_on < ${before.toISOString()}::timestamptz
        LIMIT ${limit})`),
    );
  }
  return total;
}
