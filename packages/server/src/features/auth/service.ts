/**
 * Password login under the sign-in limits (limiter.ts): more than 5 failures a minute for one
 * username or IP → 429 `rate limited`; 10 consecutive failures → `account locked` until a
 * password reset.
 */
import { LOGIN_LOCK_AFTER, MSG, SUPER_ADMIN_ROLE_ID } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { hashPassword, verifyPassword } from '../../platform/crypto.js';
import { unauthorized } from '../../platform/errors.js';
import { randomToken } from '../../platform/ids.js';
import { createSession } from '../../platform/sessions.js';
import {
  accountLocked,
  assertNotRateLimited,
  clearFailedAttempts,
  recordFailedAttempt,
} from '../loginlimits/limiter.js';
import * as failures from '../loginlimits/repository.js';
import { findOrgBySubdomain } from '../organizations/host.js';
import { secondStepFor } from '../totp/service.js';
import * as repo from './repository.js';

interface LoginInput {
  username: string;
  password: string;
  ip: string;
  /** Organization named by the request host's subdomain, when it names one. */
  hostSubdomain?: string;
}

/** Unknown usernames are checked against a throwaway hash, so the answer takes as long as for a real one. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomToken()));

export async function login(db: Db, input: LoginInput, rateWindowMs: number) {
  const attempt = { ip: input.ip, rateWindowMs };
  await assertNotRateLimited(db, input.username, attempt);
  const user = await repo.findUserByUsername(db, input.username);
  const locked = user
    ? user.locked
    : await failures.unknownUsernameLocked(db, input.username, LOGIN_LOCK_AFTER);
  if (locked) throw accountLocked();
  const passwordOk = await verifyPassword(user ? user.passwordHash : await decoy(), input.password);
  const hostOrg = input.hostSubdomain ? await findOrgBySubdomain(db, input.hostSubdomain) : undefined;
  const orgOk = !hostOrg || hostOrg.id === user?.orgId || user?.roles.includes(SUPER_ADMIN_ROLE_ID);
  if (!user || !passwordOk || !orgOk) {
    if (await recordFailedAttempt(db, input.username, attempt)) throw accountLocked();
    throw unauthorized(MSG.loginInvalid);
  }
  // Second factor (features/totp): the password was right, but no session until the code is.
  const secondStep = await secondStepFor(db, user);
  if (secondStep) return { secondStep, user };
  await clearFailedAttempts(db, user.id);
  const token = await createSession(db, user.id);
  return { token, user };
}
