/**
 * Storing a new password, whichever way it is set (the profile, an Admin's edit, a reset link or
 * an activation link): the hash is stored and the account unlocked; every outstanding reset and
 * activation link is retired, so a link mailed before the change cannot undo it; and the user's
 * sessions end, except the one that set the password on the profile.
 */
import type { Tx } from '../../db/client.js';
import { revokeUserSessions } from '../../platform/sessions.js';
import { setPassword } from './repository.js';
import { retireUserTokens } from './set-password-tokens.js';

export async function storeNewPassword(
  tx: Tx,
  userId: string,
  passwordHash: string,
  keepSessionHash?: string,
): Promise<void> {
  await setPassword(tx, userId, passwordHash);
  await retireUserTokens(tx, userId);
  await revokeUserSessions(tx, userId, keepSessionHash);
}
