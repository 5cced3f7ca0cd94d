import type { AccessRule, Role } from '@sightline/shared';
import { and, asc, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { accessRules, roles } from '../../db/schema.js';

/** Roles an organization may use: the built-in ones (no organization) and its own. */
const visibleTo = (orgId: string): SQL | undefined => or(isNull(roles.orgId), eq(roles.orgId, orgId));

export async function listRoles(db: Tx, orgId: string, descending = false): Promise<Role[]> {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(visibleTo(orgId))
    .orderBy(descending ? desc(roles.name) : asc(roles.name), asc(roles.id));
}

/** Which of `ids` are roles the organization may use. */
export async function visibleRoleIds(db: Tx, orgId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(visibleTo(orgId), inArray(roles.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function listAccessRules(db: Tx, orgId: string, roleIds: string[]): Promise<AccessRule[]> {
  const visible = [...(await visibleRoleIds(db, orgId, roleIds))];
  if (!visible.length) return [];
  const rows = await db
    .select()
    .from(accessRules)
    .where(inArray(accessRules.roleId, visible))
    .orderBy(asc(accessRules.roleId), asc(accessRules.resource), asc(accessRules.id));
  return rows.map((r) => ({
    role: r.roleId,
    resource: r.resource,
    action: r.action as AccessRule['action'],
    site: r.site,
  }));
}
