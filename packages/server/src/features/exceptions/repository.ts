/**
 * Exceptions: their queries (presented by `presentException`, presenter.ts).
 */
import type {
  EXCEPTION_SORT_FIELDS,
  ExceptionListQuery,
  ExceptionNote,
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
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { apiKeys, endpoints, exceptions, things, users, zones } from '../../db/schema.js';
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
  /** Without a site: the sites that hide their workers, where the same is left out. */
  hideWorkersAt?: string[];
}

/** Neither its thing is a worker nor are its things all workers. */
const aboutSomeNonWorker = and(notAWorker(exceptions.thingId), notOnlyWorkers(exceptions.multipleThings));

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
    f.hideWorkers ? aboutSomeNonWorker : undefined,
    f.hideWorkersAt?.length
      ? or(notInArray(exceptions.siteId, f.hideWorkersAt), aboutSomeNonWorker)
      : undefined,
    f.open === undefined
      ? undefined
      : f.open
        ? isNull(exceptions.resolvedAt)
        : isNotNull(exceptions.resolvedAt),
    f.state ? inArray(exceptions.state, f.state) : undefined,
    f.zone ? eq(exceptions.zoneId, f.zone) : undefined,
  );
}

const expectedZones = aliasedTable(zones, 'expected_zones');
const ackUsers = aliasedTable(users, 'ack_users');
const ackKeys = aliasedTable(apiKeys, 'ack_keys');
const resolveUsers = aliasedTable(users, 'resolve_users');
const resolveKeys = aliasedTable(apiKeys, 'resolve_keys');

function selectWithNames(db: Tx) {
  return db
    .select({
      exception: exceptions,
      thingName: things.name,
      thingClass: things.class,
      zoneName: zones.name,
      expectedZoneName: expectedZones.name,
      acknowledgedByName: sql<string | null>`coalesce(${ackUsers.name}, ${ackKeys.name})`,
      resolvedByName: sql<string | null>`coalesce(${resolveUsers.name}, ${resolveKeys.name})`,
      endpointName: endpoints.name,
    })
    .from(exceptions)
    .leftJoin(things, eq(things.id, exceptions.thingId))
    .leftJoin(zones, eq(zones.id, exceptions.zoneId))
    .leftJoin(expectedZones, eq(expectedZones.id, exceptions.expectedZoneId))
    .leftJoin(ackUsers, eq(ackUsers.id, exceptions.acknowledgedBy))
    .leftJoin(ackKeys, eq(ackKeys.id, exceptions.acknowledgedBy))
    .leftJoin(resolveUsers, eq(resolveUsers.id, exceptions.resolvedBy))
    .leftJoin(resolveKeys, eq(resolveKeys.id, exceptions.resolvedBy))
    .leftJoin(endpoints, eq(endpoints.id, exceptions.endpointId));
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

/**
 * Where a thing is seen, deleted or not (its exceptions outlive it): its class, home site and the
 * site of its current zone.
 */
export async function thingPlaces(db: Tx, orgId: string, id: string) {
  const [found] = await db
    .select({ class: things.class, siteId: things.siteId, zoneSiteId: zones.siteId })
    .from(things)
    .leftJoin(zones, eq(zones.id, things.zoneId))
    .where(and(eq(things.orgId, orgId), eq(things.id, id)));
  return found;
}

/** The exceptions of `ids` in the organization, presented (any order; unknown ids left out). */
export async function findExceptions(db: Tx, orgId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  const found = await selectWithNames(db).where(
    and(eq(exceptions.orgId, orgId), inArray(exceptions.id, [...ids])),
  );
  return found.map((row) => presentException(row.exception, row));
}

interface StateChange {
  /** A user or API key id, or 'system'. */
  by: string;
  /** Their name as it is now (a note keeps it). */
  byName: string | null;
  at: Date;
  /** Added to the notes of the exceptions the change reaches, when given. */
  note?: string;
}

/** Appends the change's note (if any) to the exceptions of `ids` in `states`. */
async function addNote(
  db: Tx,
  orgId: string,
  ids: readonly string[],
  change: StateChange,
  kind: ExceptionNote['change'],
  states: readonly string[],
) {
  if (change.note === undefined || !ids.length) return;
  const entry: ExceptionNote = {
    change: kind,
    text: change.note,
    by: change.by,
    byName: change.byName,
    at: change.at.toISOString(),
  };
  await db
    .update(exceptions)
    .set({ notes: sql`${exceptions.notes} || ${JSON.stringify([entry])}::jsonb` })
    .where(
      and(
        eq(exceptions.orgId, orgId),
        inArray(exceptions.id, [...ids]),
        inArray(exceptions.state, [...states]),
      ),
    );
}

/**
 * Acknowledges the open exceptions of `ids` (acknowledged or resolved ones are left as they are:
 * the first acknowledgement stays); the note goes to every one of them that is acknowledged after
 * it (also one acknowledged before: a second note is kept, never dropped). Returns the ids changed.
 */
export async function acknowledgeExceptions(
  db: Tx,
  orgId: string,
  ids: readonly string[],
  change: StateChange,
) {
  if (!ids.length) return [];
  const changed = await db
    .update(exceptions)
    .set({ state: 'acknowledged', acknowledgedBy: change.by, acknowledgedAt: change.at })
    .where(and(eq(exceptions.orgId, orgId), inArray(exceptions.id, [...ids]), eq(exceptions.state, 'open')))
    .returning({ id: exceptions.id });
  await addNote(db, orgId, ids, change, 'acknowledged', ['acknowledged']);
  return changed.map((r) => r.id);
}

/**
 * Resolves the exceptions of `ids` not yet resolved (the first resolution stays); the note goes to
 * every one of them. Returns the ids changed.
 */
export async function resolveExceptions(db: Tx, orgId: string, ids: readonly string[], change: StateChange) {
  if (!ids.length) return [];
  const changed = await db
    .update(exceptions)
    .set({ state: 'resolved', resolvedBy: change.by, resolvedAt: change.at })
    .where(
      and(eq(exceptions.orgId, orgId), inArray(exceptions.id, [...ids]), ne(exceptions.state, 'resolved')),
    )
    .returning({ id: exceptions.id });
  await addNote(db, orgId, ids, change, 'resolved', ['resolved']);
  return changed.map((r) => r.id);
}
