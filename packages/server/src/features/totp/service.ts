/**
 * Second factor (docs/decisions/0011-second-factor.md). Password sign-in, and single sign-on whose
 * provider showed no second factor, stop before a session when the user has TOTP on (or the
 * organization requires it and the user must enrol): the answer carries a pending-login token,
 * stored hashed for 5 minutes, and no session. Wrong codes count as failed logins, so the
 * password's rate limit and lockout (loginlimits/limiter.ts) apply to codes as well.
 */
import { type LoginSecondStep, TOTP_MSG, TOTP_RECOVERY_CODE_COUNT, type TotpStatus } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import type { TotpRow } from '../../db/rows.js';
import type { Caller } from '../../platform/caller.js';
import { sha256 } from '../../platform/crypto.js';
import { badRequest, forbidden, type HttpError, unauthorized } from '../../platform/errors.js';
import { randomToken } from '../../platform/ids.js';
import { createSession } from '../../platform/sessions.js';
import {
  type Attempt,
  accountLocked,
  assertNotRateLimited,
  clearFailedAttempts,
  recordFailedAttempt,
} from '../loginlimits/limiter.js';
import { managedUser } from '../users/reach.js';
import * as userRepo from '../users/repository.js';
import { acceptedStep, newRecoveryCodes, newSecret, recoveryHash, setupOf } from './codes.js';
import * as repo from './repository.js';

const PENDING_LOGIN_TTL_MS = 5 * 60_000;

/** The login hook: a second step to take before a session, or nothing. */
export async function secondStepFor(
  db: Db,
  user: { id: string; orgId: string },
): Promise<LoginSecondStep | undefined> {
  const totp = await repo.findTotp(db, user.id);
  const enrol = !totp?.enabled;
  if (enrol && !(await repo.orgRequiresTotp(db, user.orgId))) return undefined;
  const pendingToken = randomToken();
  await repo.savePending(
    db,
    sha256(pendingToken),
    user.id,
    enrol,
    new Date(Date.now() + PENDING_LOGIN_TTL_MS),
  );
  return { secondFactor: enrol ? 'enrol' : 'totp', pendingToken };
}

/** Records a wrong code like a wrong password; the error to throw (locked, or `wrong`). */
async function failedCode(db: Db, username: string, attempt: Attempt, wrong: HttpError) {
  return (await recordFailedAttempt(db, username, attempt)) ? accountLocked() : wrong;
}

/** A current 6-digit code (each used once) or an unused recovery code. */
async function codeIsValid(db: Db, totp: TotpRow, code: string): Promise<boolean> {
  const step = acceptedStep(totp.secret, code, totp.lastStep);
  if (step !== undefined) return repo.useStep(db, totp.userId, step);
  return repo.useRecoveryCode(db, totp.userId, recoveryHash(code));
}

async function pendingUser(db: Db, pendingToken: string, enrol: boolean) {
  const pending = await repo.findPending(db, sha256(pendingToken));
  const user = pending && (await userRepo.findUserById(db, pending.userId));
  if (!pending || !user) throw unauthorized(TOTP_MSG.pendingExpired);
  if (pending.enrol !== enrol) throw badRequest(enrol ? TOTP_MSG.alreadyEnabled : TOTP_MSG.enrolRequired);
  if (user.locked) throw accountLocked();
  return user;
}

async function openSession(db: Db, pendingToken: string, userId: string) {
  await repo.deletePending(db, sha256(pendingToken));
  await clearFailedAttempts(db, userId);
  return createSession(db, userId);
}

/** Second step of sign-in: the pending token and a code give a session. */
export async function loginWithCode(db: Db, pendingToken: string, code: string, attempt: Attempt) {
  const user = await pendingUser(db, pendingToken, false);
  await assertNotRateLimited(db, user.username, attempt);
  const totp = await repo.findTotp(db, user.id);
  if (!totp?.enabled || !(await codeIsValid(db, totp, code))) {
    throw await failedCode(db, user.username, attempt, unauthorized(TOTP_MSG.invalidCode));
  }
  return { token: await openSession(db, pendingToken, user.id), user };
}

/** Enrolment during sign-in (organization requires it): a new secret for the pending user. */
export async function enrolSetup(db: Db, pendingToken: string) {
  const user = await pendingUser(db, pendingToken, true);
  const secret = newSecret();
  await repo.saveSetup(db, user.id, secret);
  return setupOf(secret, user.username);
}

async function confirmSetup(db: Db, userId: string, username: string, code: string, attempt: Attempt) {
  await assertNotRateLimited(db, username, attempt);
  const totp = await repo.findTotp(db, userId);
  if (!totp) throw badRequest(TOTP_MSG.noSetup);
  if (totp.enabled) throw badRequest(TOTP_MSG.alreadyEnabled);
  const step = acceptedStep(totp.secret, code, totp.lastStep);
  if (step === undefined) throw await failedCode(db, username, attempt, badRequest(TOTP_MSG.invalidCode));
  const recoveryCodes = newRecoveryCodes(TOTP_RECOVERY_CODE_COUNT);
  await db.transaction((tx) => repo.enable(tx, userId, step, recoveryCodes.map(recoveryHash)));
  return recoveryCodes;
}

export async function enrolConfirm(db: Db, pendingToken: string, code: string, attempt: Attempt) {
  const user = await pendingUser(db, pendingToken, true);
  const recoveryCodes = await confirmSetup(db, user.id, user.username, code, attempt);
  return { token: await openSession(db, pendingToken, user.id), user, recoveryCodes };
}

// --- The signed-in user's own second factor (userMe) ---

function requireUserCaller(caller: Caller) {
  if (caller.kind !== 'user') throw forbidden(TOTP_MSG.apiKey);
}

export async function status(db: Db, caller: Caller): Promise<TotpStatus> {
  requireUserCaller(caller);
  const totp = await repo.findTotp(db, caller.id);
  return {
    enabled: totp?.enabled ?? false,
    required: await repo.orgRequiresTotp(db, caller.orgId),
    recoveryCodesLeft: totp?.enabled ? await repo.recoveryCodesLeft(db, caller.id) : 0,
  };
}

export async function setup(db: Db, caller: Caller) {
  requireUserCaller(caller);
  if ((await repo.findTotp(db, caller.id))?.enabled) throw badRequest(TOTP_MSG.alreadyEnabled);
  const secret = newSecret();
  await repo.saveSetup(db, caller.id, secret);
  return setupOf(secret, caller.username);
}

export async function enable(db: Db, caller: Caller, code: string, attempt: Attempt) {
  requireUserCaller(caller);
  return { recoveryCodes: await confirmSetup(db, caller.id, caller.username, code, attempt) };
}

/** Turning it off needs a current code (or a recovery code), so a left-open session cannot. */
export async function disable(db: Db, caller: Caller, code: string, attempt: Attempt) {
  requireUserCaller(caller);
  const totp = await repo.findTotp(db, caller.id);
  if (!totp?.enabled) throw badRequest(TOTP_MSG.notEnabled);
  await assertNotRateLimited(db, caller.username, attempt);
  if (!(await codeIsValid(db, totp, code))) {
    throw await failedCode(db, caller.username, attempt, badRequest(TOTP_MSG.invalidCode));
  }
  await db.transaction((tx) => repo.removeTotp(tx, caller.id));
}

/** An administrator's reset (lost phone): the user signs in with the password alone, or enrols again. */
export async function adminReset(db: Db, caller: Caller, userId: string) {
  const target = await managedUser(db, caller, userId, 'modify');
  await db.transaction((tx) => repo.removeTotp(tx, target.id));
}
