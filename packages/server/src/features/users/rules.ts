/** Checks shared by the user editor and the profile: password rule, free username, field errors. */
import { isStrongPassword, MSG, USER_MSG } from '@sightline/shared';
import type { Tx } from '../../db/client.js';
import { hashPassword } from '../../platform/crypto.js';
import { badRequest } from '../../platform/errors.js';
import { usernameTaken } from './repository.js';

/** A 400 that also names the form field, so an editor can show the message beside it. */
export const invalidField = (path: string, message: string) => badRequest(message, [{ path, message }]);

export interface PasswordRule {
  /** Whether an empty password is an error (a new user without an activation email). */
  required: boolean;
  /** The user's own words (username, name), which count against a password. */
  userInputs: string[];
}

/** The argon2id hash of a new password, or undefined when none was given (password unchanged). */
export async function hashIfStrong(password: string | undefined, rule: PasswordRule) {
  if (!password) {
    if (rule.required) throw invalidField('password', USER_MSG.passwordRequired);
    return undefined;
  }
  if (!isStrongPassword(password, rule.userInputs)) throw invalidField('password', MSG.passwordTooWeak);
  return hashPassword(password);
}

/** Usernames are unique across organizations; a clash is a 400 whose message says `duplicate`. */
export async function assertUsernameFree(db: Tx, username: string, exceptUserId?: string) {
  if (await usernameTaken(db, username, exceptUserId)) {
    throw invalidField('username', USER_MSG.duplicateUsername(username));
  }
}
