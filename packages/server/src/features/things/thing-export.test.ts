import { wallClockDate } from '@sightline/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeTenant, makeZone } from '../../../test/factories.js';
import { things } from '../../db/schema.js';
import { csvText } from '../../platform/csv.js';
import { newId } from '../../platform/ids.js';
import { placeThing } from './fixtures.js';

const app = await makeApp();

async function readSheet(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

describe('things export', () => {
  it('streams the filtered things as xlsx with names of zones and categories', async () => {
    const t = await makeTenant(app);
    const dock = await makeZone(app.ctx.db, t.org.id, t.site.id, { name: 'Dock' });
    const tools = (await t.admin.request('POST', '/api/categories', { name: 'Tools' })).json();
    const drill = (
      await t.admin.request('POST', '/api/things', {
        name: 'Drill',
        serial: 'SN-1',
        tag1: 'A1',
        tags: ['A1', 'B2'],
        categories: [tools._id],
        labels: ['blue', 'heavy'],
        site: t.site.id,
      })
    ).json();
    await t.admin.request('POST', '/api/things', {
      name: '=HYPERLINK("http://evil")',
      serial: '+1',
      labels: ['@x', '-y'],
      site: t.site.id,
    });
    await t.admin.request('POST', '/api/things', { name: 'Ann', class: 'worker', site: t.site.id });
    await placeThing(app, drill._id, { zoneId: dock.id, lastZoneTime: new Date('2024-05-06T07:08:09Z') });

    const res = await t.viewer.request('GET', `/api/things/export?site=${t.site.id}&class=item`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename="items.xlsx"');
    const { name, rows } = await readSheet(res.rawPayload);
    expect(name).toBe('Items');
    expect(rows[0]).toEqual([
      'Name',
      'Serial',
      'Class',
      'Tags',
      'Categories',
      'Labels',
      'Zone',
      'Zone Entry Time (UTC)',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      'Drill',
      'SN-1',
      'item',
      'A1, B2',
      'Tools',
      'blue, heavy',
      'Dock',
      new Date('2024-05-06T07:08:09Z'),
    ]);
    // formula-like text is written as it is (text cells are never evaluated); empty texts are empty cells
    expect(rows[2]?.slice(0, 6)).toEqual([
      '=HYPERLINK("http://evil")',
      '+1',
      'item',
      undefined,
      undefined,
      '@x, -y',
    ]);

    const workers = await t.viewer.request('GET', `/api/things/export?site=${t.site.id}&class=worker`);
    expect(workers.headers['content-disposition']).toBe('attachment; filename="workers.xlsx"');
    const sheet = await readSheet(workers.rawPayload);
    expect(sheet.name).toBe('Workers');
    expect(sheet.rows.map((r) => r[0])).toEqual(['Name', 'Ann']);
  });

  it('exports more rows than one page', async () => {
    const t = await makeTenant(app);
    const values = Array.from({ length: 1203 }, (_, i) => ({ name: `Bulk ${i}`, serial: String(i) }));
    await app.ctx.db
      .insert(things)
      .values(values.map((v) => ({ ...v, id: newId(), orgId: t.org.id, siteId: t.site.id })));
    const res = await t.viewer.request('GET', `/api/things/export?site=${t.site.id}`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="things.xlsx"');
    const { rows } = await readSheet(res.rawPayload);
    expect(rows).toHaveLength(1204);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(1203);
  });

  it('rejects bad filters and unauthenticated callers', async () => {
    const t = await makeTenant(app);
    expect((await t.viewer.request('GET', '/api/things/export?class=robot')).statusCode).toBe(400);
    expect((await t.viewer.request('GET', '/api/things/export?site=nope')).statusCode).toBe(400);
    expect((await anonymous(app).request('GET', `/api/things/export?site=${t.site.id}`)).statusCode).toBe(
      401,
    );
  });

  it('neutralises formula-like CSV fields and shows times on the site clock', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'plain', ''].map(csvText)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      'plain',
      '',
    ]);
    const utc = new Date('2024-07-01T10:00:00Z');
    expect(wallClockDate(utc, 'Europe/Berlin').toISOString()).toBe('2024-07-01T12:00:00.000Z');
    expect(wallClockDate(utc, 'UTC').toISOString()).toBe('2024-07-01T10:00:00.000Z');
  });
});
