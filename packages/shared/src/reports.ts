/**
 * Reports: the report types and formats, the saved report
 * configurations, the ad-hoc and by-config report calls, and the JSON shape every report answers.
 */
import { z } from 'zod';
import { THING_CLASSES } from './constants.js';
import { IsoTime } from './dates.js';
import { Id } from './ids.js';
import { listQuery } from './list.js';
import { MSG } from './messages.js';

export const REPORT_TYPES = [
  'reportTypeSeen',
  'reportTypeNotSeen',
  'reportTypeCategories',
  'reportTypeZoneDurations',
  'reportTypeEvents',
  'reportTypeExceptions',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const ReportTypeSchema = z.enum(REPORT_TYPES, { error: 'Please select an item.' });

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  reportTypeSeen: 'Seen',
  reportTypeNotSeen: 'Not Seen',
  reportTypeCategories: 'Categories',
  reportTypeZoneDurations: 'Zone Durations',
  reportTypeEvents: 'Activity',
  reportTypeExceptions: 'Exceptions',
};

export const REPORT_FORMATS = ['excel', 'csv', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const ReportFormatSchema = z.enum(REPORT_FORMATS, { error: 'Please select an item.' });
export const REPORT_FORMAT_LABELS: Record<ReportFormat, string> = {
  excel: 'Excel (xlsx)',
  csv: 'CSV',
  json: 'JSON',
};

/** GET api/reporttypes and api/reportformat: `[{ id, name }]`. */
export const ReportOption = z.object({ id: z.string(), name: z.string() });
export type ReportOption = z.infer<typeof ReportOption>;
export const REPORT_TYPE_OPTIONS: ReportOption[] = REPORT_TYPES.map((id) => ({
  id,
  name: REPORT_TYPE_LABELS[id],
}));
export const REPORT_FORMAT_OPTIONS: ReportOption[] = REPORT_FORMATS.map((id) => ({
  id,
  name: REPORT_FORMAT_LABELS[id],
}));

/** How a column's values are typed: dates are ISO times, durations nanoseconds, days YYYY-MM-DD. */
export const COLUMN_KINDS = ['text', 'number', 'date', 'day', 'duration'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];
export const ReportColumn = z.object({ key: z.string(), header: z.string(), kind: z.enum(COLUMN_KINDS) });
export type ReportColumnDef = z.infer<typeof ReportColumn>;

/**
 * The columns of each type, in their default order. `headings` of a config choose among these keys
 * and may rename them. The Activity type's `zoneHours` becomes one "Hours in {zone}" column per zone.
 */
export const REPORT_COLUMNS: Record<ReportType, ReportColumnDef[]> = {
  reportTypeSeen: [
    { key: 'name', header: 'Name', kind: 'text' },
    { key: 'class', header: 'Class', kind: 'text' },
    { key: 'tag', header: 'Tag', kind: 'text' },
    { key: 'categories', header: 'Categories', kind: 'text' },
    { key: 'zone', header: 'Last Zone', kind: 'text' },
    { key: 'firstSeen', header: 'First Seen', kind: 'date' },
    { key: 'lastSeen', header: 'Last Seen', kind: 'date' },
    { key: 'events', header: 'Events', kind: 'number' },
  ],
  reportTypeNotSeen: [
    { key: 'name', header: 'Name', kind: 'text' },
    { key: 'class', header: 'Class', kind: 'text' },
    { key: 'tag', header: 'Tag', kind: 'text' },
    { key: 'categories', header: 'Categories', kind: 'text' },
    { key: 'zone', header: 'Current Zone', kind: 'text' },
    { key: 'lastSeen', header: 'Last Seen', kind: 'date' },
  ],
  reportTypeCategories: [
    { key: 'zone', header: 'Zone', kind: 'text' },
    { key: 'category', header: 'Category', kind: 'text' },
    { key: 'count', header: 'Count', kind: 'number' },
  ],
  reportTypeZoneDurations: [
    { key: 'name', header: 'Name', kind: 'text' },
    { key: 'class', header: 'Class', kind: 'text' },
    { key: 'zone', header: 'Zone', kind: 'text' },
    { key: 'entry', header: 'Entry', kind: 'date' },
    { key: 'exit', header: 'Exit', kind: 'date' },
    { key: 'duration', header: 'Duration', kind: 'duration' },
  ],
  reportTypeEvents: [
    { key: 'name', header: 'Name', kind: 'text' },
    { key: 'class', header: 'Class', kind: 'text' },
    { key: 'day', header: 'Day', kind: 'day' },
    { key: 'firstSeen', header: 'First Seen', kind: 'date' },
    { key: 'lastSeen', header: 'Last Seen', kind: 'date' },
    { key: 'hours', header: 'Hours On Site', kind: 'duration' },
    { key: 'events', header: 'Events', kind: 'number' },
    { key: 'zoneHours', header: 'Hours in', kind: 'duration' },
  ],
  reportTypeExceptions: [
    { key: 'time', header: 'Time', kind: 'date' },
    { key: 'type', header: 'Type', kind: 'text' },
    { key: 'name', header: 'Thing', kind: 'text' },
    { key: 'zone', header: 'Zone', kind: 'text' },
    { key: 'message', header: 'Message', kind: 'text' },
  ],
};

export const REPORT_MSG = {
  nameRequired: 'Name is required',
  unknownZone: (id: string) => `unknown zone: ${id}`,
  unknownCategory: (id: string) => `unknown category: ${id}`,
  unknownHeading: (key: string) => `not a column of this report type: ${key}`,
  range: 'after must be before before',
  rangeTooLong: 'the date range may cover at most 366 days',
  notExcel: 'format must be excel or json',
  siteImmutable: 'site cannot be changed',
} as const;

/** A chosen column and its heading ('' keeps the default heading). */
export const ReportHeading = z.object({
  key: z.string().trim().min(1).max(100),
  label: z.string().trim().max(200).default(''),
});
export type ReportHeading = z.infer<typeof ReportHeading>;

const IdArray = z.array(Id).max(500).default([]);

/** Report config: Name, Type and Format are required. */
const ReportConfigFields = z.object({
  name: z
    .string({ error: REPORT_MSG.nameRequired })
    .trim()
    .min(1, REPORT_MSG.nameRequired)
    .max(200, MSG.tooLong(200)),
  type: ReportTypeSchema,
  format: ReportFormatSchema,
  email: z.boolean().default(false),
  zones: IdArray,
  categories: IdArray,
  headings: z.array(ReportHeading).max(50).default([]),
  site: Id,
});
export const ReportConfig = ReportConfigFields.extend({ _id: Id });
export type ReportConfig = z.infer<typeof ReportConfig>;

export const ReportConfigInput = ReportConfigFields.superRefine((v, ctx) => {
  const keys = new Set(REPORT_COLUMNS[v.type].map((c) => c.key));
  v.headings.forEach((h, i) => {
    if (!keys.has(h.key))
      ctx.addIssue({
        code: 'custom',
        path: ['headings', i, 'key'],
        message: REPORT_MSG.unknownHeading(h.key),
      });
  });
});
export type ReportConfigInput = z.infer<typeof ReportConfigInput>;
export type ReportConfigInputRaw = z.input<typeof ReportConfigInput>;

export const ReportConfigListQuery = listQuery().extend({ site: Id });
export type ReportConfigListQuery = z.infer<typeof ReportConfigListQuery>;
export const REPORT_CONFIG_SORT_FIELDS = ['name', 'type', 'format', 'email'] as const;

/** A report period; both ends optional (the default is the current day in the site's timezone). */
export const ReportRange = z.object({ after: IsoTime.optional(), before: IsoTime.optional() });
export type ReportRange = z.infer<typeof ReportRange>;
/** A period of one site: what every report call of a site takes. */
const SiteReportRange = ReportRange.extend({ site: Id });
/** Only items or only workers (the Activity screen's choice); both when absent. */
const ThingClassChoice = z.enum(THING_CLASSES).optional();

/** GET api/reports/{id}?after&before; `format` overrides the config's (the screen asks for json). */
export const ReportRunQuery = ReportRange.extend({ format: ReportFormatSchema.optional() });
export type ReportRunQuery = z.infer<typeof ReportRunQuery>;

/** POST api/reports/adhoc: JSON or the workbook. */
export const AdhocReportBody = SiteReportRange.extend({
  type: ReportTypeSchema,
  format: z.enum(['json', 'excel'], { error: REPORT_MSG.notExcel }).default('json'),
  categories: IdArray,
  zones: IdArray,
  class: ThingClassChoice,
  /**
   * Activity as JSON only: one page of things (with all their days), `limit` things per page — the
   * screen's paging; a month of a whole site is too many rows for one answer. Absent: every row.
   */
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type AdhocReportBody = z.infer<typeof AdhocReportBody>;

/** GET api/eventsbything/export (the Activity download). */
export const EventsByThingExportQuery = SiteReportRange.extend({ class: ThingClassChoice });
export type EventsByThingExportQuery = z.infer<typeof EventsByThingExportQuery>;

/** GET api/zonedurations/summary: time per zone in the range (the Zones History chart). */
export const ZoneTimeQuery = SiteReportRange;
export type ZoneTimeQuery = z.infer<typeof ZoneTimeQuery>;
export const ZoneTimeRow = z.object({
  zone: z.string(),
  zoneName: z.string(),
  /** Nanoseconds of stays inside the range. */
  total: z.number(),
  stays: z.number(),
});
export type ZoneTimeRow = z.infer<typeof ZoneTimeRow>;

/** The JSON every report answers: its columns and rows (values keyed by column key). */
export const ReportCell = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof ReportCell>;
export const ReportResult = z.object({
  type: ReportTypeSchema,
  name: z.string(),
  site: Id,
  timezone: z.string(),
  after: z.string(),
  before: z.string(),
  columns: z.array(ReportColumn),
  rows: z.array(z.record(z.string(), ReportCell)),
  /** Paged Activity: how many things have activity in the period (the rows are per thing and day). */
  total: z.number().optional(),
});
export type ReportResult = z.infer<typeof ReportResult>;

/** A duration in nanoseconds as h:mm:ss (hours may exceed 24). */
export function formatDurationNs(ns: number | null | undefined): string {
  if (ns === null || ns === undefined) return '';
  const total = Math.max(0, Math.round(ns / 1e9));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
