/**
 * The caller's own profile (SPEC §2.13 userMe, §5 Profile): name, username and password; roles and
 * sites are read-only here. A new password ends the user's other sessions (not this one) and links.
 */
import { type ProfileInput, USER_MSG } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import { verifyPassword } from '../../platform/crypto.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { storeNewPassword } from './new-password.js';
import * as repo from './repository.js';
import { assertUsernameFree, hashIfStrong, invalidField } from './rules.js';

function requireUserCaller(caller: Caller) {
  if (caller.kind !== 'user') throw forbidden('An API key has no user profile');
}

export async function getMe(db: Db, caller: Caller) {
  requireUserCaller(caller);
  const row = await repo.findUser(db, caller.orgId, caller.id);
  if (!row) throw notFound('User');
  return repo.toApi(row);
}

export async function updateMe(db: Db, caller: Caller, input: ProfileInput) {
  requireUserCaller(caller);
  if (input.password) {
    const current = await repo.findUser(db, caller.orgId, caller.id);
    if (!current) throw notFound('User');
    if (!(await verifyPassword(current.passwordHash, input.currentPassword ?? ''))) {
      throw invalidField('currentPassword', USER_MSG.currentPasswordWrong);
    }
  }
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
    if (passwordHash) await storeNewPassword(tx, caller.id, passwordHash, caller.sessionHash);
    return repo.toApi(row);
  });
}
