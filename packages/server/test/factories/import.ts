/** Import factories: an xlsx workbook built with exceljs in the test, and the multipart body that uploads it. */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';

export type SheetCell = string | number | boolean | null | { formula: string; result?: string | number };

/** An xlsx whose first sheet holds `rows` (the first is the header row). */
export async function makeXlsx(rows: SheetCell[][], sheetName = 'Assets'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart/form-data body with one file field, for `app.inject` or fetch. */
export function multipartFile(content: Buffer, filename: string, field = 'file') {
  const boundary = `----sightline${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const ASSET_SHEET_HEADERS = ['Asset', 'EPC', 'Serial No', 'Group', 'Notes', 'Labels'];
export const ASSET_SHEET_MAPPING = {
  Asset: 'name',
  EPC: 'tags1',
  'Serial No': 'serial',
  Group: 'categories',
  Notes: 'description',
  Labels: 'labels',
} as const;

/** The tag (without prefix) of the `k`th existing item an asset sheet updates. */
export const existingAssetTag = (k: number) => `E${k.toString(16).toUpperCase().padStart(7, '0')}`;

/**
 * A large asset sheet (header row first) for the import test and benchmark: every 25th row names
 * an existing item's tag (an update; `existing` of them), every 40th repeats an earlier row's tag
 * (a duplicate), every 100th has no tag (generated), every 500th a tag that is not hex (an error),
 * and row 2's name is a formula with its cached result.
 */
export function assetSheetRows(count: number, existing: number): SheetCell[][] {
  const groups = ['Tools', 'Power', 'Carts', 'Safety', 'Spares'];
  const rows: SheetCell[][] = [ASSET_SHEET_HEADERS];
  for (let i = 1; i <= count; i++) {
    let tag = i.toString(16).toUpperCase().padStart(8, '0');
    if (i % 100 === 0) tag = '';
    else if (i % 40 === 0) tag = (i - 17).toString(16).toUpperCase().padStart(8, '0');
    else if (i % 25 === 0 && existing > 0) tag = existingAssetTag((i / 25) % existing);
    if (i % 500 === 0) tag = `NOT-HEX-${i}`;
    const name: SheetCell =
      i === 1 ? { formula: 'CONCAT("Formula ","asset")', result: 'Formula asset' } : `Asset ${i}`;
    rows.push([
      name,
      tag,
      `SN-${i}`,
      groups[i % groups.length] ?? '',
      `Imported row ${i}`,
      i % 3 ? 'blue' : 'blue, heavy',
    ]);
  }
  return rows;
}
