/** Housekeeping of the login records, run by the platform scheduler (platform/jobs.ts). */
import { LOGIN_LOCK_AFTER } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import type { Job } from '../../platform/jobs.js';
import { pruneFailures } from '../loginlimits/repository.js';

export const PRUNE_LOGIN_FAILURES_JOB = 'auth.pruneLoginFailures';
/** Failures count for the per-minute login limit only; a day is ample for it. */
export const LOGIN_FAILURE_RETENTION_MS = 24 * 60 * 60 * 1000;

export function pruneLoginFailuresJob(db: Db): Job {
  return {
    name: PRUNE_LOGIN_FAILURES_JOB,
    intervalMs: 60 * 60 * 1000,
    run: (now) => pruneFailures(db, new Date(now - LOGIN_FAILURE_RETENTION_MS), LOGIN_LOCK_AFTER),
  };
}
