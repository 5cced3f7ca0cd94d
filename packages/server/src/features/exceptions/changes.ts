/**
 * What happens to an exception after it is raised (acknowledged, resolved, escalated) goes out the
 * way a raised one does: a live `exception` message with the new state, read by the console as a
 * reason to refetch its alert lists.
 */
import type { ExceptionChange, ExceptionRecord, LiveData } from '@sightline/shared';
import type { LiveBus, LivePublish } from '../../platform/live.js';

export interface ExceptionStep {
  change: ExceptionChange;
  record: ExceptionRecord;
}

/** The live message of a changed exception. */
export function liveExceptionChange(orgId: string, step: ExceptionStep, at: number): LivePublish {
  const r = step.record;
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
  return { type: 'exception', orgId, siteId: r.site, at, data };
}

/** Live updates are best effort: the change is stored whatever the bus says. */
export async function publishExceptionChanges(
  deps: { live: LiveBus },
  orgId: string,
  steps: readonly ExceptionStep[],
): Promise<void> {
  if (!steps.length) return;
  const at = Date.now();
  deps.live.publish(steps.map((s) => liveExceptionChange(orgId, s, at))).catch(() => undefined);
}
