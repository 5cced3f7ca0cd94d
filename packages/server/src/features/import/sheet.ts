/**
 * Reads the first sheet of an uploaded xlsx with exceljs's streaming reader: rows are counted as
 * they stream, so a sheet past the row limit stops early instead of filling memory. Formula cells
 * give their cached result (formulas are never evaluated); the header row is the first non-empty row.
 */
import { Readable } from 'node:stream';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MSG,
  type ImportSheet,
  type SheetRow,
} from '@sightline/shared';
import ExcelJS from 'exceljs';
import { badRequest } from '../../platform/errors.js';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A cell's value as text: formulas by their result, rich text by its runs, errors as empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: unknown };
    if ('formula' in v || 'sharedFormula' in v) return cellText(v.result);
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return cellText(v.text);
  }
  return '';
}

function rowCells(row: ExcelJS.Row): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, col) => {
    if (col > IMPORT_MAX_COLUMNS) throw badRequest(IMPORT_MSG.tooManyColumns(IMPORT_MAX_COLUMNS));
    cells[col - 1] = cellText(cell.value).replaceAll('\0', '').trim();
  });
  const all = Array.from(cells, (c) => c ?? '');
  while (all.length && all.at(-1) === '') all.pop();
  return all;
}

export async function readSheet(file: Buffer): Promise<ImportSheet> {
  if (file.length < 4 || !file.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest(IMPORT_MSG.unreadable);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let headers: string[] | undefined;
  const rows: SheetRow[] = [];
  let sheet = '';
  try {
    for await (const worksheet of reader) {
      sheet = (worksheet as unknown as { name?: string }).name ?? 'Sheet1';
      for await (const row of worksheet) {
        const cells = rowCells(row);
        if (!cells.some(Boolean)) continue;
        if (!headers) {
          headers = cells;
          continue;
        }
        if (rows.length >= IMPORT_MAX_ROWS) throw badRequest(IMPORT_MSG.tooManyRows(IMPORT_MAX_ROWS));
        rows.push({ line: row.number, cells });
      }
      break; // the first sheet only
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 400) throw error;
    throw badRequest(IMPORT_MSG.unreadable);
  }
  if (!headers) throw badRequest(IMPORT_MSG.noHeader);
  const named = headers;
  const twice = named.find((h, i) => h !== '' && named.indexOf(h) !== i);
  if (twice !== undefined) throw badRequest(IMPORT_MSG.headerTwice(twice));
  if (named.includes('__proto__')) throw badRequest(IMPORT_MSG.reservedHeader);
  return { sheet, headers: named, rows };
}
