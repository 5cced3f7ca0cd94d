/**
 * What happens to an exception after it is raised (acknowledged, resolved, escalated) goes out the
 * way a raised one does: a live `exception` message with the new state, read by the console as a
 * reason to refetch its alert lists.
 */
import type { ExceptionChange, ExceptionRecord, LiveData } from '@sightline/shared';
import type { Tx } from '../../db/client.js';
import type { LiveBus, LivePublish } from '../../platform/live.js';
import { afterCommit } from '../../platform/request-tx.js';
import { workerIds } from '../things/filters.js';

export interface ExceptionStep {
  change: ExceptionChange;
  record: ExceptionRecord;
}

/** The workers among the things of these exceptions (their thing and `multipleThings`), one query. */
export async function exceptionWorkers(
  db: Tx,
  orgId: string,
  steps: readonly ExceptionStep[],
): Promise<ReadonlySet<string>> {
  const ids = steps.flatMap(({ record: r }) => [...(r.thing ? [r.thing] : []), ...r.multipleThings]);
  return workerIds(db, orgId, ids);
}

/**
 * The live message of a changed exception, addressed with the workers it names (`workers`, from
 * `exceptionWorkers`): each subscriber's presentation masks or hides them as its REST reads do.
 */
export function liveExceptionChange(
  orgId: string,
  step: ExceptionStep,
  at: number,
  workerSet: ReadonlySet<string>,
): LivePublish {
  const r = step.record;
  const named = [...new Set([r.thing, ...r.multipleThings])].filter(
    (id): id is string => id !== null && workerSet.has(id),
  );
  const data: LiveData<'exception'> = {
    _id: r._id,
    type: r.type,
    time: r.time,
    thing: r.thing,
    thingName: r.thingName,
    zone: r.zone,
    zoneName: r.zoneName,
    multipleThings: r.multipleThings,
    timeDuration: r.timeDuration,
    message: r.message,
    state: r.state,
    change: step.change,
  };
  const address = named.length
    ? { orgId, siteId: r.site, workers: named, at }
    : { orgId, siteId: r.site, at };
  return { type: 'exception', ...address, data };
}

/**
 * Live updates are best effort: the change is stored whatever the bus says. Inside a request's
 * transaction they go out once it committed (a change rolled back never reaches a live stream);
 * elsewhere (jobs, after their own COMMIT) at once.
 */
export async function publishExceptionChanges(
  deps: { live: LiveBus; db: Tx },
  orgId: string,
  steps: readonly ExceptionStep[],
): Promise<void> {
  if (!steps.length) return;
  const workerSet = await exceptionWorkers(deps.db, orgId, steps);
  const at = Date.now();
  const messages = steps.map((s) => liveExceptionChange(orgId, s, at, workerSet));
  afterCommit(() => deps.live.publish(messages).catch(() => undefined));
}
