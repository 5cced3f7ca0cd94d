/**
 * The caller's own profile: name, username (the sign-in email) and password; roles and sites are
 * read-only here. A session alone must not be enough to take the account over, so a new password
 * and a new sign-in email both need the current password, checked under the sign-in limits. A new
 * sign-in email is told to the old address, and ends the user's other sessions and every
 * outstanding reset or activation link (they were mailed to the old address); a new password ends
 * them too. The session that made the change stays signed in.
 */
import { type ProfileInput, USER_MSG } from '@sightline/shared';
import type { Db, Tx } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { verifyPassword } from '../../platform/crypto.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import { revokeUserSessions } from '../../platform/sessions.js';
import {
  type Attempt,
  accountLocked,
  assertNotRateLimited,
  clearFailedAttempts,
  recordFailedAttempt,
} from '../loginlimits/limiter.js';
import { storeNewPassword } from './new-password.js';
import { presentUser } from './presenter.js';
import * as repo from './repository.js';
import { assertUsernameFree, hashIfStrong, invalidField } from './rules.js';
import { retireUserTokens } from './set-password-tokens.js';

function requireUserCaller(caller: Caller) {
  if (caller.kind !== 'user') throw forbidden('An API key has no user profile');
}

export async function getMe(db: Db, caller: Caller) {
  requireUserCaller(caller);
  const row = await repo.findUser(db, caller.orgId, caller.id);
  if (!row) throw notFound('User');
  return presentUser(row);
}

export async function updateMe(ctx: AppContext, caller: Caller, input: ProfileInput, attempt: Attempt) {
  requireUserCaller(caller);
  const { db, mailer } = ctx;
  const current = await repo.findUser(db, caller.orgId, caller.id);
  if (!current) throw notFound('User');
  // Any difference counts, even of letter case: the stored address is where mail goes.
  const emailChanged = input.username !== current.username;
  const needsPassword = Boolean(input.password) || emailChanged;
  // The password first: a session alone learns nothing, not even whether an address is taken.
  if (needsPassword) await verifyCurrentPassword(db, current, input.currentPassword, attempt);
  await assertUsernameFree(db, input.username, caller.id);
  const passwordHash = await hashIfStrong(input.password, {
    required: false,
    userInputs: [input.username, input.name],
  });
  return db.transaction(async (tx) => {
    const row = await repo.updateUser(tx, caller.orgId, caller.id, {
      name: input.name,
      username: input.username,
    });
    if (!row) throw notFound('User');
    if (needsPassword) await clearFailedAttempts(tx, caller.id);
    if (passwordHash) await storeNewPassword(tx, caller.id, passwordHash, caller.sessionHash);
    if (emailChanged) {
      await revokeUserSessions(tx, caller.id, caller.sessionHash);
      await retireUserTokens(tx, caller.id);
      await sendEmailChangedNotice(mailer, { name: row.name, from: current.username, to: row.username }, tx);
    }
    return presentUser(row);
  });
}

/**
 * 400 on the `currentPassword` field when it is missing or wrong. A wrong one is a failed sign-in
 * for the user's username and the client's address; a missing one is not a guess and is not
 * counted. The failure that locks the account answers 401 `account locked`, as sign-in does.
 */
async function verifyCurrentPassword(
  db: Db,
  user: { username: string; passwordHash: string | null },
  currentPassword: string | undefined,
  attempt: Attempt,
) {
  if (!currentPassword) throw invalidField('currentPassword', USER_MSG.currentPasswordRequired);
  await assertNotRateLimited(db, user.username, attempt);
  if (await verifyPassword(user.passwordHash, currentPassword)) return;
  if (await recordFailedAttempt(db, user.username, attempt)) throw accountLocked();
  throw invalidField('currentPassword', USER_MSG.currentPasswordWrong);
}

/** Tells the old address where the sign-in email went, so an owner who did not do it notices. */
async function sendEmailChangedNotice(
  mailer: Mailer,
  change: { name: string; from: string; to: string },
  tx: Tx,
) {
  const text = [
    `Hello ${change.name},`,
    '',
    `The sign-in email of your Sightline account was changed from ${change.from} to ${change.to}.`,
    'Password reset links now go to the new address, and links sent before the change no longer work.',
    '',
    'If you did not make this change, contact your Sightline administrator at once.',
  ];
  await mailer.send(
    { to: change.from, subject: 'Your Sightline sign-in email was changed', text: text.join('\n') },
    { tx },
  );
}
