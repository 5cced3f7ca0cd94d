/**
 * Writing a report table as xlsx (xlsx.ts: the sheet XML streamed into a zip, row by row: flat memory), CSV
 * (csv-stringify) or JSON. Dates are the site's wall clock — real Excel dates in the workbook —
 * and their headers name the time zone in both files; durations `[h]:mm:ss`. Text is written as it
 * is in the workbook (never evaluated there); in CSV, text that a spreadsheet would run as a
 * formula is neutralised (platform/csv.ts).
 */
import { PassThrough, type Writable } from 'node:stream';
import {
  formatDurationNs,
  type ReportCell,
  type ReportColumnDef,
  type ReportResult,
  wallClockDate,
} from '@sightline/shared';
import { stringify } from 'csv-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSV_FORMAT, csvText } from '../../platform/csv.js';
import { excelSerial, sheetName, writeSheet, type XlsxCell } from '../../platform/xlsx.js';
import { XLSX_TYPE } from '../things/export.js';
import type { ReportRow, ReportTable } from './tables.js';

const NS_PER_DAY = 86_400e9;

const BUCKET_MS = 15 * 60_000;

/**
 * The wall clock of instants in one timezone as Excel day serials. `wallClock` (Intl) costs ~5–20 µs
 * a date — most of a 100,000-row export's time — so the UTC offset is kept per 15-minute bucket:
 * when the offsets at both ends of a bucket agree no transition lies inside it (zones change offset
 * at most once in 15 minutes, and at quarter hours), otherwise the instant is converted exactly.
 */
export function wallClockSerials(timeZone: string) {
  const offsets = new Map<number, number | null>();
  const offsetAt = (ms: number) => wallClockDate(new Date(ms), timeZone).getTime() - ms;
  return (date: Date) => {
    const ms = date.getTime();
    const bucket = Math.floor(ms / BUCKET_MS);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      if (offsets.size > 10_000) offsets.clear();
      const start = offsetAt(bucket * BUCKET_MS);
      offset = start === offsetAt((bucket + 1) * BUCKET_MS) ? start : null;
      offsets.set(bucket, offset);
    }
    return excelSerial(offset === null ? wallClockDate(date, timeZone) : new Date(ms + offset));
  };
}

/** The cell as the workbook stores it: dates, days and durations as Excel day serials. */
function xlsxValue(
  kind: ReportColumnDef['kind'],
  value: ReportCell | undefined,
  serial: (d: Date) => number,
): XlsxCell {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'date':
      return serial(new Date(value));
    case 'day':
      return excelSerial(new Date(`${value}T00:00:00Z`));
    case 'duration':
      return Number(value) / NS_PER_DAY;
    case 'number':
      return Number(value);
    default:
      return String(value);
  }
}

/** The cell as CSV text: the same wall clock and durations a person reads in the workbook. */
function csvValue(kind: ReportColumnDef['kind'], value: ReportCell | undefined, timeZone: string) {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'date':
      return wallClockDate(new Date(value), timeZone).toISOString().slice(0, 19).replace('T', ' ');
    case 'duration':
      return formatDurationNs(Number(value));
    case 'number':
    case 'day':
      return String(value);
    default:
      return csvText(String(value));
  }
}

/** A column's header; a date column names the time zone its wall clock is in. */
const columnHeader = (c: ReportColumnDef, timeZone: string) =>
  c.kind === 'date' ? `${c.header} (${timeZone})` : c.header;

export async function writeXlsx(out: Writable, title: string, timeZone: string, table: ReportTable) {
  const columns = table.columns;
  const serial = wallClockSerials(timeZone);
  async function* cells() {
    for await (const row of table.rows) yield columns.map((c) => xlsxValue(c.kind, row[c.key], serial));
  }
  await writeSheet(
    out,
    sheetName(title),
    columns.map((c) => ({
      header: columnHeader(c, timeZone),
      kind: c.kind,
      width: c.kind === 'text' ? 28 : 22,
    })),
    cells(),
  );
}

export async function writeCsv(out: Writable, timeZone: string, table: ReportTable) {
  const csv = stringify({
    ...CSV_FORMAT,
    header: true,
    columns: table.columns.map((c) => ({ key: c.key, header: columnHeader(c, timeZone) })),
  });
  csv.pipe(out);
  for await (const row of table.rows) {
    const values: Record<string, string> = {};
    for (const c of table.columns) values[c.key] = csvValue(c.kind, row[c.key], timeZone);
    if (!csv.write(values)) await new Promise((resolve) => csv.once('drain', resolve));
  }
  csv.end();
  await new Promise((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
  });
}

export async function toJson(
  meta: Omit<ReportResult, 'columns' | 'rows'>,
  table: ReportTable,
): Promise<ReportResult> {
  const rows: ReportRow[] = [];
  for await (const row of table.rows) {
    const picked: ReportRow = {};
    for (const c of table.columns) picked[c.key] = row[c.key] ?? null;
    rows.push(picked);
  }
  return {
    ...meta,
    columns: table.columns,
    rows,
    ...(table.total === undefined ? {} : { total: table.total }),
  };
}

/** A download file name from the report's name. */
export const fileName = (name: string, ext: string) =>
  `${
    name
      .replace(/[^A-Za-z0-9 ._-]/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'report'
  }.${ext}`;

/** Streams the workbook or CSV to the response; a failure after the first byte ends the stream. */
export function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  format: 'excel' | 'csv',
  filename: string,
  write: (out: Writable) => Promise<void>,
) {
  const out = new PassThrough();
  write(out).catch((err: Error) => {
    req.log.error({ err }, 'report failed while streaming');
    out.destroy(err);
  });
  const type = format === 'excel' ? XLSX_TYPE : 'text/csv; charset=utf-8';
  return reply
    .type(type)
    .header(
      'content-disposition',
      `attachment; filename="${fileName(filename, format === 'excel' ? 'xlsx' : 'csv')}"`,
    )
    .send(out);
}
