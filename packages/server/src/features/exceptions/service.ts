/** Exceptions: reading needs only access to the site; resolving one needs modify on exceptions. */
import type { ExceptionDetail, ExceptionListQuery } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize, hasSite, siteScope } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { notFound } from '../../platform/errors.js';
import { readableIds } from '../../platform/references.js';
import { maskException, nameFor, workerViewFor } from '../privacy/pseudonyms.js';
import { hidesWorkers, requireSite } from '../sites/service.js';
import { readableThing } from '../things/service.js';
import { aboutWorkersOnly, withoutWorkers } from './hidden-workers.js';
import * as repo from './repository.js';

/** A thing's exceptions stay listed after the thing is deleted; only readability counts. */
const anyThing = { ...readableThing, where: undefined };

export async function listExceptions(db: Db, caller: Caller, query: ExceptionListQuery) {
  const hideWorkers = query.site ? hidesWorkers(await requireSite(db, caller, query.site)) : false;
  if (query.thing && !(await readableIds(db, caller, anyThing, [query.thing])).has(query.thing))
    throw notFound('Thing');
  const { limit, page, ...filter } = query;
  const [found, view] = await Promise.all([
    repo.listExceptions(
      db,
      { ...filter, orgId: caller.orgId, scope: siteScope(caller), hideWorkers },
      { limit, page },
    ),
    workerViewFor(db, caller),
  ]);
  const shown = hideWorkers ? await withoutWorkers(db, caller.orgId, found.items) : found.items;
  return { ...found, items: shown.map((e) => maskException(view, e)) };
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

/** Resolving closes the exception: it leaves the open lists (Home, a thing's open exceptions). */
export async function resolveException(db: Db, caller: Caller, id: string, now = new Date()) {
  const record = await requireException(db, caller, id);
  authorize(caller, 'exceptions', 'modify', record.site);
  await repo.resolveException(db, caller.orgId, id, now);
  return getException(db, caller, id);
}
