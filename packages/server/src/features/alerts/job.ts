/** The alerts' scheduled job (platform/jobs.ts: claimed once across instances per interval). */
import type { Job } from '../../platform/jobs.js';
import { checkConditions } from './conditions.js';
import type { AlertDeps } from './raise.js';

const ALERT_CONDITIONS_JOB = 'alerts.conditions';
/** Missing things are counted in hours and offline endpoints in minutes: a minute is fine enough. */
const ALERT_CONDITIONS_INTERVAL_MS = 60_000;

export function alertConditionsJob(deps: AlertDeps): Job {
  return {
    name: ALERT_CONDITIONS_JOB,
    intervalMs: ALERT_CONDITIONS_INTERVAL_MS,
    run: async (now, _since, scope) => void (await checkConditions(deps, now, scope)),
  };
}
