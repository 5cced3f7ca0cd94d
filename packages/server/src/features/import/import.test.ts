import { IMPORT_MSG } from '@sightline/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  type Client,
  login,
  makeApp,
  makeLocationTag,
  makeSite,
  makeTenant,
  makeThing,
  makeUser,
  makeXlsx,
  makeZone,
  multipartFile,
  type SheetCell,
  xlsxWithRows,
} from '../../../test/factories.js';

const app = await makeApp();
const db = app.ctx.db;

async function upload(client: Client, site: string, content: Buffer, filename = 'assets.xlsx') {
  const { payload, headers } = multipartFile(content, filename);
  return client.request('POST', `/api/import/sheet?site=${site}`, payload, headers);
}

const HEADERS = ['Asset', 'EPC', 'Serial No', 'Group', 'Notes'];
const MAPPING = {
  Asset: 'name',
  EPC: 'tags1',
  'Serial No': 'serial',
  Group: 'categories',
  Notes: 'description',
};

function body(rows: SheetCell[][], extra: Record<string, unknown> = {}) {
  return {
    mapping: MAPPING,
    headers: HEADERS,
    rows: rows.map((cells, i) => ({ line: i + 2, cells: cells.map((c) => (c === null ? '' : String(c))) })),
    ...extra,
  };
}

describe('import/sheet', () => {
  it('reads the header row and the rows; formula cells give their cached result, never evaluated', async () => {
    const t = await makeTenant(app);
    const xlsx = await makeXlsx([
      HEADERS,
      ['Pump', 'A1', 100, 'Tools', null],
      ['Drill', { formula: 'CONCAT("B","2")', result: 'B2' }, { formula: '1+1', result: 2 }, null, 'x'],
      [],
      ['Saw', { formula: 'NOW()' }, null, null, null],
    ]);
    const res = await upload(t.manager, t.site.id, xlsx);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sheet: 'Assets',
      headers: HEADERS,
      rows: [
        { line: 2, cells: ['Pump', 'A1', '100', 'Tools'] },
        { line: 3, cells: ['Drill', 'B2', '2', '', 'x'] },
        // Saved without a result: its formula, not nothing (it is never evaluated).
        { line: 5, cells: ['Saw', '=NOW()'] },
      ],
    });
  });

  it('reads a date cell as the ISO date and a number as the spreadsheet shows it', async () => {
    const t = await makeTenant(app);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Assets');
    sheet.addRow(['Asset', 'Bought', 'Checked', 'Code', 'Price', 'Ratio', 'Plain']);
    const row = sheet.addRow([
      'Pump',
      new Date('2024-01-05T00:00:00Z'),
      new Date('2024-01-05T14:30:15Z'),
      123,
      1234.5,
      0.1 + 0.2,
      1234567890123,
    ]);
    row.getCell(2).numFmt = 'yyyy-mm-dd';
    row.getCell(3).numFmt = 'dd/mm/yyyy hh:mm:ss';
    row.getCell(4).numFmt = '00000';
    row.getCell(5).numFmt = '0.00';
    const res = await upload(t.manager, t.site.id, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual([
      {
        line: 2,
        cells: ['Pump', '2024-01-05', '2024-01-05T14:30:15', '00123', '1234.50', '0.3', '1234567890123'],
      },
    ]);
  });

  it('reads ISO date cells, error cells, formulas without a result and cells without a reference', async () => {
    const t = await makeTenant(app);
    const text = (ref: string, s: string) => `<c r="${ref}" t="inlineStr"><is><t>${s}</t></is></c>`;
    const header = `<row r="1">${['Asset', 'Bought', 'Checked', 'Ref', 'Ratio', 'Sum', 'Cached'].map((h, i) => text(`${'ABCDEFG'[i]}1`, h)).join('')}</row>`;
    const row2 =
      '<row r="2">' +
      text('A2', 'Pump') +
      '<c r="B2" t="d"><v>2024-01-05</v></c>' +
      '<c r="C2" t="d"><v>2024-01-05T14:30:15</v></c>' +
      '<c r="D2" t="e"><v>#REF!</v></c>' +
      '<c r="E2" t="e"><f>1/0</f><v>#DIV/0!</v></c>' +
      '<c r="F2"><f>SUM(A1:A2)</f></c>' +
      '<c r="G2"><f>1+1</f><v>2</v></c>' +
      '</row>';
    // OOXML makes `r` optional: a cell (or row) without one is at the next position.
    const row3 = `<row>${text('A3', 'Drill')}<c t="inlineStr"><is><t>no ref</t></is></c><c><v>7</v></c></row>`;
    const res = await upload(t.manager, t.site.id, xlsxWithRows(header + row2 + row3));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toEqual([
      {
        line: 2,
        cells: ['Pump', '2024-01-05', '2024-01-05T14:30:15', '#REF!', '#DIV/0!', '=SUM(A1:A2)', '2'],
      },
      { line: 3, cells: ['Drill', 'no ref', '7'] },
    ]);
  });

  it('refuses what is not an xlsx, a malformed workbook, a huge file and an empty sheet', async () => {
    const t = await makeTenant(app);
    const csv = await upload(t.manager, t.site.id, Buffer.from('a,b\n1,2\n'), 'assets.csv');
    expect(csv.statusCode).toBe(400);
    expect(csv.json().message).toBe(IMPORT_MSG.xlsxOnly);
    const garbage = await upload(t.manager, t.site.id, Buffer.from('PK\x03\x04 not really a zip'));
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe(IMPORT_MSG.unreadable);
    const text = await upload(t.manager, t.site.id, Buffer.from('hello'));
    expect(text.json().message).toBe(IMPORT_MSG.unreadable);
    const huge = await upload(t.manager, t.site.id, Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(huge.statusCode).toBe(413);
    const empty = await upload(t.manager, t.site.id, await makeXlsx([]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(IMPORT_MSG.noHeader);
    const twice = await upload(t.manager, t.site.id, await makeXlsx([['A', 'B', 'A']]));
    expect(twice.json().message).toBe(IMPORT_MSG.headerTwice('A'));
    const json = await t.manager.request('POST', `/api/import/sheet?site=${t.site.id}`, { a: 1 });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(IMPORT_MSG.noFile);
  });

  it('needs a session (401), import permission (403) and a site of the caller (404)', async () => {
    const t = await makeTenant(app);
    const other = await makeTenant(app);
    const xlsx = await makeXlsx([HEADERS]);
    expect((await upload(anonymous(app), t.site.id, xlsx)).statusCode).toBe(401);
    expect((await upload(t.viewer, t.site.id, xlsx)).statusCode).toBe(403);
    expect((await upload(t.manager, other.site.id, xlsx)).statusCode).toBe(404);
    expect((await upload(t.manager, 'not-an-id', xlsx)).statusCode).toBe(400);
  });
});

describe('import/preview and import/rows', () => {
  it('previews new, update, duplicate and error rows, then applies them as previewed', async () => {
    const t = await makeTenant(app);
    const existing = await makeThing(db, t.org.id, t.site.id, { tag: 'E1', name: 'Old', serial: 'S0' });
    await makeLocationTag(db, t.org.id, t.site.id, { tag: '10C1' });
    const rows: SheetCell[][] = [
      ['Pump', 'A1', 'S1', 'Tools, Power', 'new one'],
      ['Renamed', 'E1', '', 'tools', ''],
      ['Pump again', 'A1', 'S1b', '', ''],
      ['', 'A2', '', '', ''],
      ['Bad tag', 'XYZ', '', '', ''],
      ['Spot', '10C1', '', '', ''],
      ['No tag', '', '', '', ''],
    ];
    const preview = await t.manager.request('POST', `/api/import/preview?site=${t.site.id}`, body(rows));
    expect(preview.statusCode).toBe(200);
    const plan = preview.json();
    expect(plan.rows.map((r: { action: string }) => r.action)).toEqual([
      'new',
      'update',
      'duplicate',
      'error',
      'error',
      'error',
      'new',
    ]);
    expect(plan.rows[1].thing).toBe(existing.id);
    expect(plan.rows[2].sameAsLine).toBe(2);
    expect(plan.rows[3].message).toBe('Name is required');
    expect(plan.rows[4].message).toBe('tags must be 1 to 128 hex characters');
    expect(plan.rows[5].message).toContain('duplicate tag 10C1');
    expect(plan.counts).toEqual({ new: 2, update: 1, duplicate: 1, error: 3 });
    expect(plan.newCategories).toEqual(['Tools', 'Power']);
    expect((await t.viewer.request('GET', `/api/things?site=${t.site.id}`)).headers['x-total-count']).toBe(
      '1',
    );

    const result = await t.manager.request('POST', `/api/import/rows?site=${t.site.id}`, body(rows));
    expect(result.statusCode).toBe(200);
    const applied = result.json();
    expect(applied.rows.map((r: { status: string }) => r.status)).toEqual([
      'complete',
      'complete duplicate',
      'complete duplicate',
      'Name is required',
      'tags must be 1 to 128 hex characters',
      plan.rows[5].message,
      'complete',
    ]);
    expect(applied).toMatchObject({
      created: 2,
      updated: 2,
      failed: 3,
      createdCategories: ['Tools', 'Power'],
    });

    const things = (await t.viewer.request('GET', `/api/things?site=${t.site.id}&sort=name`)).json();
    expect(things.map((x: { name: string }) => x.name)).toEqual(['No tag', 'Pump again', 'Renamed']);
    const pump = things.find((x: { name: string }) => x.name === 'Pump again');
    expect(pump).toMatchObject({
      tag1: 'A1',
      serial: 'S1b',
      description: 'new one',
      class: 'item',
      site: t.site.id,
    });
    expect(pump.categories).toHaveLength(2);
    const renamed = things.find((x: { name: string }) => x.name === 'Renamed');
    expect(renamed).toMatchObject({
      _id: existing.id,
      serial: 'S0',
      tag1: 'E1',
      categories: [pump.categories[0]],
    });

    // Importing the same sheet again: every good row is now an update.
    const again = (
      await t.manager.request('POST', `/api/import/preview?site=${t.site.id}`, body(rows))
    ).json();
    expect(again.counts).toEqual({ new: 1, update: 2, duplicate: 1, error: 3 });
    expect(again.newCategories).toEqual([]);
  });

  it('puts the rows in the chosen zone and requires one when the site says so', async () => {
    const t = await makeTenant(app);
    const zone = await makeZone(db, t.org.id, t.site.id);
    const otherSite = await makeSite(app, t.org.id);
    const elsewhere = await makeZone(db, t.org.id, otherSite.id);
    const settings = (await t.admin.request('GET', `/api/orgsettings?site=${t.site.id}`)).json();
    settings.importSettings.requireZone = true;
    expect((await t.admin.request('POST', `/api/orgsettings?site=${t.site.id}`, settings)).statusCode).toBe(
      200,
    );
    const rows = [['Cart', 'C1', '', '', '']];
    const missing = await t.manager.request('POST', `/api/import/preview?site=${t.site.id}`, body(rows));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(IMPORT_MSG.zoneRequired);
    const noZone = await t.manager.request('POST', `/api/import/rows?site=${t.site.id}`, body(rows));
    expect(noZone.json().message).toBe(IMPORT_MSG.zoneRequired);
    const wrong = await t.manager.request(
      'POST',
      `/api/import/rows?site=${t.site.id}`,
      body(rows, { zone: elsewhere.id }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(IMPORT_MSG.zoneNotOfSite);
    const ok = await t.manager.request(
      'POST',
      `/api/import/rows?site=${t.site.id}`,
      body(rows, { zone: zone.id }),
    );
    expect(ok.json().rows[0].status).toBe('complete');
    const [cart] = (await t.viewer.request('GET', `/api/things?site=${t.site.id}&tags=C1`)).json();
    expect(cart.zone).toBe(zone.id);
    expect(cart.lastZoneTime).not.toBeNull();
  });

  it('rejects a bad mapping with the fixed message texts and stores nothing', async () => {
    const t = await makeTenant(app);
    const rows = [['Cart', 'C1', '', '', '']];
    const url = `/api/import/rows?site=${t.site.id}`;
    const empty = await t.manager.request('POST', url, body(rows, { mapping: {} }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(IMPORT_MSG.mapHeaders);
    const twice = await t.manager.request(
      'POST',
      url,
      body(rows, { mapping: { Asset: 'name', EPC: 'name' } }),
    );
    expect(twice.json().message).toContain(IMPORT_MSG.fieldTwice('name'));
    const unknownField = await t.manager.request('POST', url, body(rows, { mapping: { Asset: 'owner' } }));
    expect(unknownField.statusCode).toBe(400);
    const unknownHeader = await t.manager.request('POST', url, body(rows, { mapping: { Nope: 'name' } }));
    expect(unknownHeader.json().message).toContain(IMPORT_MSG.unknownHeader('Nope'));
    const proto = await t.manager.request(
      'POST',
      url,
      JSON.parse(`{"mapping":{"__proto__":"name"},"headers":["__proto__"],"rows":[]}`),
    );
    expect(proto.statusCode).toBe(400);
    expect((await t.viewer.request('GET', `/api/things?site=${t.site.id}`)).headers['x-total-count']).toBe(
      '0',
    );
  });

  it('needs a session (401), create and modify on things (403), a site of the caller (404)', async () => {
    const t = await makeTenant(app);
    const other = await makeTenant(app);
    const rows = [['Cart', 'C1', '', '', '']];
    for (const path of ['preview', 'rows']) {
      expect(
        (await anonymous(app).request('POST', `/api/import/${path}?site=${t.site.id}`, body(rows)))
          .statusCode,
      ).toBe(401);
      expect(
        (await t.viewer.request('POST', `/api/import/${path}?site=${t.site.id}`, body(rows))).statusCode,
      ).toBe(403);
      expect(
        (await t.manager.request('POST', `/api/import/${path}?site=${other.site.id}`, body(rows))).statusCode,
      ).toBe(404);
    }
    expect(
      (await other.viewer.request('GET', `/api/things?site=${other.site.id}`)).headers['x-total-count'],
    ).toBe('0');
  });

  it('never touches an item the caller cannot see or change, and an Operator cannot create categories', async () => {
    const t = await makeTenant(app);
    const siteB = await makeSite(app, t.org.id);
    const limitedUser = await makeUser(app, t.org.id, { role: 'manager', sites: [t.site.id] });
    const limited = await login(app, limitedUser.username);
    const hidden = await makeThing(db, t.org.id, siteB.id, { tag: 'B1' });
    const worker = await makeThing(db, t.org.id, t.site.id, { tag: 'F1', class: 'worker' });
    const rows = [
      ['Take over', 'B1', '', '', ''],
      ['Worker', 'F1', '', '', ''],
      ['Tooled', 'C9', '', 'Brand new', ''],
    ];
    const limitedOperator = await login(
      app,
      (await makeUser(app, t.org.id, { role: 'operator', sites: [t.site.id] })).username,
    );
    const asOperator = (
      await limitedOperator.request('POST', `/api/import/preview?site=${t.site.id}`, body(rows))
    ).json();
    expect(asOperator.rows[0].message).toContain('duplicate tag B1');
    expect(asOperator.rows[2].message).toBe(IMPORT_MSG.noCategoryCreate('Brand new'));
    const asLimited = (
      await limited.request('POST', `/api/import/rows?site=${t.site.id}`, body(rows))
    ).json();
    expect(asLimited.rows[0].status).toContain('duplicate tag B1');
    expect(asLimited.rows[1].status).toBe('complete duplicate'); // a Manager may modify workers
    const still = (await t.admin.request('GET', `/api/things/${hidden.id}`)).json();
    expect(still.name).toBe('Thing B1');
    expect((await t.admin.request('GET', `/api/things/${worker.id}`)).json().name).toBe('Worker');
  });

  it('generates prefixed tags after the highest one used, and checks duplicates on prefixed tags', async () => {
    const t = await makeTenant(app);
    await makeThing(db, t.org.id, t.site.id, { tag: 'ABC000000000000000000041', name: 'Generated before' });
    const existing = await makeThing(db, t.org.id, t.site.id, { tag: 'ABC7', name: 'Short' });
    const settings = (await t.admin.request('GET', `/api/orgsettings?site=${t.site.id}`)).json();
    settings.orgTagPrefix = 'abc';
    settings.importSettings.generatePrefixTag = true;
    settings.importSettings.prefixedTagDupCheck = true;
    await t.admin.request('POST', `/api/orgsettings?site=${t.site.id}`, settings);
    const rows = [
      ['One', '', '', '', ''],
      ['Two', '', '', '', ''],
      ['Seven', '7', '', '', ''],
      ['Prefixed', 'ABC8', '', '', ''],
    ];
    const preview = (
      await t.manager.request('POST', `/api/import/preview?site=${t.site.id}`, body(rows))
    ).json();
    expect(preview.rows.map((r: { tags: string[] }) => r.tags)).toEqual([
      ['ABC000000000000000000042'],
      ['ABC000000000000000000043'],
      ['ABC7'],
      ['ABC8'],
    ]);
    expect(preview.rows[0].message).toBe('tag generated: ABC000000000000000000042');
    expect(preview.rows[2]).toMatchObject({ action: 'update', thing: existing.id });
    const result = (await t.manager.request('POST', `/api/import/rows?site=${t.site.id}`, body(rows))).json();
    expect(result.rows.map((r: { status: string }) => r.status)).toEqual([
      'complete',
      'complete',
      'complete duplicate',
      'complete',
    ]);
    const tagged = (
      await t.viewer.request('GET', `/api/things?site=${t.site.id}&tags=ABC000000000000000000043`)
    ).json();
    expect(tagged.map((x: { name: string }) => x.name)).toEqual(['Two']);
    expect((await t.viewer.request('GET', `/api/things/${existing.id}`)).json().name).toBe('Seven');
  });
});

describe('import/mappings', () => {
  it('saves a mapping on the site by name, replacing one of the same name', async () => {
    const t = await makeTenant(app);
    const url = `/api/import/mappings?site=${t.site.id}`;
    const first = await t.operator.request('PUT', url, {
      name: 'Supplier',
      headerAssetFields: { Asset: 'name' },
    });
    expect(first.statusCode).toBe(200);
    await t.operator.request('PUT', url, { name: 'Other', headerAssetFields: { Title: 'name' } });
    const replaced = await t.operator.request('PUT', url, { name: 'Supplier', headerAssetFields: MAPPING });
    expect(replaced.json()).toEqual([
      { name: 'Other', headerAssetFields: { Title: 'name' } },
      { name: 'Supplier', headerAssetFields: MAPPING },
    ]);
    const settings = (await t.viewer.request('GET', `/api/orgsettings?site=${t.site.id}`)).json();
    expect(settings.importSettings.importMappings).toEqual(replaced.json());
  });

  it('refuses a bad mapping (400), no session (401), a Viewer (403) and another organization (404)', async () => {
    const t = await makeTenant(app);
    const other = await makeTenant(app);
    const url = `/api/import/mappings?site=${t.site.id}`;
    const empty = await t.manager.request('PUT', url, { name: 'x', headerAssetFields: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(IMPORT_MSG.mapHeaders);
    const noName = await t.manager.request('PUT', url, { name: ' ', headerAssetFields: { A: 'name' } });
    expect(noName.statusCode).toBe(400);
    const proto = await t.manager.request(
      'PUT',
      url,
      JSON.parse('{"name":"p","headerAssetFields":{"__proto__":"name"}}'),
    );
    expect(proto.statusCode).toBe(400);
    const ok = { name: 'x', headerAssetFields: { A: 'name' } };
    expect((await anonymous(app).request('PUT', url, ok)).statusCode).toBe(401);
    expect((await t.viewer.request('PUT', url, ok)).statusCode).toBe(403);
    expect(
      (await t.manager.request('PUT', `/api/import/mappings?site=${other.site.id}`, ok)).statusCode,
    ).toBe(404);
    const settings = (await t.viewer.request('GET', `/api/orgsettings?site=${t.site.id}`)).json();
    expect(settings.importSettings.importMappings).toEqual([]);
  });
});

describe('POST things on a tag conflict (the import relies on it)', () => {
  it('answers 400 with a message containing duplicate', async () => {
    const t = await makeTenant(app);
    await makeThing(db, t.org.id, t.site.id, { tag: 'D1' });
    const res = await t.manager.request('POST', '/api/things', {
      name: 'Again',
      tag1: 'D1',
      site: t.site.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('duplicate');
  });
});
