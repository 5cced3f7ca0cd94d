/**
 * The hourly purge, run by the platform scheduler (claimed once across instances). It stops
 * between organizations and between batches at shutdown: what it leaves is still expired at the
 * next run, so nothing is lost by stopping.
 */
import { RETENTION_DEFAULTS } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { type Job, stopping } from '../../platform/jobs.js';
import { dropExpiredSightingPartitions, ensureSightingPartitions } from './partitions.js';
import { boundaryOf, purgeMail, purgeOrganization } from './purge.js';
import { drainRemovals } from './removals.js';
import * as repo from './repository.js';

export const RETENTION_JOB = 'retention.purge';
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** The shortest days of a class over policies (null only when all keep forever). */
export function shortestDays(days: (number | null)[]): number | null {
  const set = days.filter((d): d is number => d !== null);
  return set.length ? Math.min(...set) : null;
}

/**
 * The sightings log's partitions: today's and the next days' made, and those every organization's
 * policy has passed dropped whole (the rest of each organization's expiry is row batches).
 */
export async function maintainPartitions(db: Db, now: number): Promise<number> {
  await ensureSightingPartitions(db, now);
  const policies = await repo.allPolicies(db);
  const longest = policies.some((p) => p.sightings === null)
    ? null
    : Math.max(...policies.map((p) => p.sightings ?? 0));
  return dropExpiredSightingPartitions(db, policies.length ? boundaryOf(longest, now) : null);
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
