/**
 * Exceptions: their queries (presented by `presentException`, presenter.ts).
 */
import type {
  EXCEPTION_SORT_FIELDS,
  ExceptionListQuery,
  ExceptionThing,
  ThingClass,
} from '@sightline/shared';
import {
  aliasedTable,
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { exceptions, things, zones } from '../../db/schema.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';
import { notAWorker, notOnlyWorkers } from '../things/filters.js';
import { presentException } from './presenter.js';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

const listSpec: ListSpec<(typeof EXCEPTION_SORT_FIELDS)[number]> = {
  sortable: { time: exceptions.time, type: exceptions.type },
  // Newest first, as the Exceptions screen lists them.
  defaultSort: [desc(exceptions.time), desc(exceptions.id)],
  searchable: [],
};

interface ExceptionFilter extends Omit<ExceptionListQuery, 'limit' | 'page'> {
  orgId: string;
  /** Sites the caller may see; undefined = every site of the organization. */
  scope?: string[];
  /** The site hides its workers: exceptions of a worker, or of workers only, are left out. */
  hideWorkers?: boolean;
}

function whereOf(f: ExceptionFilter): SQL | undefined {
  return and(
    eq(exceptions.orgId, f.orgId),
    f.site ? eq(exceptions.siteId, f.site) : undefined,
    f.scope ? inArray(exceptions.siteId, f.scope.length ? f.scope : ['']) : undefined,
    f.thing
      ? or(eq(exceptions.thingId, f.thing), sql`${f.thing} = ANY(${exceptions.multipleThings})`)
      : undefined,
    f.after ? gte(exceptions.time, new Date(f.after)) : undefined,
    f.before ? lte(exceptions.time, new Date(f.before)) : undefined,
    f.type ? eq(exceptions.type, f.type) : undefined,
    f.hideWorkers
      ? and(notAWorker(exceptions.thingId), notOnlyWorkers(exceptions.multipleThings))
      : undefined,
    f.open === undefined
      ? undefined
      : f.open
        ? isNull(exceptions.resolvedAt)
        : isNotNull(exceptions.resolvedAt),
  );
}

const expectedZones = aliasedTable(zones, 'expected_zones');

function selectWithNames(db: Tx) {
  return db
    .select({
      exception: exceptions,
      thingName: things.name,
      thingClass: things.class,
      zoneName: zones.name,
      expectedZoneName: expectedZones.name,
    })
    .from(exceptions)
    .leftJoin(things, eq(things.id, exceptions.thingId))
    .leftJoin(zones, eq(zones.id, exceptions.zoneId))
    .leftJoin(expectedZones, eq(expectedZones.id, exceptions.expectedZoneId));
}

export async function listExceptions(
  db: Tx,
  filter: ExceptionFilter,
  page: { limit: number; page: number },
  withTotal = true,
) {
  const query = { ...filter, ...page, search: undefined, search2: undefined };
  return listPage(db, exceptions, whereOf(filter), query, listSpec, (r) => presentException(r.exception, r), {
    select: selectWithNames,
    total: withTotal,
  });
}

export async function findException(db: Tx, orgId: string, id: string) {
  const [row] = await selectWithNames(db).where(and(eq(exceptions.orgId, orgId), eq(exceptions.id, id)));
  return row ? presentException(row.exception, row) : undefined;
}

/** The things of an exception's `multipleThings`, in that order; deleted things are left out. */
export async function thingsOf(db: Tx, orgId: string, ids: string[]): Promise<ExceptionThing[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      _id: things.id,
      name: things.name,
      class: things.class,
      zone: things.zoneId,
      zoneName: zones.name,
      lastZoneTime: things.lastZoneTime,
    })
    .from(things)
    .leftJoin(zones, eq(zones.id, things.zoneId))
    .where(and(eq(things.orgId, orgId), inArray(things.id, ids), isNull(things.deletedAt)));
  const byId = new Map(rows.map((r) => [r._id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [{ ...r, class: r.class as ThingClass, lastZoneTime: iso(r.lastZoneTime) }];
  });
}

/** Marks the exception resolved (once: the first resolution time stays). */
export async function resolveException(db: Tx, orgId: string, id: string, at: Date) {
  await db
    .update(exceptions)
    .set({ resolvedAt: sql`coalesce(${exceptions.resolvedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(exceptions.orgId, orgId), eq(exceptions.id, id)));
}
