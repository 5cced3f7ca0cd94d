/**
 * Escalation of the exceptions nobody acknowledged, by the site's `alertSettings`
 * (docs/decisions/0395-alert-escalation.md):
 * - an exception still `open` `escalateAfterMinutes` after the later of its time and the moment
 *   the site's escalation went on (`sites.escalation_since`) is escalated once to the site's
 *   `escalationEmails` (`escalated_at` set, change `escalated` on the live stream and webhooks);
 *   turning escalation on never mails a backlog of old exceptions at once;
 * - while it stays open, the emails of its zones (as its first mail went to) are reminded every
 *   `remindEveryMinutes` after that start (`sites.reminders_since` for reminders) or its last
 *   reminder, at most `maxReminders` times (`reminders`, `reminded_at`).
 * Each run sends one digest mail per recipient listing every alert escalated or reminded to it.
 * An acknowledged or resolved exception is neither escalated nor reminded. Each step is claimed by
 * one UPDATE whose WHERE repeats the rule, in the organization's transaction that queues its
 * digests and webhooks: two runs at once (two instances) mail each step once, and steps whose
 * mail cannot be queued are taken again at the next run.
 */
import type { AlertSettings, ExceptionRecord } from '@sightline/shared';
import { and, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { exceptions } from '../../db/schema.js';
import { type JobScope, stopping } from '../../platform/jobs.js';
import { type ExceptionStep, publishExceptionChanges } from '../exceptions/changes.js';
import * as exceptionsRepo from '../exceptions/repository.js';
import { enqueueExceptionWebhooks } from '../webhooks/outbox.js';
import { type DigestItem, digestContext, digestMail } from './digest.js';
import { type AlertDeps, recipients } from './raise.js';

export interface EscalationDeps extends AlertDeps {
  /** The length of one minute of the alert settings (config.alertMinuteMs). */
  minuteMs: number;
}

/** At most this many exceptions per run; the rest are due at the next one. */
const BATCH = 500;

interface Due {
  org_id: string;
  id: string;
  settings: AlertSettings;
  escalation_since: string | null;
  reminders_since: string | null;
  escalate: boolean;
  remind: boolean;
}

function inScope(scope: JobScope) {
  if (!scope.orgIds) return sql`true`;
  return sql`x.org_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(scope.orgIds)}::jsonb))`;
}

/** `minutes` of the settings as an interval, the minute being `minuteMs` long. */
const minutesAgo = (now: Date, minutes: SQL, minuteMs: number) =>
  sql`${now.toISOString()}::timestamptz - (${minutes})::double precision * ${minuteMs} * interval '1 millisecond'`;

const escalateAfter = sql`(s.alert_settings->>'escalateAfterMinutes')`;
const remindEvery = sql`(s.alert_settings->>'remindEveryMinutes')`;
const maxReminders = sql`coalesce((s.alert_settings->>'maxReminders')::integer, 0)`;

/** Open exceptions of sites with alert settings that are due an escalation or a reminder. */
function dueExceptions(tx: Tx, now: Date, minuteMs: number, scope: JobScope) {
  const escalate = sql`(x.escalated_at IS NULL AND ${escalateAfter} IS NOT NULL
    AND jsonb_array_length(coalesce(s.alert_settings->'escalationEmails', '[]'::jsonb)) > 0
    AND greatest(x.time, s.escalation_since) <= ${minutesAgo(now, escalateAfter, minuteMs)})`;
  const remind = sql`(${remindEvery} IS NOT NULL AND x.reminders < ${maxReminders}
    AND coalesce(x.reminded_at, greatest(x.time, s.reminders_since)) <= ${minutesAgo(now, remindEvery, minuteMs)})`;
  return rows<Due>(
    tx,
    sql`SELECT x.org_id, x.id, s.alert_settings AS settings,
        s.escalation_since::text AS escalation_since, s.reminders_since::text AS reminders_since,
        ${escalate} AS escalate, ${remind} AS remind
      FROM exceptions x JOIN sites s ON s.id = x.site_id AND s.org_id = x.org_id
      WHERE x.state = 'open' AND s.alert_settings <> '{}'::jsonb
        AND ${inScope(scope)} AND (${escalate} OR ${remind})
      ORDER BY x.org_id, x.time, x.id LIMIT ${BATCH}`,
  );
}

/** The rule's threshold as a timestamptz parameter. */
const before = (now: Date, minutes: number | undefined, minuteMs: number) =>
  sql`${new Date(now.getTime() - (minutes ?? 0) * minuteMs).toISOString()}::timestamptz`;

/** When an exception starts to count toward a step: its time, or the step's start on its site. */
const countsFrom = (since: string | null) =>
  since === null ? sql`${exceptions.time}` : sql`greatest(${exceptions.time}, ${since}::timestamptz)`;

/** Claims one exception's escalation; true when it is this run's. */
async function claimEscalation(deps: EscalationDeps, tx: Tx, due: Due, now: Date) {
  const minutes = due.settings.escalateAfterMinutes;
  if (minutes === undefined || !due.settings.escalationEmails?.length) return false;
  const claimed = await tx
    .update(exceptions)
    .set({ escalatedAt: now })
    .where(
      and(
        eq(exceptions.orgId, due.org_id),
        eq(exceptions.id, due.id),
        eq(exceptions.state, 'open'),
        isNull(exceptions.escalatedAt),
        sql`${countsFrom(due.escalation_since)} <= ${before(now, minutes, deps.minuteMs)}`,
      ),
    )
    .returning({ id: exceptions.id });
  return claimed.length > 0;
}

/** Claims one reminder; its number when it is this run's. */
async function claimReminder(deps: EscalationDeps, tx: Tx, due: Due, now: Date) {
  const every = due.settings.remindEveryMinutes;
  const max = due.settings.maxReminders ?? 0;
  if (every === undefined || max < 1) return undefined;
  const claimed = await tx
    .update(exceptions)
    .set({ reminders: sql`${exceptions.reminders} + 1`, remindedAt: now })
    .where(
      and(
        eq(exceptions.orgId, due.org_id),
        eq(exceptions.id, due.id),
        eq(exceptions.state, 'open'),
        lt(exceptions.reminders, max),
        sql`coalesce(${exceptions.remindedAt}, ${countsFrom(due.reminders_since)}) <= ${before(now, every, deps.minuteMs)}`,
      ),
    )
    .returning({ reminders: exceptions.reminders });
  return claimed[0]?.reminders;
}

/** Adds `item` to the digest of each address. */
function addTo(digests: Map<string, DigestItem[]>, addresses: readonly string[], item: DigestItem) {
  for (const to of new Set(addresses)) digests.set(to, [...(digests.get(to) ?? []), item]);
}

/**
 * One organization's due steps in one transaction: claimed, then one digest per address queued,
 * and the escalations' webhooks. Resolves with the escalation steps and the reminder count.
 */
async function runOrganization(deps: EscalationDeps, orgId: string, due: readonly Due[], now: Date) {
  return deps.db.transaction(async (tx) => {
    const claims: { due: Due; escalated: boolean; reminder?: number }[] = [];
    for (const item of due) {
      const escalated = item.escalate ? await claimEscalation(deps, tx, item, now) : false;
      const reminder = item.remind ? await claimReminder(deps, tx, item, now) : undefined;
      if (escalated || reminder !== undefined) claims.push({ due: item, escalated, reminder });
    }
    const found = await exceptionsRepo.findExceptions(
      tx,
      orgId,
      claims.map((c) => c.due.id),
    );
    const byId = new Map(found.map((r) => [r._id, r]));
    const digests = new Map<string, DigestItem[]>();
    const escalatedRecords: ExceptionRecord[] = [];
    for (const claim of claims) {
      const record = byId.get(claim.due.id);
      if (!record) continue;
      const { settings } = claim.due;
      if (claim.escalated) {
        escalatedRecords.push(record);
        const step = { kind: 'escalated' as const, afterMinutes: settings.escalateAfterMinutes ?? 0 };
        addTo(digests, settings.escalationEmails ?? [], { record, step });
      }
      if (claim.reminder !== undefined) {
        // A reminder goes where the alert's first mail went: its zone's emails (or its endpoint's zones').
        const to = await recipients(tx, orgId, record.zone, record.endpoint);
        const step = { kind: 'reminder' as const, count: claim.reminder, max: settings.maxReminders ?? 0 };
        addTo(digests, to, { record, step });
      }
    }
    if (digests.size) {
      const ctx = await digestContext(tx, orgId, deps.publicUrl);
      for (const [to, items] of [...digests].sort(([a], [b]) => a.localeCompare(b)))
        await deps.mailer?.send(digestMail(ctx, to, items), { tx });
    }
    const steps: ExceptionStep[] = escalatedRecords.map((record) => ({ change: 'escalated', record }));
    await enqueueExceptionWebhooks(tx, orgId, steps);
    return { steps, reminded: claims.filter((c) => c.reminder !== undefined).length };
  });
}

/**
 * One run: escalates and reminds what is due at `now`, one transaction per organization. Resolves
 * with how many escalations and reminders were sent.
 */
export async function escalateAlerts(deps: EscalationDeps, nowMs: number, scope: JobScope = {}) {
  const now = new Date(nowMs);
  const due = await deps.db.transaction((tx) => dueExceptions(tx, now, deps.minuteMs, scope));
  const byOrg = new Map<string, Due[]>();
  for (const item of due) byOrg.set(item.org_id, [...(byOrg.get(item.org_id) ?? []), item]);
  let escalated = 0;
  let reminded = 0;
  for (const [orgId, items] of byOrg) {
    if (stopping(scope)) break;
    const done = await runOrganization(deps, orgId, items, now);
    escalated += done.steps.length;
    reminded += done.reminded;
    await publishExceptionChanges(deps, orgId, done.steps);
  }
  return { escalated, reminded };
}
