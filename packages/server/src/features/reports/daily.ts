/**
 * The daily report email (docs/decisions/0033-daily-report-email.md): every site with
 * `reportSettings.dailyTime` (HH:mm, site time) and `reportSettings.emails` gets one mail a day
 * with each of its configs whose `email` flag is set attached, covering the previous site-local
 * day.
 *
 * Exactly once: the run of a site and day is claimed by inserting `report_runs(site_id, day)`
 * (`ON CONFLICT DO NOTHING`) in the transaction that sends the mail, so of N instances one inserts
 * and sends, the others find the row; a failed send rolls the claim back and the next tick retries.
 * A run missed while every instance was down is due until the next day's run replaces it, so it
 * is sent once at the next start.
 */
import { PassThrough, type Writable } from 'node:stream';
import { formatDay, type ReportFormat, type ReportHeading, type ReportType } from '@sightline/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rows } from '../../db/client.js';
import type { SiteRow } from '../../db/rows.js';
import { reportRuns, sites } from '../../db/schema.js';
import { type Job, type JobScope, stopping } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail.js';
import { recipientView } from '../privacy/pseudonyms.js';
import { emailedConfigs } from '../reportconfigs/repository.js';
import { XLSX_TYPE } from '../things/export.js';
import { localClock, localDay } from './period.js';
import { fileName, toJson, writeCsv, writeXlsx } from './render.js';
import { prepare } from './service.js';

export const DAILY_REPORTS_JOB = 'reports.daily';
const DAILY_REPORTS_INTERVAL_MS = 60_000;

export interface DailyDeps {
  db: Db;
  mailer: Mailer;
  log?: FastifyBaseLogger;
}

const previousDate = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/**
 * The site-local day whose run is due at `now`: today once the daily time has passed, else
 * yesterday (a run missed while down) — but never a day before the site's first run.
 */
async function dueDay(db: Db, site: SiteRow, now: Date): Promise<string | undefined> {
  const { date, time } = localClock(now, site.timezone || 'UTC');
  if (time >= site.reportDailyTime) return date;
  const [any] = await db
    .select({ day: reportRuns.day })
    .from(reportRuns)
    .where(eq(reportRuns.siteId, site.id))
    .limit(1);
  return any ? previousDate(date) : undefined;
}

async function bufferOf(write: (out: Writable) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await write(out);
  return Buffer.concat(chunks);
}

/** One attachment per emailed config of the site, covering the site-local day `coveredDay`. */
async function attachmentsOf(db: Db, site: SiteRow, coveredDay: string, now: Date) {
  const configs = await emailedConfigs(db, site.orgId, site.id);
  const period = localDay(coveredDay, site.timezone || 'UTC');
  const files = [];
  const workers = await recipientView(db, site.orgId);
  for (const config of configs) {
    const report = await prepare(
      db,
      site.orgId,
      site,
      {
        name: config.name,
        type: config.type as ReportType,
        format: config.format as ReportFormat,
        zones: config.zones,
        categories: config.categories,
        headings: config.headings as ReportHeading[],
        workers,
      },
      period,
      now,
    );
    if (report.format === 'json') {
      const json = await toJson(
        {
          type: report.type,
          name: report.name,
          site: site.id,
          timezone: report.timeZone,
          after: report.after.toISOString(),
          before: report.before.toISOString(),
        },
        report.table,
      );
      files.push({
        filename: fileName(config.name, 'json'),
        content: Buffer.from(JSON.stringify(json, null, 2)),
        contentType: 'application/json',
      });
    } else if (report.format === 'csv') {
      files.push({
        filename: fileName(config.name, 'csv'),
        content: await bufferOf((out) => writeCsv(out, report.timeZone, report.table)),
        contentType: 'text/csv',
      });
    } else {
      files.push({
        filename: fileName(config.name, 'xlsx'),
        content: await bufferOf((out) => writeXlsx(out, report.name, report.timeZone, report.table)),
        contentType: XLSX_TYPE,
      });
    }
  }
  return files;
}

/** Sends the due daily mail of one site, unless another run (any instance) already sent it. */
async function sendSite(deps: DailyDeps, site: SiteRow, now: Date): Promise<boolean> {
  const day = await dueDay(deps.db, site, now);
  if (!day) return false;
  const claimed = (d: string) =>
    deps.db
      .select({ day: reportRuns.day })
      .from(reportRuns)
      .where(and(eq(reportRuns.siteId, site.id), eq(reportRuns.day, d)));
  if ((await claimed(day)).length) return false;
  const coveredDay = previousDate(day);
  const attachments = await attachmentsOf(deps.db, site, coveredDay, now);
  if (!attachments.length) return false;
  return deps.db.transaction(async (tx) => {
    const won = await rows<{ site_id: string }>(
      tx,
      sql`INSERT INTO report_runs (site_id, day, sent_at) VALUES (${site.id}, ${day}::date, ${now.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING RETURNING site_id`,
    );
    if (!won.length) return false;
    // Queued in the claiming transaction: the run and its mail commit together, or neither does.
    await deps.mailer.send(
      {
        to: site.reportEmails,
        subject: `Daily reports for ${site.name}: ${formatDay(coveredDay)}`,
        text: `Attached: the reports of ${site.name} for ${formatDay(coveredDay)} (${site.timezone || 'UTC'}).\n\n${attachments
          .map((a) => `- ${a.filename}`)
          .join('\n')}\n`,
        attachments,
      },
      { tx },
    );
    return true;
  });
}

/** Sends every due daily mail (of the scope's organizations); resolves with the sites mailed. */
export async function sendDailyReports(
  deps: DailyDeps,
  now: number,
  scope: JobScope = {},
): Promise<string[]> {
  const due = await deps.db
    .select()
    .from(sites)
    .where(
      and(
        ne(sites.reportDailyTime, ''),
        sql`cardinality(${sites.reportEmails}) > 0`,
        scope.orgIds ? inArray(sites.orgId, [...scope.orgIds, '']) : undefined,
      ),
    );
  const sent: string[] = [];
  for (const site of due) {
    if (stopping(scope)) break; // a site's day is sent once it is due, whichever run sends it
    try {
      if (await sendSite(deps, site, new Date(now))) sent.push(site.id);
    } catch (err) {
      // One site's failure (e.g. SMTP down) does not hold the others back; it is retried next tick.
      deps.log?.error({ err, site: site.id }, 'daily report mail failed');
    }
  }
  return sent;
}

export function dailyReportsJob(deps: DailyDeps): Job {
  return {
    name: DAILY_REPORTS_JOB,
    intervalMs: DAILY_REPORTS_INTERVAL_MS,
    run: async (now, _since, scope) => void (await sendDailyReports(deps, now, scope)),
  };
}
