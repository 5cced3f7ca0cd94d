/**
 * Forgotten passwords: a request mails a one-hour, single-use link;
 * using it sets the password, unlocks the account and signs the user out everywhere.
 */
import { isStrongPassword, MSG, RESET_REASONS, RESET_TOKEN_TTL_MS } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { hashPassword } from '../../platform/crypto.js';
import { HttpError } from '../../platform/errors.js';
import * as failures from '../loginlimits/repository.js';
import { storeNewPassword } from '../users/new-password.js';
import { findUserById } from '../users/repository.js';
import * as tokens from '../users/set-password-tokens.js';
import * as repo from './repository.js';

/** At most one reset mail a minute per account, so the form cannot be used to flood a mailbox. */
const RESEND_AFTER_MS = 60_000;

/** Mails a reset link when the email names an account; says nothing either way. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const { db, mailer, config } = ctx;
  const user = await repo.findUserByUsername(db, email);
  if (!user) return;
  // Check and issue under the user's row lock, so requests arriving together send one mail.
  const token = await db.transaction(async (tx) => {
    await repo.lockUser(tx, user.id);
    if (await tokens.recentlyIssued(tx, user.id, RESET_TOKEN_TTL_MS, RESEND_AFTER_MS)) return undefined;
    return tokens.issueToken(tx, user, RESET_TOKEN_TTL_MS);
  });
  if (!token) return;
  await tokens.sendSetPasswordMail(mailer, config.publicUrl, user, token, 'reset');
}

const invalidToken = () => new HttpError(401, MSG.resetTokenInvalid, RESET_REASONS.invalid);

/**
 * Whether the token can still set a password (issued, unused, unexpired, its user still there),
 * so the reset page can say so before anything is typed. Nothing is consumed.
 */
export async function checkResetToken(db: Db, token: string): Promise<void> {
  const userId = await tokens.findUsableToken(db, token);
  if (!userId || !(await findUserById(db, userId))) throw invalidToken();
}

export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const userId = await tokens.findUsableToken(db, token);
  const user = userId ? await findUserById(db, userId) : undefined;
  if (!user) throw invalidToken();
  // A weak password leaves the token usable, so the user can try again from the same link.
  if (!isStrongPassword(password, [user.username, user.name])) {
    throw new HttpError(401, MSG.passwordMustBeStronger, RESET_REASONS.weak);
  }
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await tokens.consumeToken(tx, token))) throw invalidToken();
    await storeNewPassword(tx, user.id, passwordHash);
    await failures.clearUsernameFailures(tx, user.username);
  });
}
