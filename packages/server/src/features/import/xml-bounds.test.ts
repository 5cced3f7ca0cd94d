import { IMPORT_MAX_CELL_CHARS, IMPORT_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { makeXlsx } from '../../../test/factories.js';
import { openArchive } from './archive.js';
import { XML_MAX_DEPTH, XML_MAX_RUN, XmlBounds } from './xml-bounds.js';

/** Scans the XML in chunks of `size` bytes; the message of the refusal, or 'ok'. */
function scan(xml: string, size = 7) {
  const bounds = new XmlBounds();
  const bytes = Buffer.from(xml);
  try {
    for (let i = 0; i < bytes.length; i += size) bounds.scan(bytes.subarray(i, i + size));
    return 'ok';
  } catch (err) {
    return (err as Error).message;
  }
}

const nested = (n: number, inner = '') => `${'<a>'.repeat(n)}${inner}${'</a>'.repeat(n)}`;

describe('XML bounds', () => {
  it('counts the depth of open elements; self-closing ones, comments, CDATA and instructions add none', () => {
    expect(scan(nested(XML_MAX_DEPTH))).toBe('ok');
    expect(scan(nested(XML_MAX_DEPTH + 1))).toBe(IMPORT_MSG.tooDeep);
    const siblings = `<?xml version="1.0"?>${'<b x="1"/><!-- <c> --><![CDATA[<d>]]><?pi <e>?>'.repeat(1000)}`;
    expect(scan(nested(XML_MAX_DEPTH - 1, siblings))).toBe('ok');
  });

  it('a close tag inside a comment, CDATA or an attribute value closes nothing', () => {
    for (const hidden of ['<!-- </a> -->', '<![CDATA[</a>]]>', '<b v="</a>"/>', "<b v='/>'>x</b>"]) {
      const xml = Array.from({ length: XML_MAX_DEPTH + 1 }, () => `<a>${hidden}`).join('');
      expect(scan(xml), hidden).toBe(IMPORT_MSG.tooDeep);
    }
  });

  it('bounds every text, attribute value, tag, comment and CDATA section, whatever the chunks', () => {
    const long = 'x'.repeat(XML_MAX_RUN);
    const tooLong = IMPORT_MSG.textTooLong(IMPORT_MAX_CELL_CHARS);
    expect(scan(`<t>${'&quot;'.repeat(IMPORT_MAX_CELL_CHARS)}</t>`, 4096)).toBe('ok');
    for (const xml of [
      `<t>${long}</t>`,
      `<t v="${long}"/>`,
      `<t${' a="1"'.repeat(XML_MAX_RUN / 6 + 1)}/>`,
      `<!--${long}-->`,
      `<![CDATA[${long}]]>`,
      `<?pi ${long}?>`,
    ]) {
      expect(scan(xml, 4096), xml.slice(0, 12)).toBe(tooLong);
      expect(scan(xml, 1), xml.slice(0, 12)).toBe(tooLong);
    }
  });

  it('refuses a DTD (its entities multiply a document) and any other declaration', () => {
    expect(scan('<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>')).toBe(IMPORT_MSG.doctype);
    expect(scan('<!ELEMENT x ANY>')).toBe(IMPORT_MSG.doctype);
  });

  it('passes every part of a workbook exceljs wrote', async () => {
    const xlsx = await makeXlsx([
      ['Asset', 'Notes'],
      ['Pump', 'a <b> & "c"'],
    ]);
    const archive = await openArchive(xlsx);
    for (const part of [
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
    ]) {
      expect(archive.has(part), part).toBe(true);
      for await (const _ of archive.open(part)) {
        // read through the bounds
      }
    }
    archive.close();
  });
});
