/**
 * A one-sheet xlsx written as text straight into a zip stream (archiver, the zip library exceljs
 * itself writes with): the worksheet is a `<sheetData>` of rows, typed cells, and a fixed
 * stylesheet with the report formats. It is the package exceljs's streaming WorkbookWriter
 * produces for a report (same parts and styles, checked by reading it back with exceljs and
 * LibreOffice) but for text cells, which are inline strings here (docs/decisions/0280), and
 * without a cell object, a style lookup and an XML builder call per cell: the reports' 100,000-row
 * exports were bound by that per-cell work (docs/decisions/0035-report-workbooks-as-text.md).
 */
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { PassThrough, type Writable } from 'node:stream';
import type { Archiver, ArchiverOptions } from 'archiver';

// archiver 5 is CommonJS (a factory function); @types/archiver describes the same Archiver object.
const archiver = createRequire(import.meta.url)('archiver') as (
  format: 'zip',
  options?: ArchiverOptions,
) => Archiver;

/** How a column's cells are stored: text, a plain number, or a number shown as a day, date-time or duration. */
type XlsxKind = 'text' | 'number' | 'day' | 'date' | 'duration';

export interface XlsxColumn {
  header: string;
  kind: XlsxKind;
  width: number;
}

/** A cell: text for text columns (written unchanged, never evaluated), a number for the others (dates and durations as Excel day serials); null = empty. */
export type XlsxCell = string | number | null;

/** Style indexes in STYLES' cellXfs: the plain one, then bold (the header row) at +4. */
const STYLE: Record<XlsxKind, number> = { text: 0, number: 0, day: 1, date: 2, duration: 3 };
const BOLD = 4;

/** Excel's day serial of a Date whose UTC fields carry the wall clock. */
export const excelSerial = (wallClock: Date) => 25569 + wallClock.getTime() / 86_400_000;

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Markup characters, and the characters XML 1.0 cannot carry (built from a string: a literal would hold control characters). */
const SPECIAL = '[&<>"\'\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff]';
const NEEDS_ESCAPE = new RegExp(SPECIAL);
const ESCAPE_ALL = new RegExp(SPECIAL, 'g');
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data; characters XML cannot carry are dropped (as exceljs does). */
function xmlText(value: string) {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(ESCAPE_ALL, (c) => ESCAPES[c] ?? '');
}

/**
 * Characters XML would not keep as they are, in OOXML's own escape (`_xHHHH_`): a carriage return,
 * which an XML reader turns into a line feed, is `_x000D_`; text that already reads like an escape
 * has its `_` escaped (`_x005F_`), so a reader gives back exactly what was written.
 */
const ooxmlEscaped = (value: string) =>
  value.replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1').replaceAll('\r', '_x000D_');

/**
 * A text cell: an inline string (`t="inlineStr"`), which no spreadsheet evaluates, so the text is
 * written as it is — `=1+2` stays the four characters. (`t="str"` is reserved for a formula's cached
 * result.) Leading or trailing white space is kept with `xml:space="preserve"`.
 */
const textCell = (ref: string, style: string, value: string) =>
  `<c r="${ref}"${style} t="inlineStr"><is><t${/^\s|\s$/.test(value) ? ' xml:space="preserve"' : ''}>${xmlText(ooxmlEscaped(value))}</t></is></c>`;

/** A worksheet name Excel accepts: at most 31 characters, none of `[]:*?/\`. */
export const sheetName = (name: string) =>
  name
    .replace(/[[\]:*?/\\]/g, ' ')
    .slice(0, 31)
    .trim() || 'Report';

/** A1-style column letters of the 0-based column `i`. */
function columnLetters(i: number) {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`;
const ROOT_RELS = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
/** cellXfs: 0 plain, 1 day, 2 date-time, 3 duration ([h]:mm:ss is built-in format 46); 4–7 the same in bold. */
const STYLES = `${XML}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="2"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font><font><b/><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="8">${[
  0, 1,
]
  .flatMap((font) =>
    [0, 164, 165, 46].map(
      (fmt) =>
        `<xf numFmtId="${fmt}" fontId="${font}" fillId="0" borderId="0" xfId="0"${fmt ? ' applyNumberFormat="1"' : ''}${font ? ' applyFont="1"' : ''}/>`,
    ),
  )
  .join(
    '',
  )}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/></styleSheet>`;

const workbookXml = (name: string) =>
  `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr/><sheets><sheet sheetId="1" name="${xmlText(name)}" state="visible" r:id="rId2"/></sheets><calcPr calcId="171027"/></workbook>`;
const appXml = (name: string) =>
  `${XML}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Application>Sightline</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop><HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant><vt:i4>1</vt:i4></vt:variant></vt:vector></HeadingPairs><TitlesOfParts><vt:vector size="1" baseType="lpstr"><vt:lpstr>${xmlText(name)}</vt:lpstr></vt:vector></TitlesOfParts><LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged><AppVersion>16.0300</AppVersion></Properties>`;
const coreXml = (now: Date) => {
  const at = `${now.toISOString().slice(0, 19)}Z`;
  return `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>Sightline</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${at}</dcterms:modified></cp:coreProperties>`;
};

/** Rows are buffered into chunks of about this many characters before they go to the zip. */
const CHUNK = 1 << 16;

/**
 * Streams a one-sheet workbook to `out`: a bold header row, then `rows` as they come (backpressure
 * from `out` pauses the reading). Resolves when the zip is complete; rejects on an error of `rows`,
 * the zip or `out`.
 */
export async function writeSheet(
  out: Writable,
  sheetName: string,
  columns: XlsxColumn[],
  rows: AsyncIterable<XlsxCell[]>,
) {
  // Level 1: the sheet is repetitive XML; the default level costs ~3× the CPU for ~15 % smaller files.
  const zip = archiver('zip', { zlib: { level: 1 } });
  const failed = new Promise<never>((_, reject) => {
    zip.once('error', reject);
    out.once('error', reject);
    out.once('close', () => reject(new Error('output closed before the workbook was complete')));
  });
  failed.catch(() => {});
  zip.pipe(out);
  zip.append(CONTENT_TYPES, { name: '[Content_Types].xml' });
  zip.append(ROOT_RELS, { name: '_rels/.rels' });
  zip.append(coreXml(new Date()), { name: 'docProps/core.xml' });
  zip.append(appXml(sheetName), { name: 'docProps/app.xml' });
  zip.append(workbookXml(sheetName), { name: 'xl/workbook.xml' });
  zip.append(WORKBOOK_RELS, { name: 'xl/_rels/workbook.xml.rels' });
  zip.append(STYLES, { name: 'xl/styles.xml' });
  const sheet = new PassThrough();
  zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' });
  const finished = zip.finalize();
  finished.catch(() => {});

  const letters = columns.map((_, i) => columnLetters(i));
  const styles = columns.map((c) => STYLE[c.kind]);
  const cols = columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width}"${styles[i] ? ` style="${styles[i]}"` : ''} customWidth="1"/>`,
    )
    .join('');
  const header = columns
    .map((c, i) => textCell(`${letters[i]}1`, ` s="${(styles[i] ?? 0) + BOLD}"`, c.header))
    .join('');
  let chunk = `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetFormatPr defaultRowHeight="15"/>${
    cols ? `<cols>${cols}</cols>` : ''
  }<sheetData><row r="1">${header}</row>`;
  const flush = async () => {
    const more = sheet.write(chunk);
    chunk = '';
    if (!more) await Promise.race([once(sheet, 'drain'), failed]);
  };
  let r = 1;
  try {
    for await (const row of rows) {
      r++;
      chunk += `<row r="${r}">`;
      for (let i = 0; i < columns.length; i++) {
        const v = row[i];
        if (v === null || v === undefined || v === '') continue;
        const s = styles[i] ? ` s="${styles[i]}"` : '';
        if (typeof v === 'number') {
          if (Number.isFinite(v)) chunk += `<c r="${letters[i]}${r}"${s}><v>${v}</v></c>`;
        } else chunk += textCell(`${letters[i]}${r}`, s, v);
      }
      chunk += '</row>';
      if (chunk.length >= CHUNK) await flush();
    }
  } catch (err) {
    // The rows failed (a query, a closed response): stop the zip rather than leave it waiting,
    // detached first so that its end does not end `out` as if the file were complete.
    zip.unpipe(out);
    zip.abort();
    throw err;
  }
  chunk +=
    '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
  sheet.end(chunk);
  await Promise.race([finished, failed]);
  if (!out.writableFinished) await Promise.race([once(out, 'finish'), failed]);
}
