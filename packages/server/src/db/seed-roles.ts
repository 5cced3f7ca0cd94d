import { BUILT_IN_ROLES, invalidRoleRules } from '@sightline/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { BUILT_IN_ROLES_LOCK } from './locks.js';
import { accessRules, roles } from './schema.js';

/** Built-in roles and their rules come from shared; re-seeded at each start so code and data agree. */
export async function seedBuiltInRoles(db: Db): Promise<void> {
  // A built-in role obeys the rules every role does (a right never without what it needs).
  for (const role of BUILT_IN_ROLES) {
    const problem = invalidRoleRules(role.rules);
    if (problem) throw new Error(`Built-in role ${role.name}: ${problem}`);
  }
  const ids = BUILT_IN_ROLES.map((r) => r.id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${BUILT_IN_ROLES_LOCK})`);
    await tx.delete(accessRules).where(inArray(accessRules.roleId, ids));
    await tx.delete(roles).where(inArray(roles.id, ids));
    await tx.insert(roles).values(BUILT_IN_ROLES.map((r) => ({ id: r.id, name: r.name, orgId: null })));
    const rules = BUILT_IN_ROLES.flatMap((r) =>
      r.rules.map((rule) => ({
        roleId: r.id,
        resource: rule.resource,
        action: rule.action,
        site: rule.site,
      })),
    );
    if (rules.length) await tx.insert(accessRules).values(rules);
  });
}
