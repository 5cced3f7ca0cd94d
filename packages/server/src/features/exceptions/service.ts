/**
 * Exceptions: reading needs only access to the site; acknowledging or resolving one needs modify on
 * exceptions. A state change is published on the live stream and handed to the alert hooks
 * (webhooks), as the system's own resolutions are.
 */
import {
  EXCEPTION_MSG,
  type ExceptionBulkBody,
  type ExceptionDetail,
  type ExceptionListQuery,
  type ExceptionRecord,
  type ExceptionStateBody,
} from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize, hasSite, siteScope } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { HttpError, notFound } from '../../platform/errors.js';
import type { LiveBus } from '../../platform/live.js';
import { readableIds } from '../../platform/references.js';
import { maskException, nameFor, workerViewFor } from '../privacy/pseudonyms.js';
import { hidesWorkers, requireSite, sitesHidingWorkers, sitesShowingWorkers } from '../sites/service.js';
import { readableThing } from '../things/service.js';
import { enqueueExceptionWebhooks } from '../webhooks/outbox.js';
import { describeStateChanges } from './audit.js';
import { type ExceptionStep, publishExceptionChanges } from './changes.js';
import { aboutWorkersOnly, aboutWorkersOnlyAmong, withoutWorkers } from './hidden-workers.js';
import * as repo from './repository.js';

/** A thing's exceptions stay listed after the thing is deleted; only readability counts. */
const anyThing = { ...readableThing, where: undefined };

export async function listExceptions(db: Db, caller: Caller, query: ExceptionListQuery) {
  if (query.thing && !(await readableIds(db, caller, anyThing, [query.thing])).has(query.thing))
    throw notFound('Thing');
  const workers = await workerRule(db, caller, query);
  const { limit, page, ...filter } = query;
  const found = await repo.listExceptions(
    db,
    { ...filter, orgId: caller.orgId, ...workers },
    { limit, page },
  );
  const hiding = (e: ExceptionRecord) => !!(workers.hideWorkers || workers.hideWorkersAt?.includes(e.site));
  return { ...found, items: await shownTo(db, caller, found.items, hiding) };
}

/**
 * Records as `caller` sees them: without the workers among their things where `hiding` says the
 * site hides its workers, and with workers named by pseudonym where the caller sees them so.
 */
async function shownTo(
  db: Db,
  caller: Caller,
  records: readonly ExceptionRecord[],
  hiding: (e: ExceptionRecord) => boolean,
): Promise<ExceptionRecord[]> {
  const [hidden, view] = await Promise.all([
    withoutWorkers(db, caller.orgId, records.filter(hiding)),
    workerViewFor(db, caller),
  ]);
  const stripped = new Map(hidden.map((e) => [e._id, e]));
  return records.map((e) => maskException(view, stripped.get(e._id) ?? e));
}

/**
 * How a list leaves out hidden workers (the setting hideWorkers) and which sites it reads. With a
 * site, that site's setting. Without one (a thing's exceptions), each site's: a worker is answered
 * as absent (404, as by id) unless a site it is seen on shows workers, and its exceptions are
 * listed only from sites that show workers; another thing's exceptions are listed without workers
 * where the site hides them.
 */
async function workerRule(db: Db, caller: Caller, query: ExceptionListQuery) {
  const scope = siteScope(caller);
  if (query.site) return { scope, hideWorkers: hidesWorkers(await requireSite(db, caller, query.site)) };
  const hiding = await sitesHidingWorkers(db, caller);
  if (!hiding.length || !query.thing) return { scope, hideWorkersAt: hiding };
  const thing = await repo.thingPlaces(db, caller.orgId, query.thing);
  if (thing?.class !== 'worker') return { scope, hideWorkersAt: hiding };
  const seenOn = [thing.siteId, thing.zoneSiteId].filter((s): s is string => !!s && hasSite(caller, s));
  if (seenOn.every((s) => hiding.includes(s))) throw notFound('Thing');
  const showing = (await sitesShowingWorkers(db, caller)) ?? [];
  return { scope: showing, hideWorkersAt: hiding };
}

async function requireException(db: Db, caller: Caller, id: string) {
  const record = await repo.findException(db, caller.orgId, id);
  if (!record || !hasSite(caller, record.site)) throw notFound('Exception');
  return record;
}

export async function getException(db: Db, caller: Caller, id: string): Promise<ExceptionDetail> {
  const record = await requireException(db, caller, id);
  const [things, view] = await Promise.all([
    repo.thingsOf(db, caller.orgId, record.multipleThings),
    workerViewFor(db, caller),
  ]);
  let detail = { ...record, things };
  if (hidesWorkers(await requireSite(db, caller, record.site))) {
    if (await aboutWorkersOnly(db, caller.orgId, record)) throw notFound('Exception');
    const [shown] = await withoutWorkers(db, caller.orgId, [detail]);
    detail = { ...(shown ?? detail), things: things.filter((t) => t.class !== 'worker') };
  }
  return {
    ...maskException(view, detail),
    things: detail.things.map((t) => ({ ...t, name: nameFor(view, { id: t._id, class: t.class }, t.name) })),
  };
}

interface Deps {
  db: Db;
  live: LiveBus;
}

type Change = 'acknowledged' | 'resolved';

/**
 * The exceptions of `ids`, each one the caller may see and modify. One it may not see (unknown,
 * of another organization or site, or about hidden workers only where its site hides workers, as
 * a read by id answers) is a 404 for the whole request, one it may not modify a 403: a bulk change
 * applies to all of them or to none. Also answers which sites of theirs hide workers.
 */
async function requireModifiable(db: Db, caller: Caller, ids: readonly string[]) {
  // A caller who may change exceptions on no site is refused before any id is looked up.
  authorize(caller, 'exceptions', 'modify');
  const unique = [...new Set(ids)];
  const [found, hidingSites] = await Promise.all([
    repo.findExceptions(db, caller.orgId, unique),
    sitesHidingWorkers(db, caller),
  ]);
  const byId = new Map(found.map((r) => [r._id, r]));
  const records = unique.map((id) => {
    const record = byId.get(id);
    if (!record || !hasSite(caller, record.site)) throw notFound('Exception');
    return record;
  });
  const hiding = (e: ExceptionRecord) => hidingSites.includes(e.site);
  const hidden = await aboutWorkersOnlyAmong(db, caller.orgId, records.filter(hiding));
  if (hidden.size) throw notFound('Exception');
  for (const record of records) authorize(caller, 'exceptions', 'modify', record.site);
  return { records, hiding };
}

/** The exceptions a request changes, checked (`requireModifiable`). */
type Checked = Awaited<ReturnType<typeof requireModifiable>>;

async function changeState(
  deps: Deps,
  caller: Caller,
  { records, hiding }: Checked,
  change: Change,
  note: string | undefined,
  now: Date,
): Promise<ExceptionRecord[]> {
  const { db } = deps;
  const ids = records.map((r) => r._id);
  const step = { by: caller.id, byName: caller.name || caller.username || null, at: now, note };
  const changed =
    change === 'acknowledged'
      ? await repo.acknowledgeExceptions(db, caller.orgId, ids, step)
      : await repo.resolveExceptions(db, caller.orgId, ids, step);
  const after = await repo.findExceptions(db, caller.orgId, ids);
  const changedIds = new Set(changed);
  const changes: ExceptionStep[] = after
    .filter((r) => changedIds.has(r._id))
    .map((record) => ({ change, record }));
  // Inside the request's transaction (the audited route's): queued if and only if the change
  // commits; the live messages go out after the COMMIT.
  await enqueueExceptionWebhooks(db, caller.orgId, changes);
  await publishExceptionChanges(deps, caller.orgId, changes);
  const byId = new Map(after.map((r) => [r._id, r]));
  const [shownBefore, shownAfter] = await Promise.all([
    shownTo(db, caller, records, hiding),
    shownTo(
      db,
      caller,
      records.map((r) => byId.get(r._id) ?? r),
      hiding,
    ),
  ]);
  describeStateChanges(shownBefore, shownAfter);
  return shownAfter;
}

/**
 * One exception's change. Acknowledging says someone is on it (the exception stops escalating) and
 * a resolved one cannot be; resolving closes it: it leaves the open lists (Home, Alerts, a thing's
 * open exceptions). Everything is checked before anything changes.
 */
async function changeOne(
  deps: Deps,
  caller: Caller,
  id: string,
  change: Change,
  body: ExceptionStateBody | null | undefined,
  now: Date,
) {
  const checked = await requireModifiable(deps.db, caller, [id]);
  if (change === 'acknowledged' && checked.records[0]?.state === 'resolved')
    throw new HttpError(409, EXCEPTION_MSG.alreadyResolved);
  await changeState(deps, caller, checked, change, body?.note, now);
  return getException(deps.db, caller, id);
}
export const acknowledgeException = (
  deps: Deps,
  caller: Caller,
  id: string,
  body: ExceptionStateBody | null | undefined,
  now = new Date(),
) => changeOne(deps, caller, id, 'acknowledged', body, now);

export const resolveException = (
  deps: Deps,
  caller: Caller,
  id: string,
  body: ExceptionStateBody | null | undefined,
  now = new Date(),
) => changeOne(deps, caller, id, 'resolved', body, now);

/** Many at once, all or none (every id must be one the caller may change). */
const changeMany =
  (state: 'acknowledged' | 'resolved') =>
  async (deps: Deps, caller: Caller, body: ExceptionBulkBody, now = new Date()) => {
    const checked = await requireModifiable(deps.db, caller, body.ids);
    return changeState(deps, caller, checked, state, body.note, now);
  };

/** Resolved ones are left as they are and answered as they stand. */
export const acknowledgeExceptions = changeMany('acknowledged');
export const resolveExceptions = changeMany('resolved');
