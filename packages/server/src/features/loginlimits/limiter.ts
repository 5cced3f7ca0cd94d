/**
 * The sign-in limits, applied wherever a user's password or code is checked (sign-in, second
 * factor, the profile's current password), all on the same counters: more than LOGIN_RATE_LIMIT
 * failures within the window for one username or one client address answer 429 `rate limited`,
 * even for the right secret; LOGIN_LOCK_AFTER consecutive failures lock the account (its sessions
 * stop working) until a password reset; a right secret starts the consecutive count again.
 */
import { LOGIN_LOCK_AFTER, LOGIN_RATE_LIMIT, LOGIN_REASONS, MSG } from '@sightline/shared';
import type { Tx } from '../../db/client.js';
import { HttpError, unauthorized } from '../../platform/errors.js';
import * as repo from './repository.js';

/** Where a check comes from, and the length of the rate window (configurable for tests). */
export interface Attempt {
  ip: string;
  rateWindowMs: number;
}

export const accountLocked = () => unauthorized(MSG.loginLocked, LOGIN_REASONS.locked);

/** 429 `rate limited` when the username or the address has failed too often within the window. */
export async function assertNotRateLimited(db: Tx, username: string, attempt: Attempt): Promise<void> {
  const since = new Date(Date.now() - attempt.rateWindowMs);
  if ((await repo.recentFailures(db, username, attempt.ip, since)) >= LOGIN_RATE_LIMIT) {
    throw new HttpError(429, MSG.loginRateLimited, LOGIN_REASONS.rateLimited);
  }
}

/** Counts a failure for the username and the address; whether the account is now locked. */
export const recordFailedAttempt = (db: Tx, username: string, attempt: Attempt): Promise<boolean> =>
  repo.recordFailure(db, username, attempt.ip, LOGIN_LOCK_AFTER);

/** A right password or code: the consecutive-failure count starts again. */
export const clearFailedAttempts = (db: Tx, userId: string): Promise<void> => repo.clearFailures(db, userId);
