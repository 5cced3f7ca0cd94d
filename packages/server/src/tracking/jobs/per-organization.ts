/**
 * The shape every scheduled tracking job shares: for each organization with a thing matching
 * `due`, one organization transaction (under its lock, published once committed) that loads its
 * zones and runs the job's `work`; the counts add up. A job that may stop early leaves what is
 * left for its next run, since it is still due then.
 */
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { type JobScope, stopping } from '../../platform/jobs.js';
import type { EpochMs } from '../engine/index.js';
import { type Committed, inOrgTransaction } from '../store/index.js';
import type { JobDeps } from './deps.js';
import { loadZones, type OrgZones, organizationsWith } from './load.js';

/** What one organization's run changed: how many, and what it committed (none when nothing). */
export interface DueRun {
  count: number;
  committed?: Committed;
}

export interface DueJob {
  now: EpochMs;
  scope: JobScope;
  /** Over things `t` joined with their zone `z`. */
  due: SQL;
  /** False when the run covers a window that an organization left out would lose. */
  stopEarly?: boolean;
}

export async function eachDueOrganization(
  deps: JobDeps,
  job: DueJob,
  work: (tx: Tx, orgId: string, zones: OrgZones) => Promise<DueRun>,
): Promise<number> {
  let total = 0;
  for (const orgId of await organizationsWith(deps.db, job.due, job.scope)) {
    if (job.stopEarly !== false && stopping(job.scope)) break;
    const result = await inOrgTransaction(deps, {
      orgId,
      now: job.now,
      options: { awaitPublish: true },
      work: async (tx) => work(tx, orgId, await loadZones(tx, orgId)),
    });
    total += result.count;
  }
  return total;
}
