import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { siteWithExceptions } from '../../../test/factories/exception.factory.js';
import { anonymous, login, makeApp, makeSite, makeUser } from '../../../test/factories.js';

const app = await makeApp();

async function sheetOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('GET /api/exceptions/export', () => {
  it("streams the site's exceptions in the range as xlsx, newest first, text as written", async () => {
    const s = await siteWithExceptions(app);
    const res = await s.viewer.request(
      'GET',
      `/api/exceptions/export?site=${s.site.id}&after=2024-05-01T10:30:00Z&before=2024-05-02T00:00:00Z`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('exceptions.xlsx');
    const rows = await sheetOf(res.rawPayload);
    expect(rows[0]).toEqual([
      'Time (UTC)',
      'Type',
      'Thing',
      'Zone',
      'Message',
      'Alert Time (minutes)',
      'Things',
      'Resolved',
    ]);
    expect(rows.slice(1).map((r) => r.slice(1, 5))).toEqual([
      ['Inventory overage', '=Crate', 'Store', 'was expected in Dock but was seen in Store instead'],
      ['Inventory shortage', 'Pallet 1', 'Store', 'Inventory shortage(s) in zone Store'],
    ]);
    expect(rows[2]?.[0]).toEqual(new Date('2024-05-01T11:00:00.000Z'));
    const all = await sheetOf(
      (await s.viewer.request('GET', `/api/exceptions/export?site=${s.site.id}`)).rawPayload,
    );
    expect(all.at(-1)?.slice(1, 6)).toEqual([
      'Zone time',
      'Pallet 1',
      'Dock',
      'was in Dock for longer than the allowed 1 minute(s)',
      1,
    ]);
  });

  it('400 for a bad query, 401 without a caller, 404 for another organization or site', async () => {
    const s = await siteWithExceptions(app);
    for (const query of [
      '',
      '?site=bad',
      `?site=${s.site.id}&before=later`,
      `?site=${s.site.id}&sort=__proto__`,
      `?site=${s.site.id}&sort=nope`,
    ]) {
      expect((await s.viewer.request('GET', `/api/exceptions/export${query}`)).statusCode, query).toBe(400);
    }
    expect((await anonymous(app).request('GET', `/api/exceptions/export?site=${s.site.id}`)).statusCode).toBe(
      401,
    );
    const other = await siteWithExceptions(app);
    expect((await other.admin.request('GET', `/api/exceptions/export?site=${s.site.id}`)).statusCode).toBe(
      404,
    );
    const elsewhere = await makeSite(app, s.org.id);
    const user = await makeUser(app, s.org.id, { role: 'viewer', sites: [elsewhere.id] });
    const limited = await login(app, user.username);
    expect((await limited.request('GET', `/api/exceptions/export?site=${s.site.id}`)).statusCode).toBe(404);
  });
});
