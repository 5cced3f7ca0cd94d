/**
 * Data retention: everyone of an organization reads its policy and storage; changing the policy
 * or purging now needs modify on organizations. The policy covers the caller's organization only.
 */
import {
  can,
  RETENTION_MSG,
  type RetentionPolicy,
  type RetentionPolicyInput,
  type RetentionRunResult,
  type StorageReport,
} from '@sightline/shared';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { forbidden } from '../../platform/errors.js';
import { maintainPartitions, RETENTION_INTERVAL_MS, RETENTION_JOB, shortestDays, wholeDays } from './job.js';
import { purgeMail, purgeOrganization } from './purge.js';
import { drainRemovals } from './removals.js';
import * as repo from './repository.js';
import { photoStorage, storageClasses } from './storage.js';

function requireModify(caller: Caller) {
  if (!can(caller.rules, 'organizations', 'modify')) throw forbidden(RETENTION_MSG.modifyOnly);
}

export function getRetention(db: Db, caller: Caller): Promise<RetentionPolicy> {
  return repo.findPolicy(db, caller.orgId);
}

export async function saveRetention(
  db: Db,
  caller: Caller,
  input: RetentionPolicyInput,
): Promise<RetentionPolicy> {
  requireModify(caller);
  return db.transaction(async (tx) => {
    const current = await repo.findPolicy(tx, caller.orgId);
    const next = { ...current };
    for (const [c, days] of Object.entries(input) as [keyof RetentionPolicy, number | null | undefined][])
      if (days !== undefined) next[c] = days;
    return repo.savePolicy(tx, caller.orgId, next);
  });
}

export async function runRetention(
  ctx: AppContext,
  caller: Caller,
  now = Date.now(),
): Promise<RetentionRunResult> {
  requireModify(caller);
  const policy = await repo.findPolicy(ctx.db, caller.orgId);
  // The instance's day partitions too; rows they held are not counted (they are every organization's).
  await maintainPartitions(ctx.db, now);
  const purged = await purgeOrganization(ctx.db, caller.orgId, policy, now, {
    whole: await wholeDays(ctx.db, now),
  });
  await drainRemovals(ctx.db, { orgId: caller.orgId });
  const mailDays = shortestDays((await repo.allPolicies(ctx.db)).map((p) => p.mail));
  purged.mail = await purgeMail(ctx.db, ctx.config.queueSchema, mailDays, now);
  return { purged };
}

export async function getStorage(ctx: AppContext, caller: Caller, now = Date.now()): Promise<StorageReport> {
  const policy = await repo.findPolicy(ctx.db, caller.orgId);
  const last = await repo.lastRun(ctx.db, RETENTION_JOB);
  const next = last ? Math.max(now, last.getTime() + RETENTION_INTERVAL_MS) : now;
  return {
    classes: await storageClasses(ctx.db, caller.orgId, ctx.config.queueSchema, policy),
    photos: await photoStorage(ctx.db, caller.orgId),
    nextPurge: new Date(next).toISOString(),
  };
}
