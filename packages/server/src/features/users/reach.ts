/**
 * Whom a caller manages: a user of its organization whose sites all lie within the caller's (an
 * all-sites user needs an all-sites caller); a Super Admin only when the caller is one too.
 * Anyone else answers 404 (or 403 for a Super Admin target), as if the user were out of sight.
 */
import { type Action, SUPER_ADMIN_ROLE_ID, USER_MSG } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize, siteScope } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { findUser } from './repository.js';

export async function managedUser(db: Db, caller: Caller, userId: string, action: Action | 'read') {
  const target = await findUser(db, caller.orgId, userId);
  if (!target) throw notFound('User');
  // Reading another user needs what the user screens need (create on users), as GET users/{id} does.
  authorize(caller, 'users', action === 'read' ? 'create' : action, undefined, action);
  const scope = siteScope(caller);
  if (scope && !target.sites.every((s) => scope.includes(s))) throw notFound('User');
  if (action !== 'read' && target.roles.includes(SUPER_ADMIN_ROLE_ID) && !caller.superAdmin)
    throw forbidden(USER_MSG.superAdminTarget);
  return target;
}
