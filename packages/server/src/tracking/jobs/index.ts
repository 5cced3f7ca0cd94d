/**
 * The tracking engine's scheduled jobs (zone time exceptions, kill, kit inventory), run by the
 * platform scheduler.
 */
import type { Job } from '../../platform/jobs.js';
import type { JobDeps } from './deps.js';
import { checkInventory, INVENTORY_INTERVAL_MS } from './inventory.js';
import { KILL_INTERVAL_MS, killUnseen } from './kill.js';
import { raiseZoneTimeExceptions, ZONE_TIME_INTERVAL_MS } from './zone-time.js';

export type { JobDeps } from './deps.js';

export const TRACKING_JOBS = {
  zoneTime: 'tracking.zoneTimeExceptions',
  kill: 'tracking.kill',
  inventory: 'tracking.inventory',
} as const;

export function trackingJobs(deps: JobDeps): Job[] {
  return [
    {
      name: TRACKING_JOBS.zoneTime,
      intervalMs: ZONE_TIME_INTERVAL_MS,
      run: async (now, _since, scope) => void (await raiseZoneTimeExceptions(deps, now, scope)),
    },
    {
      name: TRACKING_JOBS.kill,
      intervalMs: KILL_INTERVAL_MS,
      run: async (now, _since, scope) => void (await killUnseen(deps, now, scope)),
    },
    {
      name: TRACKING_JOBS.inventory,
      intervalMs: INVENTORY_INTERVAL_MS,
      run: async (now, since, scope) => void (await checkInventory(deps, now, since, scope)),
    },
  ];
}
