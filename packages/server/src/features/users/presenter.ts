/** Users as the API presents them: lists, details, the caller's own profile, and a login's answer. */
import type { User } from '@sightline/shared';
import type { UserRow } from '../../db/rows.js';

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    roles: row.roles,
    securityCtx: { sites: row.sites, companies: row.companies },
    locked: row.locked,
    timeCreated: row.timeCreated.toISOString(),
  };
}
