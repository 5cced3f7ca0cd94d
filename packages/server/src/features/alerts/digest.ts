/**
 * The escalation job's mail: one digest per recipient per run, listing every alert escalated to or
 * reminded to that address. Each alert is named as a mail names a worker (its pseudonym where its
 * site makes workers pseudonymous or hides them: an address identifies nobody), with its zone and
 * site, and its times on the site's clock in the console's form ("11/28/2026 02:05 pm (Europe/Berlin)").
 */
import {
  EXCEPTION_TYPE_LABELS,
  type ExceptionRecord,
  exceptionMessage,
  formatDateTimeIn,
  SiteSettings,
} from '@sightline/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sites } from '../../db/schema.js';
import type { Mail } from '../../platform/mail.js';
import { maskException, recipientView, type WorkerView, workerPseudonym } from '../privacy/pseudonyms.js';

/** One alert in a digest: escalated, or reminded (the reminder's number of the most). */
export interface DigestItem {
  record: ExceptionRecord;
  step: { kind: 'escalated'; afterMinutes: number } | { kind: 'reminder'; count: number; max: number };
}

interface SiteFacts {
  name: string;
  timezone: string;
  hidesWorkers: boolean;
}

/** What a digest needs of an organization: its sites and how recipients see its workers. */
export interface DigestContext {
  view: WorkerView;
  sites: ReadonlyMap<string, SiteFacts>;
  publicUrl?: string;
}

export async function digestContext(tx: Tx, orgId: string, publicUrl?: string): Promise<DigestContext> {
  const [view, found] = await Promise.all([
    recipientView(tx, orgId),
    tx
      .select({ id: sites.id, name: sites.name, timezone: sites.timezone, settings: sites.settings })
      .from(sites)
      .where(eq(sites.orgId, orgId)),
  ]);
  const facts = found.map((s) => {
    const hidesWorkers = SiteSettings.parse(s.settings ?? {}).hideWorkers === true;
    return [s.id, { name: s.name, timezone: s.timezone, hidesWorkers }] as const;
  });
  return { view, sites: new Map(facts), publicUrl };
}

/** "11/27/2026 04:20 pm (America/New_York)": a time of a mail, on the site's clock in the console's form. */
export const humanTime = (iso: string, timezone: string): string =>
  `${formatDateTimeIn(iso, timezone)} (${timezone})`;

/** The record as an address may see it: a worker by pseudonym where its site masks or hides workers. */
function forRecipient(ctx: DigestContext, record: ExceptionRecord, site: SiteFacts | undefined) {
  const masked = maskException(ctx.view, record);
  if (!site?.hidesWorkers || record.thingClass !== 'worker' || !record.thing) return masked;
  return { ...masked, thingName: workerPseudonym(record.thing) };
}

function itemText(ctx: DigestContext, item: DigestItem): string {
  const site = ctx.sites.get(item.record.site);
  const timezone = site?.timezone ?? 'UTC';
  const r = forRecipient(ctx, item.record, site);
  const subject = r.thingName ?? r.endpointName ?? 'No thing';
  const where = [r.zoneName && `zone ${r.zoneName}`, site && `site ${site.name}`].filter(Boolean).join(', ');
  // The message's own time (an endpoint offline since …) in the site's timezone too.
  const message = exceptionMessage({
    ...r,
    stayStart: r.stayStart === null ? null : humanTime(r.stayStart, timezone),
  });
  const step =
    item.step.kind === 'escalated'
      ? `Escalated: nobody acknowledged it within ${item.step.afterMinutes} minute(s).`
      : `Reminder ${item.step.count} of ${item.step.max}: still open.`;
  const link = ctx.publicUrl ? `\n  ${ctx.publicUrl}/exceptions/${r._id}?site=${r.site}` : '';
  return [
    `- ${EXCEPTION_TYPE_LABELS[r.type]}: ${subject}${where ? ` (${where})` : ''}`,
    // A zone-time message has no subject of its own ("was in Dock for longer than …").
    `  ${message.startsWith('was ') ? `${subject} ${message}` : message}.`,
    `  Raised ${humanTime(r.time, timezone)}. ${step}${link}`,
  ].join('\n');
}

/** The digest mail to one address. */
export function digestMail(ctx: DigestContext, to: string, items: readonly DigestItem[]): Mail {
  const [first] = items;
  const escalated = items.filter((i) => i.step.kind === 'escalated').length;
  let subject = `${items.length} open alerts nobody has acknowledged`;
  if (items.length === 1 && first) {
    const site = ctx.sites.get(first.record.site);
    const r = forRecipient(ctx, first.record, site);
    const about = `${EXCEPTION_TYPE_LABELS[r.type]}: ${r.thingName ?? r.endpointName ?? ''}`.trim();
    subject = `${first.step.kind === 'escalated' ? 'Escalated' : 'Reminder'}: ${about}`;
  }
  const intro =
    escalated > 0
      ? 'These alerts are still open and nobody has acknowledged them.'
      : 'These alerts are still open.';
  const text = `${intro}\n\n${items.map((i) => itemText(ctx, i)).join('\n\n')}\n`;
  return { to: [to], subject, text };
}
