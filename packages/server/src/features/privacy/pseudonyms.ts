/**
 * Pseudonymous workers: where a site's setting `pseudonymizeWorkers` is on, a caller without
 * `identify` on `workers` for that site sees each worker whose home site it is as a stable
 * pseudonym ("Worker 7F3A9C"), and its serial, description and photos are withheld. The rule lives
 * here only: every presenter, export, mail and webhook that names a worker asks `WorkerView`.
 * Items are never pseudonymous.
 */
import { createHash } from 'node:crypto';
import { can, exceptionMessage, SiteSettings, type Thing } from '@sightline/shared';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sites, things } from '../../db/schema.js';
import type { Caller } from '../../platform/caller.js';

/**
 * A worker's pseudonym: "Worker " and the first six hex digits of SHA-256 of its id. The same
 * worker always gets the same one (across calls, screens, exports and callers); six digits keep
 * two workers of one organization apart (a clash needs thousands of workers), and the id, which
 * every caller sees anyway, is all it is derived from, so it reveals nothing more.
 */
export function workerPseudonym(thingId: string): string {
  return `Worker ${createHash('sha256').update(thingId).digest('hex').slice(0, 6).toUpperCase()}`;
}

/** What one caller may see of workers' identities. */
export interface WorkerView {
  /** Sites whose workers this caller sees as pseudonyms (empty: every name is shown). */
  readonly maskedSites: ReadonlySet<string>;
  /** Ids of the workers (live or deleted) whose home site is one of `maskedSites`. */
  readonly maskedWorkers: ReadonlySet<string>;
}

/** Shows every name: system work, and callers that pseudonymous mode does not concern. */
const IDENTIFYING_VIEW: WorkerView = { maskedSites: new Set(), maskedWorkers: new Set() };

/** Whether `caller` sees workers of `siteId` by name (`identify` on `workers` for that site). */
const identifiesWorkers = (caller: Pick<Caller, 'rules'>, siteId: string) =>
  can(caller.rules, 'workers', 'identify', siteId);

/**
 * The caller's view: the sites of its organization with `pseudonymizeWorkers` on where it lacks
 * `identify`, and their workers' ids. Two reads, the second only when such a site exists and
 * `withWorkerIds` (records that carry the thing's class and home site need no ids).
 */
export async function workerViewFor(
  db: Tx,
  caller: Pick<Caller, 'orgId' | 'rules'>,
  withWorkerIds = true,
): Promise<WorkerView> {
  const rows = await db
    .select({ id: sites.id, settings: sites.settings })
    .from(sites)
    .where(eq(sites.orgId, caller.orgId));
  const masked = rows
    .filter(
      (s) => SiteSettings.parse(s.settings ?? {}).pseudonymizeWorkers && !identifiesWorkers(caller, s.id),
    )
    .map((s) => s.id);
  if (!masked.length) return IDENTIFYING_VIEW;
  if (!withWorkerIds) return { maskedSites: new Set(masked), maskedWorkers: new Set() };
  const workers = await db
    .select({ id: things.id })
    .from(things)
    .where(and(eq(things.orgId, caller.orgId), eq(things.class, 'worker'), inArray(things.siteId, masked)));
  return { maskedSites: new Set(masked), maskedWorkers: new Set(workers.map((w) => w.id)) };
}

/**
 * What mail and webhook recipients see: they are addresses, not users with rights, so no one of
 * them identifies a worker: where a site's workers are pseudonymous, mails and webhooks carry
 * the pseudonym.
 */
export const recipientView = (db: Tx, orgId: string, withWorkerIds = true) =>
  workerViewFor(db, { orgId, rules: [] }, withWorkerIds);

/** A thing's name in a mail: its pseudonym where its site makes workers pseudonymous. */
export async function recipientThingName(db: Tx, orgId: string, thingId: string, name: string) {
  return nameFor(await recipientView(db, orgId), { id: thingId }, name);
}

/** Whether any worker is pseudonymous to this view (nothing to mask otherwise). */
export const masksAny = (view: WorkerView) => view.maskedSites.size > 0;

/**
 * Whether the thing is a worker this view sees as a pseudonym. With its class and home site the
 * answer follows them (a worker created after the view was built too); with its id only, the
 * view's list of workers decides.
 */
export function isMasked(
  view: WorkerView,
  thing: { id: string | null | undefined; class?: string | null; siteId?: string | null },
): boolean {
  if (!thing.id || !masksAny(view)) return false;
  if (thing.class != null && thing.siteId != null)
    return thing.class === 'worker' && view.maskedSites.has(thing.siteId);
  return view.maskedWorkers.has(thing.id);
}

/** A thing's name as this view shows it: the pseudonym of a masked worker, else the name. */
export function nameFor<N extends string | null>(
  view: WorkerView,
  thing: { id: string | null | undefined; class?: string | null; siteId?: string | null },
  name: N,
): N | string {
  return thing.id && isMasked(view, thing) ? workerPseudonym(thing.id) : name;
}

type ThingLike = Pick<Thing, '_id' | 'class' | 'site' | 'name'> &
  Partial<Pick<Thing, 'serial' | 'description' | 'photo'>>;

/** A thing as the API presents it, its identity withheld when this view masks it. */
export function maskThing<T extends ThingLike>(view: WorkerView, thing: T): T {
  if (!isMasked(view, { id: thing._id, class: thing.class, siteId: thing.site })) return thing;
  const masked: T = { ...thing, name: workerPseudonym(thing._id) };
  if (thing.serial !== undefined) masked.serial = '';
  if (thing.description !== undefined) masked.description = '';
  if (thing.photo !== undefined) masked.photo = [];
  return masked;
}

/** Records with a thing id and its name (stays, exceptions, report rows, live messages). */
export function maskThingName<T extends { thingName: string | null }>(
  view: WorkerView,
  record: T,
  thingId: string | null,
  thingClass?: string | null,
): T {
  if (!thingId || !isMasked(view, { id: thingId, class: thingClass ?? null, siteId: null })) return record;
  return { ...record, thingName: workerPseudonym(thingId) };
}

/**
 * An exception as the API presents it, its thing named by its pseudonym where masked. Its message
 * names the thing too, so a masked record's message is built again from the pseudonym.
 */
export function maskException<
  T extends Parameters<typeof exceptionMessage>[0] & {
    thing: string | null;
    thingName: string | null;
    thingClass?: string | null;
    message?: string;
  },
>(view: WorkerView, record: T): T {
  const masked = maskThingName(view, record, record.thing, record.thingClass);
  if (masked === record || record.message === undefined) return masked;
  return { ...masked, message: exceptionMessage(masked) };
}

/**
 * The live stream's step for one subscriber: a copy of the message with each worker `masked`
 * answers true for named by its pseudonym (a thing's state or record, a zone change, an
 * exception's thing), the record's serial, description and photos withheld as `maskThing` does.
 * Events name no thing by name, heartbeats and notifications no worker: they pass as they are.
 * The message itself is never changed (every other subscriber receives it too).
 */
export function maskLiveMessage<M extends { type: string; data: unknown }>(
  masked: (thingId: string) => boolean,
  message: M,
): M {
  const data = message.data as Record<string, unknown>;
  const pseudonym = (id: unknown): string | undefined =>
    typeof id === 'string' && masked(id) ? workerPseudonym(id) : undefined;
  switch (message.type) {
    case 'thing': {
      const record = data.thing as Partial<Thing> | undefined;
      if (record && typeof record === 'object' && 'name' in record) {
        const name = pseudonym(record._id);
        if (!name) return message;
        const shown: Partial<Thing> = { ...record, name };
        if (record.serial !== undefined) shown.serial = '';
        if (record.description !== undefined) shown.description = '';
        if (record.photo !== undefined) shown.photo = [];
        return { ...message, data: { ...data, thing: shown } };
      }
      const name = 'name' in data ? pseudonym(data._id) : undefined;
      return name ? { ...message, data: { ...data, name } } : message;
    }
    case 'zoneChange': {
      const name = pseudonym(data.thing);
      return name ? { ...message, data: { ...data, thingName: name } } : message;
    }
    case 'exception': {
      const name = pseudonym(data.thing);
      if (!name) return message;
      // Of the messages only a missing thing's names its thing: built again from the pseudonym.
      const text =
        data.type === 'thingMissing' && typeof data.message === 'string'
          ? exceptionMessage({
              type: 'thingMissing',
              thingName: name,
              timeDuration: typeof data.timeDuration === 'number' ? data.timeDuration : null,
              zone: null,
              zoneName: null,
              expectedZone: null,
              expectedZoneName: null,
            })
          : data.message;
      return { ...message, data: { ...data, thingName: name, message: text } };
    }
    default:
      return message;
  }
}

/**
 * A thing's name as this view shows it, as SQL over the things row `alias` (reports, which write
 * their rows in PostgreSQL): the same pseudonym as `workerPseudonym` where masked.
 */
export function nameSql(view: WorkerView | undefined, alias: string): SQL {
  const t = sql.raw(alias);
  if (!view || !masksAny(view)) return sql`${t}.name`;
  return sql`CASE WHEN ${t}.class = 'worker' AND ${t}.site_id = ANY(${sql.param([...view.maskedSites])}::text[])
    THEN ${pseudonymSql(sql`${t}.id`)} ELSE ${t}.name END`;
}

/** `workerPseudonym` in SQL, of the thing id `id`. */
export function pseudonymSql(id: SQL | AnyColumn): SQL {
  return sql`('Worker ' || upper(left(encode(sha256(convert_to(${id}, 'UTF8')), 'hex'), 6)))`;
}
