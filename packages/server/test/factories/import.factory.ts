/** Import factories: an xlsx workbook built with exceljs in the test, and the multipart body that uploads it. */
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
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

const ASSET_SHEET_HEADERS = ['Asset', 'EPC', 'Serial No', 'Group', 'Notes', 'Labels'];
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

/**
 * A zip entry for `makeZip`. `deflated` is raw deflate data made by `deflatedText` (so a bomb
 * of gigabytes is a few megabytes to build); `declaredSize` overrides the inflated size written in
 * the headers, to test readers that believe it.
 */
export interface ZipEntry {
  name: string;
  data?: Buffer;
  deflated?: DeflatedText;
  declaredSize?: number;
}

export interface DeflatedText {
  compressed: Buffer;
  size: number;
  crc: number;
}

/**
 * Raw deflate of `head + body × times + tail`, without ever holding the inflated text: each piece
 * is compressed on its own and ends with a full flush (byte-aligned, no reference back into an
 * earlier piece), so the compressed body can be repeated as it is.
 */
function deflatedText(head: string, body: string, times: number, tail: string): DeflatedText {
  const piece = (text: string, last: boolean) =>
    zlib.deflateRawSync(Buffer.from(text), {
      level: 9,
      finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH,
    });
  const bodyBytes = Buffer.from(body);
  let crc = zlib.crc32(head);
  for (let i = 0; i < times; i++) crc = zlib.crc32(bodyBytes, crc);
  crc = zlib.crc32(tail, crc);
  const bodyDeflated = piece(body, false);
  return {
    compressed: Buffer.concat([piece(head, false), ...Array(times).fill(bodyDeflated), piece(tail, true)]),
    size: Buffer.byteLength(head) + bodyBytes.length * times + Buffer.byteLength(tail),
    crc,
  };
}

/** A zip archive (PKWARE APPNOTE: local headers, then the central directory, then its end record). */
function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const stored = entry.data ?? Buffer.alloc(0);
    const data = entry.deflated?.compressed ?? stored;
    const size = entry.declaredSize ?? entry.deflated?.size ?? stored.length;
    const crc = entry.deflated?.crc ?? zlib.crc32(stored);
    const method = entry.deflated ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(method, 10);
    record.writeUInt32LE(crc >>> 0, 16);
    record.writeUInt32LE(data.length, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(record, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts of a one-sheet workbook around a worksheet and shared strings given as entries. */
function xlsxEntries(sheet: ZipEntry['data'] | DeflatedText, sharedStrings?: Buffer | DeflatedText) {
  const part = (name: string, content: Buffer | DeflatedText | undefined): ZipEntry =>
    Buffer.isBuffer(content) || content === undefined ? { name, data: content } : { name, deflated: content };
  const entries: ZipEntry[] = [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Assets" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_REL_NS}">` +
          `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
  ];
  if (sharedStrings) entries.push(part('xl/sharedStrings.xml', sharedStrings));
  entries.push(part('xl/worksheets/sheet1.xml', sheet));
  return entries;
}

/** A column's letters: 1 → A, 27 → AA. */
function columnName(n: number): string {
  let name = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) name = String.fromCharCode(65 + ((k - 1) % 26)) + name;
  return name;
}

/** A worksheet's XML around the given `<row>` elements. */
const worksheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN_NS}"><sheetData>${rows}</sheetData></worksheet>`;

/** A workbook of one sheet with exactly the given `<row>` XML (cells as another program writes them). */
export const xlsxWithRows = (rows: string) => makeZip(xlsxEntries(Buffer.from(worksheetXml(rows))));

/** A sheet whose header cell is shared string 0 and row 2's first cell shared string 1. */
const SHARED_STRING_SHEET = worksheetXml(
  '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>',
);

/**
 * The xlsx bombs the sheet reader must refuse, each small to send: shared strings that inflate to
 * `megabytes` (`declared` false: the headers claim 1 kB), one shared string or one inline cell of
 * `chars` characters, `entries` empty files, and `depth` nested elements.
 */
export const xlsxBomb = {
  sharedStrings(megabytes: number, declared = true) {
    const si = `<si><t>${'A'.repeat(1000)}</t></si>`.repeat(1024);
    const body = deflatedText(`<?xml version="1.0"?><sst xmlns="${MAIN_NS}">`, si, megabytes, '</sst>');
    const entries = xlsxEntries(Buffer.from(SHARED_STRING_SHEET), body);
    if (!declared) for (const e of entries) if (e.deflated) e.declaredSize = 1000;
    return makeZip(entries);
  },
  longSharedString(chars: number) {
    const chunk = 'B'.repeat(Math.min(chars, 1024 * 1024));
    const text = deflatedText(
      `<?xml version="1.0"?><sst xmlns="${MAIN_NS}"><si><t>Name</t></si><si><t>`,
      chunk,
      Math.ceil(chars / chunk.length),
      '</t></si></sst>',
    );
    return makeZip(xlsxEntries(Buffer.from(SHARED_STRING_SHEET), text));
  },
  longInlineCell(chars: number) {
    const chunk = 'C'.repeat(Math.min(chars, 1024 * 1024));
    const head = worksheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>').split(
      '</sheetData>',
    )[0];
    const sheet = deflatedText(
      `${head}<row r="2"><c r="A2" t="inlineStr"><is><t>`,
      chunk,
      Math.ceil(chars / chunk.length),
      '</t></is></c></row></sheetData></worksheet>',
    );
    return makeZip(xlsxEntries(sheet));
  },
  /** Under a header row, every cell of rows × columns names one shared string of `chars` characters. */
  repeatedCells(rows: number, columns: number, chars: number) {
    const strings = `<?xml version="1.0"?><sst xmlns="${MAIN_NS}"><si><t>${'D'.repeat(chars)}</t></si></sst>`;
    const letters = Array.from({ length: columns }, (_, i) => columnName(i + 1));
    const header = `<row r="1">${letters.map((c) => `<c r="${c}1" t="inlineStr"><is><t>${c}</t></is></c>`).join('')}</row>`;
    const xml = worksheetXml(
      header +
        Array.from(
          { length: rows },
          (_, r) =>
            `<row r="${r + 2}">${letters.map((c) => `<c r="${c}${r + 2}" t="s"><v>0</v></c>`).join('')}</row>`,
        ).join(''),
    );
    return makeZip(xlsxEntries(deflatedText(xml, '', 0, ''), Buffer.from(strings)));
  },
  entries(count: number) {
    const fillers = Array.from({ length: count }, (_, i) => ({ name: `xl/media/filler${i}.bin` }));
    const strings = Buffer.from(`<sst xmlns="${MAIN_NS}"><si><t>Name</t></si><si><t>Pump</t></si></sst>`);
    return makeZip([...xlsxEntries(Buffer.from(SHARED_STRING_SHEET), strings), ...fillers]);
  },
  /** `depth` nested elements, closed again when there are few enough to write out. */
  nesting(depth: number) {
    const sheet = deflatedText(
      `${worksheetXml('').split('</sheetData>')[0]}<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>`,
      '<x>'.repeat(Math.min(depth, 1024)),
      Math.ceil(depth / 1024),
      `${depth <= 100_000 ? '</x>'.repeat(depth) : ''}</sheetData></worksheet>`,
    );
    return makeZip(xlsxEntries(sheet));
  },
  /** `count` empty shared strings. */
  manyStrings(count: number) {
    const strings = deflatedText(
      `<?xml version="1.0"?><sst xmlns="${MAIN_NS}"><si><t>Name</t></si><si><t>Pump</t></si>`,
      '<si><t></t></si>'.repeat(1000),
      Math.ceil(count / 1000),
      '</sst>',
    );
    return makeZip(xlsxEntries(Buffer.from(SHARED_STRING_SHEET), strings));
  },
  /** Shared strings whose DTD defines an entity that names another ten times, nine levels deep. */
  entities() {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join(
      '',
    );
    const strings = Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY l0 "lol">${levels}]>` +
        `<sst xmlns="${MAIN_NS}"><si><t>Name</t></si><si><t>&l9;</t></si></sst>`,
    );
    return makeZip(xlsxEntries(Buffer.from(SHARED_STRING_SHEET), strings));
  },
};
