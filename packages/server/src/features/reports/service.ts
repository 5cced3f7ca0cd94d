/**
 * Running reports (docs/decisions/0032-reports.md). Reading a report needs only access to its
 * site, as every read does. Everything is checked — the config, the site, the ids, the period
 * — before the first byte is written; the rows are then read while the response streams.
 */
import {
  type AdhocReportBody,
  type EventsByThingExportQuery,
  REPORT_TYPE_LABELS,
  type ReportFormat,
  type ReportHeading,
  type ReportRange,
  type ReportRunQuery,
  type ReportType,
  SiteSettings,
  type ZoneTimeQuery,
  type ZoneTimeRow,
} from '@sightline/shared';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import { type WorkerView, workerViewFor } from '../privacy/pseudonyms.js';
import { checkReferences, requireReportConfig } from '../reportconfigs/service.js';
import { hidesWorkers, requireSite } from '../sites/service.js';
import type { ThingPage } from './activity.js';
import { resolvePeriod } from './period.js';
import * as repo from './repository.js';
import { type ReportTable, reportTable } from './tables.js';

export interface PreparedReport {
  name: string;
  type: ReportType;
  format: ReportFormat;
  siteId: string;
  timeZone: string;
  after: Date;
  before: Date;
  table: ReportTable;
}

export interface ReportDefinition {
  name: string;
  type: ReportType;
  format: ReportFormat;
  zones: string[];
  categories: string[];
  headings: ReportHeading[];
  class?: 'item' | 'worker';
  /** Activity as JSON: one page of things. */
  paged?: ThingPage;
  /** What the reader may see of workers (pseudonymous workers by their pseudonym). */
  workers: WorkerView;
}

type SiteRow = Awaited<ReturnType<typeof requireSite>>;

/** Prepares a report of `site` (already checked) over `range`. */
export async function prepare(
  db: Db,
  orgId: string,
  site: SiteRow,
  def: ReportDefinition,
  range: ReportRange | { after: Date; before: Date },
  now = new Date(),
): Promise<PreparedReport> {
  const timeZone = site.timezone || 'UTC';
  const period =
    range.after instanceof Date && range.before instanceof Date
      ? { after: range.after, before: range.before }
      : resolvePeriod(range as ReportRange, timeZone, now);
  const settings = SiteSettings.parse(site.settings ?? {});
  const filter: repo.ReportFilter = {
    orgId,
    siteId: site.id,
    zones: def.zones,
    categories: def.categories,
    class: def.class,
    hideWorkers: settings.hideWorkers,
    workers: def.workers,
    after: period.after,
    before: period.before,
    timeZone,
  };
  const flatten = def.format !== 'json' && settings.flattenEventsExports;
  const paged = def.format === 'json' ? def.paged : undefined;
  const table = await reportTable(
    db,
    { type: def.type, headings: def.headings, flatten, paged },
    filter,
    now,
  );
  return { name: def.name, type: def.type, format: def.format, siteId: site.id, timeZone, ...period, table };
}

/** GET reports/{id}: the saved config over the period, in its format. */
export async function runConfig(db: Db, caller: Caller, id: string, range: ReportRunQuery) {
  const config = await requireReportConfig(db, caller, id);
  const site = await requireSite(db, caller, config.siteId);
  return prepare(
    db,
    caller.orgId,
    site,
    {
      name: config.name,
      type: config.type as ReportType,
      format: range.format ?? (config.format as ReportFormat),
      zones: config.zones,
      categories: config.categories,
      headings: config.headings as ReportHeading[],
      workers: await workerViewFor(db, caller),
    },
    range,
  );
}

/** POST reports/adhoc: any type for a site, its zones and categories, as JSON or a workbook. */
export async function runAdhoc(db: Db, caller: Caller, body: AdhocReportBody) {
  const site = await requireSite(db, caller, body.site);
  await checkReferences(db, caller.orgId, site.id, body);
  return prepare(
    db,
    caller.orgId,
    site,
    {
      name: REPORT_TYPE_LABELS[body.type],
      type: body.type,
      format: body.format,
      zones: body.zones,
      categories: body.categories,
      headings: [],
      class: body.class,
      paged: body.limit === undefined ? undefined : { limit: body.limit, page: body.page },
      workers: await workerViewFor(db, caller),
    },
    body,
  );
}

/** GET eventsbything/export: the Activity report of the site as a workbook. */
export async function eventsByThing(db: Db, caller: Caller, query: EventsByThingExportQuery) {
  const site = await requireSite(db, caller, query.site);
  return prepare(
    db,
    caller.orgId,
    site,
    {
      name: 'Activity',
      type: 'reportTypeEvents',
      format: 'excel',
      zones: [],
      categories: [],
      headings: [],
      class: query.class,
      workers: await workerViewFor(db, caller),
    },
    query,
  );
}

/**
 * GET zonedurations/summary: per zone of the site, the time of the closed stays within the period
 * and how many overlap it — the stays GET zonedurations lists (the Zones History chart and table).
 */
export async function zoneTimeSummary(db: Db, caller: Caller, query: ZoneTimeQuery): Promise<ZoneTimeRow[]> {
  const site = await requireSite(db, caller, query.site);
  const timeZone = site.timezone || 'UTC';
  const period = resolvePeriod(query, timeZone, new Date());
  const rows = await repo.zoneTimes(db, {
    orgId: caller.orgId,
    siteId: site.id,
    hideWorkers: hidesWorkers(site),
    zones: [],
    categories: [],
    timeZone,
    ...period,
  });
  return rows.map((r) => ({
    zone: r.zone_id,
    zoneName: r.zone_name,
    total: Math.round(Number(r.secs) * 1e9),
    stays: r.stays,
  }));
}
