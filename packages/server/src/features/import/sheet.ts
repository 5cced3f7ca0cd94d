/**
 * Reads the first sheet of an uploaded xlsx. The archive is opened through its central directory
 * and every part inflates within a budget and the XML bounds (archive.ts); exceljs's own readers
 * turn the workbook, its shared strings and the sheet into rows, fed from those parts. Rows are
 * counted as they stream, so a sheet past a limit stops early instead of filling memory. Formula
 * cells give their cached result (formulas are never evaluated); the header row is the first
 * non-empty row. Cells arrive as a person reads them in the spreadsheet: the stylesheet is read so
 * that a date cell is a date (ISO 8601 text, `2024-01-05`, not its day serial 45292) and a number
 * is its shown value (`00123` under format `00000`, `0.3` rather than 0.30000000000000004).
 */
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_SHARED_STRINGS,
  IMPORT_MAX_SHEET_CHARS,
  IMPORT_MSG,
  type ImportSheet,
  type SheetRow,
} from '@sightline/shared';
import ExcelJS from 'exceljs';
import { format as formatNumber, isDateFormat } from 'numfmt';
import { badRequest, HttpError } from '../../platform/errors.js';
import { openArchive, type SheetArchive } from './archive.js';
import { plainSheetXml } from './sheet-xml.js';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';

type SharedString = string | { richText: { text: string | null }[] } | null;

/**
 * The parts of exceljs's streaming workbook reader used here: its readers of the workbook's
 * relationships, the workbook, the shared strings and a worksheet, each given one part. Its own
 * `parse` is not used: that one reads the zip through the local headers, unbounded.
 */
interface WorkbookParts {
  sharedStrings?: SharedString[];
  model?: { sheets?: { id: number; name: string; rId: string }[] };
  workbookRels?: { Id: string; Type: string; Target: string }[];
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(part: Readable, sheetNo: string): Generator<{ value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

/**
 * A date as ISO 8601 text: the day alone at midnight, else the day and the time to the second.
 * Spreadsheet dates have no zone: the reader gives the wall clock in the UTC fields.
 */
function isoDate(date: Date) {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
}

/**
 * A number as the spreadsheet shows it under its number format. `General` (or none, or text `@`)
 * shows at most 15 significant digits — what a spreadsheet keeps — in plain notation, so float noise
 * goes and long serial numbers stay whole; other formats are applied (numfmt).
 */
function shownNumber(value: number, numFmt?: string) {
  if (!Number.isFinite(value)) return '';
  // A formula's cached date result arrives as its day serial (1900 system: day 25569 is 1970-01-01).
  if (numFmt && isDateFormat(numFmt)) return isoDate(new Date(Math.round((value - 25569) * 86_400_000)));
  if (numFmt && numFmt !== 'General' && numFmt !== '@') {
    try {
      return formatNumber(numFmt, value);
    } catch {
      // a format the formatter does not know: shown as General
    }
  }
  const shown = Number(value.toPrecision(15));
  return Math.abs(shown) >= 1e21 || (shown !== 0 && Math.abs(shown) < 1e-6)
    ? String(shown)
    : shown.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** OOXML's escape of characters XML would not keep (`_x000D_` a carriage return, `_x005F_` a `_`). */
const ooxmlUnescaped = (text: string) =>
  text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : text;

/**
 * A cell's value as text: dates as ISO, numbers as shown, formulas by their result (a formula
 * saved without one, by its text: `=SUM(A1:A2)`), rich text by its runs, errors as shown (`#REF!`).
 */
function cellText(value: unknown, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return ooxmlUnescaped(value);
  if (typeof value === 'number') return shownNumber(value, numFmt);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'object') {
    const v = value as {
      formula?: string;
      result?: unknown;
      richText?: { text: string }[];
      text?: unknown;
      error?: unknown;
    };
    if ('formula' in v || 'sharedFormula' in v) {
      if (v.result === undefined || (typeof v.result === 'number' && Number.isNaN(v.result)))
        return v.formula ? `=${v.formula}` : '';
      return cellText(v.result, numFmt);
    }
    if (typeof v.error === 'string') return v.error;
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return cellText(v.text);
  }
  return '';
}

const textLength = (s: SharedString) =>
  typeof s === 'string' ? s.length : (s?.richText.reduce((n, r) => n + (r.text?.length ?? 0), 0) ?? 0);

function rowCells(row: ExcelJS.Row): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, col) => {
    if (col > IMPORT_MAX_COLUMNS) throw badRequest(IMPORT_MSG.tooManyColumns(IMPORT_MAX_COLUMNS));
    const text = cellText(cell.value, cell.numFmt);
    if (text.length > IMPORT_MAX_CELL_CHARS)
      throw badRequest(IMPORT_MSG.cellTooLong(cell.address, IMPORT_MAX_CELL_CHARS));
    cells[col - 1] = text.replaceAll('\0', '').trim();
  });
  const all = Array.from(cells, (c) => c ?? '');
  while (all.length && all.at(-1) === '') all.pop();
  return all;
}

/** A relationship's target as a part name (targets are relative to `xl/` unless absolute). */
const partName = (target: string) =>
  target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`);

/** The shared strings, each checked as the reader adds it: at most so many, none too long. */
async function readSharedStrings(book: WorkbookParts, archive: SheetArchive) {
  const rel = book.workbookRels?.find((r) => r.Type.endsWith('/sharedStrings'));
  const name = rel ? partName(rel.Target) : SHARED_STRINGS;
  if (!archive.has(name)) return;
  let checked = 0;
  const check = () => {
    const strings = book.sharedStrings ?? [];
    if (strings.length > IMPORT_MAX_SHARED_STRINGS)
      throw new HttpError(413, IMPORT_MSG.tooManyStrings(IMPORT_MAX_SHARED_STRINGS));
    for (; checked < strings.length; checked++) {
      if (textLength(strings[checked] ?? null) > IMPORT_MAX_CELL_CHARS)
        throw badRequest(IMPORT_MSG.textTooLong(IMPORT_MAX_CELL_CHARS));
    }
  };
  for await (const _ of book._parseSharedStrings(archive.open(name, check))) {
    // cached on the reader, not emitted
  }
  check();
}

async function readFirstSheet(archive: SheetArchive): Promise<ImportSheet> {
  if (!archive.has(WORKBOOK) || !archive.has(WORKBOOK_RELS)) throw badRequest(IMPORT_MSG.unreadable);
  const book = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  }) as unknown as WorkbookParts;
  await book._parseRels(archive.open(WORKBOOK_RELS));
  await book._parseWorkbook(archive.open(WORKBOOK));
  const first = book.model?.sheets?.[0];
  const rel = first && book.workbookRels?.find((r) => r.Id === first.rId);
  if (!first || !rel || !archive.has(partName(rel.Target))) throw badRequest(IMPORT_MSG.unreadable);
  await readSharedStrings(book, archive);
  const stylesRel = book.workbookRels?.find((r) => r.Type.endsWith('/styles'));
  const styles = stylesRel ? partName(stylesRel.Target) : STYLES;
  if (archive.has(styles)) await book._parseStyles(archive.open(styles));
  const xml = Readable.from(plainSheetXml(archive.open(partName(rel.Target))));
  const worksheet = book._parseWorksheet(xml, String(first.id)).next().value;
  if (!worksheet) throw badRequest(IMPORT_MSG.unreadable);

  let headers: string[] | undefined;
  const rows: SheetRow[] = [];
  let chars = 0;
  for await (const row of worksheet.value) {
    const cells = rowCells(row);
    if (!cells.some(Boolean)) continue;
    for (const cell of cells) chars += cell.length;
    if (chars > IMPORT_MAX_SHEET_CHARS)
      throw new HttpError(413, IMPORT_MSG.sheetTooLarge(IMPORT_MAX_SHEET_CHARS));
    if (!headers) {
      headers = cells;
      continue;
    }
    if (rows.length >= IMPORT_MAX_ROWS) throw badRequest(IMPORT_MSG.tooManyRows(IMPORT_MAX_ROWS));
    rows.push({ line: row.number, cells });
  }
  if (!headers) throw badRequest(IMPORT_MSG.noHeader);
  return { sheet: first.name, headers, rows };
}

export async function readSheet(file: Buffer): Promise<ImportSheet> {
  if (file.length < 4 || !file.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest(IMPORT_MSG.unreadable);
  const archive = await openArchive(file);
  let sheet: ImportSheet;
  try {
    sheet = await readFirstSheet(archive);
  } catch (error) {
    // A limit answers as it is; anything else the readers stumbled on is a broken workbook.
    if (error instanceof HttpError && error.statusCode < 500) throw error;
    throw badRequest(IMPORT_MSG.unreadable);
  } finally {
    archive.close();
  }
  const named = sheet.headers;
  const twice = named.find((h, i) => h !== '' && named.indexOf(h) !== i);
  if (twice !== undefined) throw badRequest(IMPORT_MSG.headerTwice(twice));
  if (named.includes('__proto__')) throw badRequest(IMPORT_MSG.reservedHeader);
  return sheet;
}
