/**
 * A worksheet's XML made plain for exceljs's worksheet reader, which misreads what OOXML allows:
 * - a cell or row without its `r` attribute (optional: the position is then the next one) made it
 *   throw, failing the whole workbook: each is given the reference of its position;
 * - an ISO date cell (`t="d"`, `<v>2024-01-05</v>`) was read as a number (`2024`): it becomes the
 *   ISO text as date cells with a day serial read (`2024-01-05`, or `2024-01-05T14:30:15`);
 * - an error cell (`t="e"`, `#REF!`), on its own or as a formula's cached result, was dropped: it
 *   becomes its shown text.
 * The XML is rewritten tag by tag as it streams; a cell is held back until its `</c>` has arrived.
 */
import { StringDecoder } from 'node:string_decoder';

const CELL_OR_ROW = /<row\b([^>]*?)(\/?)>|<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const CELL_START = /<c[\s/>]/g;

function attribute(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(["'])(.*?)\\1`).exec(attrs);
  return m?.[2];
}
const withoutAttribute = (attrs: string, name: string) =>
  attrs.replace(new RegExp(`(?:^|\\s)${name}\\s*=\\s*(["']).*?\\1`), '');

/** 0-based column of an A1 reference's letters, or undefined. */
function columnOf(ref: string): number | undefined {
  const letters = /^\$?([A-Za-z]{1,3})/.exec(ref)?.[1];
  if (!letters) return undefined;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}
function columnLetters(i: number) {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** An ISO date cell's text as the import gives dates: the day, and the time to the second unless midnight. */
function isoDateText(text: string): string {
  const m = /^\s*(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)[\d.]*)?/.exec(text);
  if (!m) return text.trim();
  const time = m[2] ? (m[2].length === 5 ? `${m[2]}:00` : m[2]) : '00:00:00';
  return time === '00:00:00' ? (m[1] as string) : `${m[1]}T${time}`;
}

/** Rewrites the cells and rows of one complete stretch of sheet XML; `at` is the position so far. */
function rewrite(xml: string, at: { row: number; col: number }): string {
  return xml.replace(
    CELL_OR_ROW,
    (whole, rowAttrs?: string, rowEnd?: string, cellAttrs?: string, inner?: string) => {
      if (rowAttrs !== undefined) {
        const r = Number(attribute(rowAttrs, 'r'));
        at.row = Number.isInteger(r) && r > 0 ? r : at.row + 1;
        at.col = -1;
        return Number.isInteger(r) && r > 0 ? whole : `<row r="${at.row}"${rowAttrs}${rowEnd}>`;
      }
      let attrs = cellAttrs ?? '';
      const ref = attribute(attrs, 'r');
      const col = ref === undefined ? undefined : columnOf(ref);
      at.col = col ?? at.col + 1;
      if (col === undefined)
        attrs = ` r="${columnLetters(at.col)}${Math.max(at.row, 1)}"${withoutAttribute(attrs, 'r')}`;
      const type = attribute(attrs, 't');
      let body = inner;
      if (type === 'd' || type === 'e') {
        attrs = `${withoutAttribute(attrs, 't')} t="str"`;
        if (type === 'd' && body !== undefined)
          body = body.replace(/<v>([\s\S]*?)<\/v>/, (_, v: string) => `<v>${isoDateText(v)}</v>`);
      }
      if (attrs === cellAttrs && body === inner) return whole;
      return body === undefined ? `<c${attrs}/>` : `<c${attrs}>${body}</c>`;
    },
  );
}

/** Where the complete part of `buffer` ends: after its last tag, before a cell still open. */
function completeUpTo(buffer: string): number {
  let end = buffer.lastIndexOf('>') + 1;
  let last = -1;
  for (const m of buffer.matchAll(CELL_START)) if (m.index < end) last = m.index;
  if (last >= 0) {
    const rest = buffer.slice(last, end);
    const selfClosed = /^<c\b[^>]*\/>/.test(rest);
    if (!selfClosed && !rest.includes('</c>')) end = last;
  }
  return end;
}

export async function* plainSheetXml(source: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  const at = { row: 0, col: -1 };
  let pending = '';
  for await (const chunk of source) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    const end = completeUpTo(pending);
    if (end > 0) {
      yield rewrite(pending.slice(0, end), at);
      pending = pending.slice(end);
    }
  }
  pending += decoder.end();
  if (pending) yield rewrite(pending, at);
}
