/**
 * The hourly purge, run by the platform scheduler (claimed once across instances). It stops
 * between organizations and between batches at shutdown: what it leaves is still expired at the
 * next run, so nothing is lost by stopping.
 */
import { RETENTION_DEFAULTS } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { type Job, stopping } from '../../platform/jobs.js';
import {
  dropExpiredDayPartitions,
  dropExpiredEventPartitions,
  ensureDayPartitions,
  ensureEventPartitions,
  SIGHTINGS_LOG,
  STAYS,
} from './partitions.js';
import { boundaryOf, dropQuartersBefore, purgeMail, purgeOrganization } from './purge.js';
import { drainRemovals } from './removals.js';
import * as repo from './repository.js';

export const RETENTION_JOB = 'retention.purge';
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** The shortest days of a class over policies (null only when all keep forever). */
export function shortestDays(days: (number | null)[]): number | null {
  const set = days.filter((d): d is number => d !== null);
  return set.length ? Math.min(...set) : null;
}

/** The longest days of a class over policies (null when any keeps forever); none stored: null. */
function longestDays(days: (number | null)[]): number | null {
  if (!days.length || days.some((d) => d === null)) return null;
  return Math.max(...(days as number[]));
}

/**
 * The day-partitioned tables' partitions (the log's, the stays', the events'): today's and the next days' made, and those every
 * organization's policy has passed dropped whole (the rest of each organization's expiry is row
 * batches). Dropped stays bypass their rollup's triggers, so the zone-time quarters before the
 * last day dropped go too: the rollup follows what it was built from. Answers the rows dropped.
 */
export async function maintainPartitions(db: Db, now: number): Promise<number> {
  const policies = await repo.allPolicies(db);
  let dropped = 0;
  for (const [table, days] of [
    [SIGHTINGS_LOG, longestDays(policies.map((p) => p.sightings))],
    [STAYS, longestDays(policies.map((p) => p.zoneDurations))],
  ] as const) {
    await ensureDayPartitions(db, table, now);
    const gone = await dropExpiredDayPartitions(db, table, boundaryOf(days, now));
    dropped += gone.rows;
    if (table === STAYS && gone.through !== null) await dropQuartersBefore(db, new Date(gone.through));
  }
  await ensureEventPartitions(db, now);
  dropped += await dropExpiredEventPartitions(db, boundaryOf(longestDays(policies.map((p) => p.events)), now));
  return dropped;
}

export function retentionJob(ctx: Pick<AppContext, 'db' | 'config'>): Job {
  return {
    name: RETENTION_JOB,
    intervalMs: RETENTION_INTERVAL_MS,
    async run(now, _since, scope) {
      await maintainPartitions(ctx.db, now);
      const orgIds = scope.orgIds ?? (await repo.organizationIds(ctx.db));
      for (const orgId of orgIds) {
        if (stopping(scope)) return;
        await purgeOrganization(ctx.db, orgId, await repo.findPolicy(ctx.db, orgId), now, scope);
      }
      // Deleted endpoints' and organizations' history (their organization may be gone too).
      if (scope.orgIds) for (const orgId of scope.orgIds) await drainRemovals(ctx.db, { ...scope, orgId });
      else await drainRemovals(ctx.db, scope);
      if (scope.orgIds || stopping(scope)) return;
      const policies = await repo.allPolicies(ctx.db);
      const mailDays = policies.length ? shortestDays(policies.map((p) => p.mail)) : RETENTION_DEFAULTS.mail;
      await purgeMail(ctx.db, ctx.config.queueSchema, mailDays, now);
    },
  };
}
