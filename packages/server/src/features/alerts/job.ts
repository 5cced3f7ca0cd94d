/** The alerts' scheduled job (platform/jobs.ts: claimed once across instances per interval). */
import type { Job } from '../../platform/jobs.js';
import { checkConditions } from './conditions.js';
import { type EscalationDeps, escalateAlerts } from './escalation.js';
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

const ALERT_ESCALATION_JOB = 'alerts.escalation';

/**
 * Escalations and reminders (features/alerts/escalation.ts), four times per alert-settings minute:
 * an escalation or reminder goes out at most a quarter of a minute late.
 */
export function alertEscalationJob(deps: EscalationDeps): Job {
  return {
    name: ALERT_ESCALATION_JOB,
    intervalMs: Math.max(1, Math.round(deps.minuteMs / 4)),
    run: async (now, _since, scope) => void (await escalateAlerts(deps, now, scope)),
  };
}
