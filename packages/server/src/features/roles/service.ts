import type { Db } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import * as repo from './repository.js';

/** Roles and rules are readable by every signed-in caller: the web hides what they may not do. */
export function listRoles(db: Db, caller: Caller, sort: 'name' | '-name' | undefined) {
  return repo.listRoles(db, caller.orgId, sort === '-name');
}

export function listAccessRules(db: Db, caller: Caller, roleIds: string[]) {
  return repo.listAccessRules(db, caller.orgId, [...new Set(roleIds)]);
}
