/**
 * Workbooks built to exhaust the server — zip bombs, one giant cell, millions of texts or nested
 * elements, thousands of files — are refused with a 4xx and a message saying which limit, without
 * inflating past the budget; and one organization reads at most two sheets at a time.
 */
import { PassThrough } from 'node:stream';
import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_PARTS,
  IMPORT_MAX_SHARED_STRINGS,
  IMPORT_MAX_SHEET_CHARS,
  IMPORT_MAX_UNPACKED_BYTES,
  IMPORT_MSG,
} from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  type Client,
  makeApp,
  makeTenant,
  makeXlsx,
  multipartFile,
  xlsxBomb,
} from '../../../test/factories.js';

const app = await makeApp();

async function upload(client: Client, site: string, content: Buffer) {
  const { payload, headers } = multipartFile(content, 'assets.xlsx');
  return client.request('POST', `/api/import/sheet?site=${site}`, payload, headers);
}

describe('import/sheet refuses workbooks built to exhaust the server', () => {
  it('a zip bomb of shared strings: 413 on its declared size, 400 when the size lies', async () => {
    const t = await makeTenant(app);
    const honest = xlsxBomb.sharedStrings(120);
    expect(honest.length).toBeLessThan(1024 * 1024);
    const res = await upload(t.operator, t.site.id, honest);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(IMPORT_MSG.tooLargeUnpacked(IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024));
    // Headers that claim 1 kB: the inflated bytes are counted, and the lie ends the read.
    const lying = await upload(t.operator, t.site.id, xlsxBomb.sharedStrings(120, false));
    expect(lying.statusCode).toBe(400);
    expect(lying.json().message).toBe(IMPORT_MSG.unreadable);
  });

  it('a 60 MB cell in a 63 kB workbook, as a shared string or inline: 400 before it is read whole', async () => {
    const t = await makeTenant(app);
    for (const bomb of [
      xlsxBomb.longSharedString(60 * 1024 * 1024),
      xlsxBomb.longInlineCell(60 * 1024 * 1024),
    ]) {
      expect(bomb.length).toBeLessThan(100 * 1024);
      const res = await upload(t.operator, t.site.id, bomb);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(IMPORT_MSG.textTooLong(IMPORT_MAX_CELL_CHARS));
    }
  });

  it('a cell of 32,767 characters is read; one more is a 400 naming the cell', async () => {
    const t = await makeTenant(app);
    const fits = await upload(t.manager, t.site.id, xlsxBomb.longInlineCell(IMPORT_MAX_CELL_CHARS));
    expect(fits.statusCode).toBe(200);
    expect(fits.json().rows[0].cells[0]).toHaveLength(IMPORT_MAX_CELL_CHARS);
    const over = await upload(t.manager, t.site.id, xlsxBomb.longInlineCell(IMPORT_MAX_CELL_CHARS + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(IMPORT_MSG.cellTooLong('A2', IMPORT_MAX_CELL_CHARS));
    const shared = await upload(t.manager, t.site.id, xlsxBomb.longSharedString(IMPORT_MAX_CELL_CHARS + 1));
    expect(shared.statusCode).toBe(400);
    expect(shared.json().message).toBe(IMPORT_MSG.textTooLong(IMPORT_MAX_CELL_CHARS));
  });

  it('more shared strings than the limit: 413', async () => {
    const t = await makeTenant(app);
    const res = await upload(t.operator, t.site.id, xlsxBomb.manyStrings(IMPORT_MAX_SHARED_STRINGS));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(IMPORT_MSG.tooManyStrings(IMPORT_MAX_SHARED_STRINGS));
  });

  it('one long text named by a thousand cells: 413 once the sheet passes its text limit', async () => {
    const t = await makeTenant(app);
    const res = await upload(t.operator, t.site.id, xlsxBomb.repeatedCells(11, 100, IMPORT_MAX_CELL_CHARS));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(IMPORT_MSG.sheetTooLarge(IMPORT_MAX_SHEET_CHARS));
  });

  it('thousands of files, nested elements, or a DTD with entities: 400', async () => {
    const t = await makeTenant(app);
    const cases = [
      [xlsxBomb.entries(IMPORT_MAX_PARTS), IMPORT_MSG.tooManyParts(IMPORT_MAX_PARTS)],
      [xlsxBomb.nesting(1000), IMPORT_MSG.tooDeep],
      [xlsxBomb.entities(), IMPORT_MSG.doctype],
    ] as const;
    for (const [bomb, message] of cases) {
      const res = await upload(t.operator, t.site.id, bomb);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('an organization reads two sheets at a time: a third is a 429, another organization is not held up', async () => {
    const t = await makeTenant(app);
    const other = await makeTenant(app);
    const xlsx = await makeXlsx([['Asset'], ['Pump']]);
    const { payload, headers } = multipartFile(xlsx, 'assets.xlsx');
    // Two uploads whose bodies arrive slowly: both are in progress until their last bytes come.
    const slow = [new PassThrough(), new PassThrough()];
    const pending = slow.map((body) => {
      body.write(payload.subarray(0, 100));
      return t.manager.request('POST', `/api/import/sheet?site=${t.site.id}`, body, headers);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const third = await upload(t.manager, t.site.id, xlsx);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(IMPORT_MSG.busy);
    expect((await upload(other.manager, other.site.id, xlsx)).statusCode).toBe(200);
    for (const body of slow) body.end(payload.subarray(100));
    expect((await Promise.all(pending)).map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await upload(t.manager, t.site.id, xlsx)).statusCode).toBe(200);
  });
});
