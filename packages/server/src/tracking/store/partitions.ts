/**
 * Ingest partitions (docs/decisions/0024-ingest-partitions.md): an organization's engine state
 * split by thing into K partitions, so reader batches of different partitions run their tracking
 * transactions at once instead of queueing for the one organization lock.
 *
 * - A thing's partition is a stable hash of its **partition key**: the smallest of its tags (a
 *   thing with one tag — the usual case, and every auto-enrolled thing — is in its tag's
 *   partition; a thing with several tags has all of them in one partition). A tag no thing holds
 *   is in its own hash's partition, so an enrolment and any later sighting of the tag agree.
 * - Routing happens before any lock: one statement finds the batch's tags that belong to a thing
 *   with other tags, the location tags among them and whether the endpoint enrols location tags
 *   (`routeBatch`). A batch is split by partition; each part joins its partition's group.
 * - A partition's transaction holds the organization lock SHARED plus its partition's lock.
 *   Everything that spans things keeps taking the organization lock EXCLUSIVE (manual moves, the
 *   kill, zone-time and inventory jobs, and batches with location tags or survey-mode endpoints),
 *   which waits for every partition and keeps them all out while it runs.
 * - Under the lock the load re-reads each tag's thing and partition key; if anything moved since
 *   routing (a tag edited onto another thing, a tag that became a location tag) or the engine
 *   would touch another partition's things (a kill's released children), the transaction rolls
 *   back with `PartitionMismatch` and the group runs again under the exclusive organization lock.
 * - K = 1 (the default) is the organization lock alone: one tracking transaction of an
 *   organization at a time.
 *   Every instance of one database must use the same K.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { organizationLockKeys, partitionLockKeys } from '../../db/locks.js';
import type { NormalizedSighting } from '../formats/index.js';
import { textArray } from './arrays.js';

/** `INGEST_PARTITIONS` (whole number ≥ 1; default 1 = the organization lock alone), read by config.ts. */
export function partitionsFromEnv(value: string | undefined): number {
  const n = Math.floor(Number(value ?? 1));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 64) : 1;
}

/** Partition of a partition key (FNV-1a, the same on every instance). */
export function partitionOf(key: string, partitions: number): number {
  if (partitions <= 1) return 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % partitions;
}

/** Which partition lock a transaction holds. */
export interface PartitionLock {
  partition: number;
  partitions: number;
}

/** The organization lock shared, then the partition's lock (both until COMMIT). */
export async function lockPartition(tx: Tx, orgId: string, lock: PartitionLock): Promise<void> {
  // One statement; its target list is evaluated left to right (organization first).
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock_shared(${organizationLockKeys(orgId)}),
      pg_advisory_xact_lock(${partitionLockKeys(orgId, lock.partition)})`,
  );
}

/** The state moved out of the partition since routing, or the batch needs the whole organization. */
export class PartitionMismatch extends Error {
  constructor(what: string) {
    super(`ingest partition cannot apply the batch alone: ${what}`);
    this.name = 'PartitionMismatch';
  }
}

/** A batch's sightings by partition, or `span` when it needs the exclusive organization lock. */
export type Route = { span: true } | { span: false; parts: Map<number, NormalizedSighting[]> };

const INT4 = 2 ** 31;
const FLOAT4_MAX = 3.4e38;
const hasNul = (v: string) => v.includes('\u0000');

/**
 * Whether PostgreSQL will take every value of the sighting into the log. The route's schema
 * guarantees it for what readers send; a batch that bypassed it is not split, so it fails (or
 * succeeds) as a whole, as with one organization lock, instead of storing some of its parts.
 */
export function fitsTheLog(s: NormalizedSighting): boolean {
  return (
    Number.isInteger(s.antenna) &&
    s.antenna >= -INT4 &&
    s.antenna < INT4 &&
    Number.isFinite(s.time) &&
    Math.abs(s.time) <= 8.64e15 &&
    (typeof s.rssi !== 'number' || !Number.isFinite(s.rssi) || Math.abs(s.rssi) < FLOAT4_MAX) &&
    !hasNul(s.tag) &&
    !hasNul(String(s.direction)) &&
    (s.data === undefined || !JSON.stringify(s.data).includes('\\u0000'))
  );
}

/**
 * What routing learned, per organization, at this instance: each tag's partition key and whether
 * an endpoint is in survey mode. Only a hint — every routing decision is checked again under the
 * lock (process.ts), and a wrong one rolls back and regroups (`forgetRoutes`) — so it needs no
 * invalidation and saves the routing statement once the organization's tags are known.
 */
interface Routes {
  keys: Map<string, string>;
  survey: Map<string, boolean>;
}
const routes = new Map<string, Routes>();
const ROUTES_MAX = 1_000_000;

function routesOf(orgId: string): Routes {
  let known = routes.get(orgId);
  if (!known || known.keys.size > ROUTES_MAX) {
    known = { keys: new Map(), survey: new Map() };
    routes.set(orgId, known);
  }
  return known;
}

/** After a routing decision proved wrong: look the organization's tags up again. */
export function forgetRoutes(orgId: string): void {
  routes.delete(orgId);
}

/**
 * Routes a batch (before any lock). Only tags whose thing has other tags, location tags and a
 * survey-mode endpoint come back from the database; every other tag is its own partition key.
 * Tags and endpoints routed before are not looked up again (`Routes`).
 */
export async function routeBatch(
  db: Tx,
  orgId: string,
  endpointId: string,
  batch: readonly NormalizedSighting[],
  partitions: number,
): Promise<Route> {
  if (!batch.every(fitsTheLog)) return { span: true };
  const known = routesOf(orgId);
  const missing = [...new Set(batch.map((s) => s.tag))].filter((t) => !known.keys.has(t));
  if (missing.length || !known.survey.has(endpointId)) {
    const found = await rows<{ tag: string; key: string | null; survey: boolean | null }>(
      db,
      sql`WITH x AS (SELECT DISTINCT unnest(${textArray(missing, (t) => t)}::text[]) AS tag)
        SELECT x.tag, (SELECT min(k.tag) FROM thing_tags k WHERE k.org_id = ${orgId} AND k.thing_id = tt.thing_id) AS key,
            NULL::boolean AS survey
          FROM x JOIN thing_tags tt ON tt.org_id = ${orgId} AND tt.tag = x.tag
          JOIN things t ON t.id = tt.thing_id AND t.deleted_at IS NULL
          WHERE EXISTS (SELECT 1 FROM thing_tags o WHERE o.org_id = ${orgId} AND o.thing_id = tt.thing_id AND o.tag <> x.tag)
        UNION ALL
        SELECT l.tag, NULL, NULL FROM location_tags l WHERE l.org_id = ${orgId} AND l.tag IN (SELECT tag FROM x)
        UNION ALL
        SELECT '', NULL, e.auto_enroll_locations FROM endpoints e WHERE e.id = ${endpointId} AND e.org_id = ${orgId}`,
    );
    const learned = new Map<string, string>();
    let span = false;
    for (const row of found) {
      if (row.survey !== null) known.survey.set(endpointId, row.survey);
      else if (row.key === null)
        span = true; // a location tag: not remembered, looked up each time
      else learned.set(row.tag, row.key);
    }
    if (span) return { span: true };
    for (const tag of missing) known.keys.set(tag, learned.get(tag) ?? tag);
  }
  if (known.survey.get(endpointId) !== false) return { span: true };
  const parts = new Map<number, NormalizedSighting[]>();
  for (const s of batch) {
    const p = partitionOf(known.keys.get(s.tag) ?? s.tag, partitions);
    const part = parts.get(p);
    if (part) part.push(s);
    else parts.set(p, [s]);
  }
  return { span: false, parts };
}
