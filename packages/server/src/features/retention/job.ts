/**
 * The hourly purge, run by the platform scheduler (claimed once across instances). It stops
 * between organizations and between batches at shutdown: what it leaves is still expired at the
 * next run, so nothing is lost by stopping.
 */
import { RETENTION_DEFAULTS, type RetentionPolicy } from '@sightline/shared';
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
import { boundaryOf, dropQuartersBefore, purgeMail, purgeOrganization, type WholeDays } from './purge.js';
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
  const whole = wholeDaysOf(policies, now);
  let dropped = 0;
  for (const [table, days] of [
    [SIGHTINGS_LOG, whole.sightings],
    [STAYS, whole.zoneDurations],
  ] as const) {
    await ensureDayPartitions(db, table, now);
    const gone = await dropExpiredDayPartitions(db, table, days);
    dropped += gone.rows;
    if (table === STAYS && gone.through !== null) await dropQuartersBefore(db, new Date(gone.through));
  }
  await ensureEventPartitions(db, now);
  dropped += await dropExpiredEventPartitions(db, whole.events);
  return dropped;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day before which every day partition of each class has passed every organization's policy. */
function wholeDaysOf(policies: RetentionPolicy[], now: number): WholeDays {
  const day = (c: 'sightings' | 'zoneDurations' | 'events') => {
    const at = boundaryOf(longestDays(policies.map((p) => p[c])), now);
    return at && new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
  };
  return { sightings: day('sightings'), zoneDurations: day('zoneDurations'), events: day('events') };
}

/** The same for the organizations' policies as they are now (for a purge run now). */
export async function wholeDays(db: Db, now: number): Promise<WholeDays> {
  return wholeDaysOf(await repo.allPolicies(db), now);
}

export function retentionJob(ctx: Pick<AppContext, 'db' | 'config'>): Job {
  return {
    name: RETENTION_JOB,
    intervalMs: RETENTION_INTERVAL_MS,
    async run(now, _since, scope) {
      await maintainPartitions(ctx.db, now);
      const whole = await wholeDays(ctx.db, now);
      const orgIds = scope.orgIds ?? (await repo.organizationIds(ctx.db));
      for (const orgId of orgIds) {
        if (stopping(scope)) return;
        await purgeOrganization(ctx.db, orgId, await repo.findPolicy(ctx.db, orgId), now, {
          ...scope,
          whole,
        });
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
