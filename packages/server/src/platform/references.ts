/**
 * Cross-site references: every id a caller writes into a record must name a
 * row the caller can read — same organization and, for a site-limited caller, one of its sites.
 * An id the caller cannot read gets the same 400 as an unknown id, so the answer never tells
 * existing ids from unknown ones. Features call `assertReadable` for parents, zones, maps,
 * endpoints, categories, things, photos, whatever they store.
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { siteScope } from './access.js';
import type { Caller } from './caller.js';
import type { HttpError } from './errors.js';

export interface Referable {
  table: PgTable;
  id: PgColumn;
  orgId: PgColumn;
  /** The row's site; absent for organization-wide records (categories). */
  siteId?: PgColumn;
  /** Other ways a site-limited caller may read a row (a thing whose current zone is in its sites). */
  alsoVisible?: (sites: string[]) => SQL | undefined;
  /** Extra conditions every referenced row must meet (not deleted, of a class ...). */
  where?: SQL;
}

/** Which of `ids` the caller can read. */
export async function readableIds(db: Tx, caller: Caller, ref: Referable, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set<string>();
  const sites = siteScope(caller);
  const inSites =
    sites && ref.siteId
      ? or(inArray(ref.siteId, sites.length ? sites : ['']), ref.alsoVisible?.(sites))
      : undefined;
  const rows = (await db
    .select({ id: ref.id })
    .from(ref.table)
    .where(and(eq(ref.orgId, caller.orgId), inArray(ref.id, unique), inSites, ref.where))) as {
    id: string;
  }[];
  return new Set(rows.map((r) => r.id));
}

/** Throws `unknown(id)` for the first id the caller cannot read. */
export async function assertReadable(
  db: Tx,
  caller: Caller,
  ref: Referable,
  ids: readonly string[],
  unknown: (id: string) => HttpError,
): Promise<void> {
  const readable = await readableIds(db, caller, ref, ids);
  const missing = ids.find((id) => !readable.has(id));
  if (missing !== undefined) throw unknown(missing);
}
