/**
 * CSV as spreadsheets and RFC 4180 readers take it: records end with CRLF, and the file starts with
 * a UTF-8 byte order mark so that Excel reads accents as UTF-8 rather than the local code page.
 * A spreadsheet opening a CSV evaluates a field that starts like a formula, so such text gets a
 * leading apostrophe; xlsx text cells are never evaluated and are written unchanged. A field holding
 * a bare CR or LF is quoted: unquoted, a reader would start a new record there, and the text after
 * the line break would open as a cell of its own, evaluated when it starts like a formula.
 */
export const CSV_FORMAT = { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

/** A text that starts like a formula (= + - @, or tab / carriage return) gets a leading apostrophe. */
export const csvText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
