/**
 * Writing a report table as xlsx (exceljs streaming WorkbookWriter, row by row: flat memory), CSV
 * (csv-stringify) or JSON. Dates are the site's wall clock — real Excel dates in the workbook —
 * durations `[h]:mm:ss`, and text that a spreadsheet could run as a formula is neutralised.
 */
import { PassThrough, type Writable } from 'node:stream';
import {
  formatDurationNs,
  type ReportCell,
  type ReportColumnDef,
  type ReportResult,
} from '@sightline/shared';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeCell, wallClock, XLSX_TYPE } from '../things/export.js';
import type { ReportRow, ReportTable } from './tables.js';

const NS_PER_DAY = 86_400e9;
const NUM_FMT: Partial<Record<ReportColumnDef['kind'], string>> = {
  date: 'yyyy-mm-dd hh:mm:ss',
  day: 'yyyy-mm-dd',
  duration: '[h]:mm:ss',
};

/** A worksheet name Excel accepts: at most 31 characters, none of `[]:*?/\`. */
export const sheetName = (name: string) =>
  name
    .replace(/[[\]:*?/\\]/g, ' ')
    .slice(0, 31)
    .trim() || 'Report';

/** The cell value as the workbook stores it. */
function xlsxValue(kind: ReportColumnDef['kind'], value: ReportCell | undefined, timeZone: string) {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'date':
      return wallClock(new Date(value), timeZone);
    case 'day':
      return new Date(`${value}T00:00:00Z`);
    case 'duration':
      return Number(value) / NS_PER_DAY;
    case 'number':
      return Number(value);
    default:
      return safeCell(String(value));
  }
}

/** The cell as CSV text: the same wall clock and durations a person reads in the workbook. */
function csvValue(kind: ReportColumnDef['kind'], value: ReportCell | undefined, timeZone: string) {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'date':
      return wallClock(new Date(value), timeZone).toISOString().slice(0, 19).replace('T', ' ');
    case 'duration':
      return formatDurationNs(Number(value));
    case 'number':
    case 'day':
      return String(value);
    default:
      return safeCell(String(value));
  }
}

export async function writeXlsx(out: Writable, title: string, timeZone: string, table: ReportTable) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName(title));
  sheet.columns = table.columns.map((c) => ({
    header: c.kind === 'date' ? `${c.header} (${timeZone})` : c.header,
    key: c.key,
    width: c.kind === 'text' ? 28 : 22,
    style: NUM_FMT[c.kind] ? { numFmt: NUM_FMT[c.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const row of table.rows) {
    const values: Record<string, unknown> = {};
    for (const c of table.columns) values[c.key] = xlsxValue(c.kind, row[c.key], timeZone);
    sheet.addRow(values).commit();
  }
  sheet.commit();
  await workbook.commit();
}

export async function writeCsv(out: Writable, timeZone: string, table: ReportTable) {
  const csv = stringify({
    header: true,
    columns: table.columns.map((c) => ({ key: c.key, header: c.header })),
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
