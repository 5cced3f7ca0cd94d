/**
 * Kill: a thing not seen for its zone's `killDuration` hours is taken out of the
 * zone (its stay closed at its last sighting; `clearZone`) or soft-deleted (`deleteThing`). The
 * engine's `killDue` decides; the run writes and publishes like a batch, under the organization
 * lock, so it cannot interleave with a sighting of the same thing.
 */
import { sql } from 'drizzle-orm';
import { type JobScope, stopping } from '../../platform/jobs.js';
import { type EpochMs, killDue } from '../engine/index.js';
import { inOrgTransaction, writeOutput } from '../store/index.js';
import type { JobDeps } from './deps.js';
import { directoryOf, loadThings, loadZones, organizationsWith, tsParam } from './load.js';

/** Kill durations are hours: once a minute is timely enough. */
export const KILL_INTERVAL_MS = 60_000;

/** Things `t` in zones `z` unseen for the zone's kill duration at `now`. */
const unseen = (now: EpochMs) =>
  sql`z.kill_duration > 0
    AND greatest(t.last_endpoint_time, t.last_event, t.last_zone_time) + z.kill_duration * interval '1 hour'
      <= ${tsParam(now)}`;

/** Kills the due things; resolves with how many were taken out or deleted. */
export async function killUnseen(deps: JobDeps, now: EpochMs, scope: JobScope = {}) {
  let killed = 0;
  for (const orgId of await organizationsWith(deps.db, unseen(now), scope)) {
    if (stopping(scope)) break; // what is left is still due at the next run
    const result = await inOrgTransaction(deps, {
      orgId,
      now,
      options: { awaitPublish: true },
      work: async (tx) => {
        const zones = await loadZones(tx, orgId);
        const { things, names } = await loadThings(tx, orgId, unseen(now));
        const output = killDue(things, zones.zones, now);
        if (!output.things.length) return { killed: 0 };
        const written = await writeOutput(tx, orgId, output, [], now);
        return {
          killed: output.things.length,
          committed: { orgId, messages: output.messages, directory: directoryOf(zones, names), ...written },
        };
      },
    });
    killed += result.killed;
  }
  return killed;
}
