/**
 * Raising and clearing the alerts no tracking batch raises (a thing missing, an endpoint offline,
 * an antenna disconnected): stored once (the unique keys make a second copy a no-op), then published
 * on the live stream, mailed to the emails of the zones concerned, and — for the system's own
 * resolutions — resolved with `resolvedBy: system`.
 */
import {
  EXCEPTION_TYPE_LABELS,
  type ExceptionRecord,
  exceptionMessage,
  RESOLVED_BY_SYSTEM,
} from '@sightline/shared';
import { and, inArray, ne, sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { exceptions } from '../../db/schema.js';
import type { LiveBus } from '../../platform/live.js';
import type { Mailer } from '../../platform/mail.js';
import { type ExceptionStep, publishExceptionChanges } from '../exceptions/changes.js';
import * as exceptionsRepo from '../exceptions/repository.js';
import { maskException, recipientView } from '../privacy/pseudonyms.js';
import { siteTimeZone } from '../sites/repository.js';
import { humanTime } from './digest.js';

export interface AlertDeps {
  db: Db;
  live: LiveBus;
  mailer?: Mailer;
  /** For links in the mails. */
  publicUrl?: string;
}

export type NewAlert = typeof exceptions.$inferInsert;

/** Stores the alerts not already open (by the unique keys); returns them as the API presents them. */
export async function storeAlerts(tx: Tx, orgId: string, alerts: NewAlert[]) {
  if (!alerts.length) return [];
  const stored = await tx
    .insert(exceptions)
    .values(alerts)
    .onConflictDoNothing()
    .returning({ id: exceptions.id });
  return exceptionsRepo.findExceptions(
    tx,
    orgId,
    stored.map((r) => r.id),
  );
}

/** Resolves the unresolved exceptions of `ids` as the system; returns them as presented. */
export async function resolveBySystem(tx: Tx, orgId: string, ids: readonly string[], now: Date) {
  if (!ids.length) return [];
  const changed = await tx
    .update(exceptions)
    .set({ state: 'resolved', resolvedBy: RESOLVED_BY_SYSTEM, resolvedAt: now })
    .where(
      and(
        sql`${exceptions.orgId} = ${orgId}`,
        inArray(exceptions.id, [...ids]),
        ne(exceptions.state, 'resolved'),
      ),
    )
    .returning({ id: exceptions.id });
  return exceptionsRepo.findExceptions(
    tx,
    orgId,
    changed.map((r) => r.id),
  );
}

/** The emails of the zones an alert concerns: the thing's zone, or the zones the endpoint gates. */
export async function recipients(db: Tx, orgId: string, zoneId: string | null, endpointId: string | null) {
  const found = await rows<{ email: string }>(
    db,
    sql`SELECT DISTINCT unnest(z.emails) AS email FROM zones z WHERE z.org_id = ${orgId}
      AND (z.id = ${zoneId} OR EXISTS (SELECT 1 FROM jsonb_array_elements(z.gates) g WHERE g->>'endpoint' = ${endpointId}))`,
  );
  return found.map((r) => r.email).sort();
}

/** The exception as a mail names it: a worker by its pseudonym where its site makes them so. */
async function forMail(tx: Tx | Db, orgId: string, record: ExceptionRecord) {
  const masked = maskException(await recipientView(tx, orgId), record);
  const about =
    `${EXCEPTION_TYPE_LABELS[record.type]}: ${masked.thingName ?? masked.endpointName ?? ''}`.trim();
  // Times in a mail read on the site's clock, in the console's form.
  const timeZone = await siteTimeZone(tx, orgId, record.site);
  // The message's own time (an endpoint offline since …) on the site's clock too.
  const message = exceptionMessage({
    ...masked,
    stayStart: masked.stayStart === null ? null : humanTime(masked.stayStart, timeZone),
  });
  return { about, message: `${message}. Raised ${humanTime(record.time, timeZone)}` };
}

/** After COMMIT: the live messages, and a mail for each alert raised. Never throws (the data is committed). */
export async function announce(deps: AlertDeps, orgId: string, steps: ExceptionStep[]) {
  await publishExceptionChanges(deps, orgId, steps);
  if (!deps.mailer) return;
  for (const { change, record } of steps) {
    if (change !== 'created') continue;
    try {
      const to = await recipients(deps.db, orgId, record.zone, record.endpoint);
      if (!to.length) continue;
      const link = deps.publicUrl ? `\n\n${deps.publicUrl}/exceptions/${record._id}?site=${record.site}` : '';
      const { about, message } = await forMail(deps.db, orgId, record);
      await deps.mailer.send({ to, subject: about, text: `${message}.${link}` });
    } catch {
      // A mail that fails is logged by the mailer; the alert is stored and shown.
    }
  }
}
