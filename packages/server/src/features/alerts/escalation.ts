/**
 * Escalation of the exceptions nobody acknowledged, by the site's `alertSettings`
 * (docs/decisions/0395-alert-escalation.md):
 * - an exception still `open` `escalateAfterMinutes` after its time is mailed once to the site's
 *   `escalationEmails` (`escalated_at` set, change `escalated` on the live stream and webhooks);
 * - while it stays open, the emails of its zones (as its first mail went to) are reminded every
 *   `remindEveryMinutes` after its time or its last reminder, at most `maxReminders` times
 *   (`reminders`, `reminded_at`).
 * An acknowledged or resolved exception is neither escalated nor reminded. Each step is claimed by
 * one UPDATE whose WHERE repeats the rule, in the transaction that queues its mail and webhook: two
 * runs at once (two instances) mail each step once, and a step whose mail cannot be queued is
 * taken again at the next run.
 */
import type { AlertSettings, ExceptionRecord } from '@sightline/shared';
import { and, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { exceptions } from '../../db/schema.js';
import { type JobScope, stopping } from '../../platform/jobs.js';
import type { Mail } from '../../platform/mail.js';
import { type ExceptionStep, publishExceptionChanges } from '../exceptions/changes.js';
import * as exceptionsRepo from '../exceptions/repository.js';
import { enqueueExceptionWebhooks } from '../webhooks/outbox.js';
import { type AlertDeps, forMail, recipients } from './raise.js';

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
    AND x.time <= ${minutesAgo(now, escalateAfter, minuteMs)})`;
  const remind = sql`(${remindEvery} IS NOT NULL AND x.reminders < ${maxReminders}
    AND coalesce(x.reminded_at, x.time) <= ${minutesAgo(now, remindEvery, minuteMs)})`;
  return rows<Due>(
    tx,
    sql`SELECT x.org_id, x.id, s.alert_settings AS settings, ${escalate} AS escalate, ${remind} AS remind
      FROM exceptions x JOIN sites s ON s.id = x.site_id AND s.org_id = x.org_id
      WHERE x.state <> 'resolved' AND x.state = 'open' AND s.alert_settings <> '{}'::jsonb
        AND ${inScope(scope)} AND (${escalate} OR ${remind})
      ORDER BY x.org_id, x.time, x.id LIMIT ${BATCH}`,
  );
}

/** The rule's threshold as a Date. */
const before = (now: Date, minutes: number | undefined, minuteMs: number) =>
  new Date(now.getTime() - (minutes ?? 0) * minuteMs);

const link = (deps: AlertDeps, r: ExceptionRecord) =>
  deps.publicUrl ? `\n\n${deps.publicUrl}/exceptions/${r._id}?site=${r.site}` : '';

/** Claims and mails one exception's escalation; the record when it was escalated now. */
async function escalateOne(deps: EscalationDeps, tx: Tx, due: Due, now: Date) {
  const minutes = due.settings.escalateAfterMinutes;
  const to = [...new Set(due.settings.escalationEmails ?? [])].sort();
  if (minutes === undefined || !to.length) return undefined;
  const claimed = await tx
    .update(exceptions)
    .set({ escalatedAt: now })
    .where(
      and(
        eq(exceptions.orgId, due.org_id),
        eq(exceptions.id, due.id),
        eq(exceptions.state, 'open'),
        isNull(exceptions.escalatedAt),
        sql`${exceptions.time} <= ${before(now, minutes, deps.minuteMs).toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: exceptions.id });
  if (!claimed.length) return undefined;
  const [record] = await exceptionsRepo.findExceptions(tx, due.org_id, [due.id]);
  if (!record) return undefined;
  const { about, message } = await forMail(tx, due.org_id, record);
  const mail: Mail = {
    to,
    subject: `Escalated: ${about}`,
    text: `${message}.\n\nNobody has acknowledged this alert ${minutes} minute(s) after it was raised.${link(deps, record)}`,
  };
  await deps.mailer?.send(mail, { tx });
  return record;
}

/** Claims and mails one reminder to the exception's zones; true when one was sent now. */
async function remindOne(deps: EscalationDeps, tx: Tx, due: Due, now: Date) {
  const every = due.settings.remindEveryMinutes;
  const max = due.settings.maxReminders ?? 0;
  if (every === undefined || max < 1) return false;
  const claimed = await tx
    .update(exceptions)
    .set({ reminders: sql`${exceptions.reminders} + 1`, remindedAt: now })
    .where(
      and(
        eq(exceptions.orgId, due.org_id),
        eq(exceptions.id, due.id),
        eq(exceptions.state, 'open'),
        lt(exceptions.reminders, max),
        sql`coalesce(${exceptions.remindedAt}, ${exceptions.time}) <= ${before(now, every, deps.minuteMs).toISOString()}::timestamptz`,
      ),
    )
    .returning({ reminders: exceptions.reminders });
  const count = claimed[0]?.reminders;
  if (count === undefined) return false;
  const [record] = await exceptionsRepo.findExceptions(tx, due.org_id, [due.id]);
  if (!record) return false;
  // A reminder goes where the alert's first mail went: its zone's emails (or its endpoint's zones').
  const to = await recipients(tx, due.org_id, record.zone, record.endpoint);
  if (!to.length) return true;
  const { about, message } = await forMail(tx, due.org_id, record);
  await deps.mailer?.send(
    {
      to,
      subject: `Reminder: ${about}`,
      text: `${message}.\n\nThis alert is still open (reminder ${count} of ${max}).${link(deps, record)}`,
    },
    { tx },
  );
  return true;
}

/**
 * One run: escalates and reminds what is due at `now`, each exception in its own transaction.
 * Resolves with how many escalations and reminders were sent.
 */
export async function escalateAlerts(deps: EscalationDeps, nowMs: number, scope: JobScope = {}) {
  const now = new Date(nowMs);
  const due = await deps.db.transaction((tx) => dueExceptions(tx, now, deps.minuteMs, scope));
  let escalated = 0;
  let reminded = 0;
  for (const item of due) {
    if (stopping(scope)) break;
    const done = await deps.db.transaction(async (tx) => {
      const record = item.escalate ? await escalateOne(deps, tx, item, now) : undefined;
      const remindedNow = item.remind ? await remindOne(deps, tx, item, now) : false;
      const step: ExceptionStep | undefined = record && { change: 'escalated', record };
      if (step) await enqueueExceptionWebhooks(tx, item.org_id, [step]);
      return { step, remindedNow };
    });
    if (done.remindedNow) reminded++;
    if (!done.step) continue;
    escalated++;
    await publishExceptionChanges(deps, item.org_id, [done.step]);
  }
  return { escalated, reminded };
}
