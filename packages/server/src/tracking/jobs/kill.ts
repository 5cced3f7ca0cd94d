/**
 * Kill: a thing not seen for its zone's `killDuration` hours is taken out of the
 * zone (its stay closed at its last sighting; `clearZone`) or soft-deleted (`deleteThing`). The
 * engine's `killDue` decides; the run writes and publishes like a batch, under the organization
 * lock, so it cannot interleave with a sighting of the same thing.
 */
import { sql } from 'drizzle-orm';
import type { JobScope } from '../../platform/jobs.js';
import { type EpochMs, killDue } from '../engine/index.js';
import { writeOutput } from '../store/index.js';
import type { JobDeps } from './deps.js';
import { directoryOf, loadThings, tsParam } from './load.js';
import { eachDueOrganization } from './per-organization.js';

/** Kill durations are hours: once a minute is timely enough. */
export const KILL_INTERVAL_MS = 60_000;

/** Things `t` in zones `z` unseen for the zone's kill duration at `now`. */
const unseen = (now: EpochMs) =>
  sql`z.kill_duration > 0
    AND greatest(t.last_endpoint_time, t.last_event, t.last_zone_time) + z.kill_duration * interval '1 hour'
      <= ${tsParam(now)}`;

/** Kills the due things; resolves with how many were taken out or deleted. */
export function killUnseen(deps: JobDeps, now: EpochMs, scope: JobScope = {}) {
  return eachDueOrganization(deps, { now, scope, due: unseen(now) }, async (tx, orgId, zones) => {
    const loaded = await loadThings(tx, orgId, unseen(now));
    const { things } = loaded;
    const output = killDue(things, zones.zones, now);
    if (!output.things.length) return { count: 0 };
    const written = await writeOutput(tx, orgId, output, [], now);
    return {
      count: output.things.length,
      committed: { orgId, messages: output.messages, directory: directoryOf(zones, loaded), ...written },
    };
  });
}
