/**
 * Zone time exceptions with no new sighting: every few seconds, the things whose
 * current stay has reached its zone's alert time and has no exception yet get one — stored (the
 * unique once-per-stay key makes a second copy a no-op), published on the live stream and mailed
 * to the zone's emails, through the same write and publish path as a batch.
 */
import { sql } from 'drizzle-orm';
import type { JobScope } from '../../platform/jobs.js';
import { dueTimeExceptions, type EpochMs } from '../engine/index.js';
import type { JobDeps } from './deps.js';
import { loadThings } from './load.js';
import { eachDueOrganization } from './per-organization.js';
import { storeExceptions } from './raise.js';

/** Runs every 5 s, so an overrun is raised well within the 15 s it is allowed. */
export const ZONE_TIME_INTERVAL_MS = 5_000;

/** Things `t` in zones `z` whose stay has reached the alert time at `now` and has no exception. */
const overrun = (now: EpochMs) =>
  sql`z.duration_ns > 0 AND t.last_zone_time IS NOT NULL
    AND floor(extract(epoch from t.last_zone_time) * 1000) + ceil(z.duration_ns / 1000000.0) <= ${now}
    AND NOT EXISTS (SELECT 1 FROM exceptions e WHERE e.type = 'zoneTimeException' AND e.thing_id = t.id
      AND e.zone_id = t.zone_id AND e.stay_start = date_trunc('milliseconds', t.last_zone_time))`;

/** Raises the due zone time exceptions; resolves with how many were stored. */
export function raiseZoneTimeExceptions(deps: JobDeps, now: EpochMs, scope: JobScope = {}) {
  return eachDueOrganization(deps, { now, scope, due: overrun(now) }, async (tx, orgId, zones) => {
    const loaded = await loadThings(tx, orgId, overrun(now));
    const due = dueTimeExceptions(loaded.things, zones.zones, new Set(), now);
    return storeExceptions(tx, orgId, due, now, zones, loaded);
  });
}
