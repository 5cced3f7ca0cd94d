/** Retention policies, the purge job's last run, and what each class takes on disk. */
import { RETENTION_CLASSES, RETENTION_DEFAULTS, type RetentionPolicy } from '@sightline/shared';
import { eq, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { organizations, retentionPolicies } from '../../db/schema.js';

/** The stored days of the classes the organization set, over the defaults of the rest. */
function merged(stored: unknown): RetentionPolicy {
  const set = (stored ?? {}) as Record<string, unknown>;
  const policy = { ...RETENTION_DEFAULTS };
  for (const c of RETENTION_CLASSES) {
    const days = set[c];
    if (days === null || (typeof days === 'number' && Number.isInteger(days) && days >= 1)) policy[c] = days;
  }
  return policy;
}

export async function findPolicy(db: Tx, orgId: string): Promise<RetentionPolicy> {
  const [row] = await db
    .select({ policy: retentionPolicies.policy })
    .from(retentionPolicies)
    .where(eq(retentionPolicies.orgId, orgId));
  return merged(row?.policy);
}

export async function savePolicy(db: Tx, orgId: string, policy: RetentionPolicy): Promise<RetentionPolicy> {
  const [row] = await db
    .insert(retentionPolicies)
    .values({ orgId, policy })
    .onConflictDoUpdate({ target: retentionPolicies.orgId, set: { policy, timeModified: sql`now()` } })
    .returning({ policy: retentionPolicies.policy });
  return merged(row?.policy);
}

export async function organizationIds(db: Tx): Promise<string[]> {
  return (await db.select({ id: organizations.id }).from(organizations)).map((r) => r.id);
}

/** Every organization's policy (the mail on the queue is kept for the shortest of them). */
export async function allPolicies(db: Tx): Promise<RetentionPolicy[]> {
  const stored = await rows<{ policy: unknown }>(
    db,
    sql`SELECT p.policy FROM organizations o LEFT JOIN retention_policies p ON p.org_id = o.id`,
  );
  return stored.map((r) => merged(r.policy));
}

/** When the job named `name` last ran (any instance), or undefined. */
export async function lastRun(db: Tx, name: string): Promise<Date | undefined> {
  const [row] = await rows<{ at: string | Date }>(
    db,
    sql`SELECT last_run_at AS at FROM job_runs WHERE name = ${name}`,
  );
  return row ? new Date(row.at) : undefined;
}
