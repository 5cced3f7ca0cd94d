import type { ZoneDurationRecord } from '@sightline/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { HOUR_NS, reportScenario, TWO_DAYS } from '../../../test/factories/report.factory.js';
import {
  anonymous,
  login,
  makeApp,
  makeReportConfig,
  makeSite,
  makeTenant,
  makeUser,
} from '../../../test/factories.js';

const app = await makeApp();
const { db } = app.ctx;
const range = `after=${TWO_DAYS.after}&before=${TWO_DAYS.before}`;

/** The first sheet's rows as arrays of cell values, and the cells themselves. */
async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

const adhoc = (s: Awaited<ReturnType<typeof reportScenario>>, body: object) =>
  s.viewer.request('POST', '/api/reports/adhoc', { site: s.site.id, ...TWO_DAYS, ...body });

describe('report types and formats', () => {
  it('lists the six types and three formats to any signed-in user', async () => {
    const t = await makeTenant(app);
    const types = await t.viewer.request('GET', '/api/reporttypes');
    expect(types.statusCode).toBe(200);
    expect(types.json().map((o: { id: string }) => o.id)).toEqual([
      'reportTypeSeen',
      'reportTypeNotSeen',
      'reportTypeCategories',
      'reportTypeZoneDurations',
      'reportTypeEvents',
      'reportTypeExceptions',
    ]);
    expect(types.json()[0]).toEqual({ id: 'reportTypeSeen', name: 'Seen' });
    expect((await t.viewer.request('GET', '/api/reportformat')).json()).toEqual([
      { id: 'excel', name: 'Excel (xlsx)' },
      { id: 'csv', name: 'CSV' },
      { id: 'json', name: 'JSON' },
    ]);
    expect((await anonymous(app).request('GET', '/api/reporttypes')).statusCode).toBe(401);
    expect((await anonymous(app).request('GET', '/api/reportformat')).statusCode).toBe(401);
  });
});

describe('report contents (a scenario through the engine, site in New York)', () => {
  it('Activity: per thing and local day, a stay across midnight split between the two days', async () => {
    const s = await reportScenario(app);
    const res = await adhoc(s, { type: 'reportTypeEvents' });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ type: 'reportTypeEvents', timezone: 'America/New_York', ...TWO_DAYS });
    expect(report.columns.map((c: { header: string }) => c.header)).toEqual([
      'Name',
      'Class',
      'Day',
      'First Seen',
      'Last Seen',
      'Hours On Site',
      'Events',
      'Hours in Dock',
      'Hours in Store',
    ]);
    const dock = `zone:${s.dock}`;
    const store = `zone:${s.store}`;
    expect(report.rows).toEqual([
      {
        name: '-Ann',
        class: 'worker',
        day: '2024-01-10',
        firstSeen: '2024-01-11T03:00:00.000Z',
        lastSeen: '2024-01-11T03:00:00.000Z',
        hours: 2 * HOUR_NS,
        events: 1,
        [dock]: 2 * HOUR_NS,
        [store]: 0,
      },
      {
        name: '-Ann',
        class: 'worker',
        day: '2024-01-11',
        firstSeen: '2024-01-11T07:00:00.000Z',
        lastSeen: '2024-01-11T09:00:00.000Z',
        hours: 24 * HOUR_NS,
        events: 3,
        [dock]: 22 * HOUR_NS,
        [store]: 2 * HOUR_NS,
      },
      {
        name: '=Drill',
        class: 'item',
        day: '2024-01-11',
        firstSeen: '2024-01-11T15:00:00.000Z',
        lastSeen: '2024-01-11T15:00:00.000Z',
        hours: 14 * HOUR_NS,
        events: 1,
        [dock]: 0,
        [store]: 14 * HOUR_NS,
      },
    ]);
    const workers = await adhoc(s, { type: 'reportTypeEvents', class: 'worker', categories: [s.crew.id] });
    expect(workers.json().rows.map((r: { day: string }) => r.day)).toEqual(['2024-01-10', '2024-01-11']);
    const day1 = await adhoc(s, {
      type: 'reportTypeEvents',
      after: '2024-01-11T05:00:00.000Z',
      before: '2024-01-12T05:00:00.000Z',
    });
    expect(day1.json().rows.map((r: { name: string; hours: number }) => [r.name, r.hours])).toEqual([
      ['-Ann', 24 * HOUR_NS],
      ['=Drill', 14 * HOUR_NS],
    ]);
  });

  it('Activity as JSON pages by things: all days of `limit` things, and how many things have activity', async () => {
    const s = await reportScenario(app);
    const page = async (n: number) =>
      (await adhoc(s, { type: 'reportTypeEvents', limit: 1, page: n })).json() as {
        total: number;
        rows: { name: string; day: string }[];
      };
    const first = await page(0);
    expect(first.total).toBe(2);
    expect(first.rows.map((r) => [r.name, r.day])).toEqual([
      ['-Ann', '2024-01-10'],
      ['-Ann', '2024-01-11'],
    ]);
    const second = await page(1);
    expect(second.rows.map((r) => [r.name, r.day])).toEqual([['=Drill', '2024-01-11']]);
    expect((await page(2)).rows).toEqual([]);
    expect((await adhoc(s, { type: 'reportTypeEvents', limit: 0 })).statusCode).toBe(400);
    expect((await adhoc(s, { type: 'reportTypeEvents' })).json()).not.toHaveProperty('total');
  });

  it('Seen and Not seen: things of the chosen categories seen in the chosen zones, and the others', async () => {
    const s = await reportScenario(app);
    const seen = (await adhoc(s, { type: 'reportTypeSeen' })).json();
    expect(seen.rows).toEqual([
      {
        name: '-Ann',
        class: 'worker',
        tag: 'A11CE',
        categories: 'Crew',
        zone: 'Dock',
        firstSeen: '2024-01-11T03:00:00.000Z',
        lastSeen: '2024-01-11T09:00:00.000Z',
        events: 4,
      },
      expect.objectContaining({ name: '=Drill', zone: 'Store', events: 1 }),
    ]);
    const inStore = (
      await adhoc(s, { type: 'reportTypeSeen', zones: [s.store], categories: [s.tools.id] })
    ).json();
    expect(inStore.rows.map((r: { name: string }) => r.name)).toEqual(['=Drill']);
    const notSeen = (await adhoc(s, { type: 'reportTypeNotSeen' })).json();
    expect(notSeen.rows).toEqual([
      { name: 'Saw', class: 'item', tag: '5A3', categories: 'Tools', zone: '', lastSeen: null },
    ]);
    const notInStore = (await adhoc(s, { type: 'reportTypeNotSeen', zones: [s.store] })).json();
    expect(notInStore.rows.map((r: { name: string }) => r.name)).toEqual(['Saw']);
    const notInDock = (await adhoc(s, { type: 'reportTypeNotSeen', zones: [s.dock] })).json();
    expect(notInDock.rows.map((r: { name: string }) => r.name)).toEqual(['=Drill', 'Saw']);
  });

  it('Categories: per zone, counts per category, zero rows hidden', async () => {
    const s = await reportScenario(app);
    const all = (await adhoc(s, { type: 'reportTypeCategories' })).json();
    expect(all.rows).toEqual([
      { zone: 'Dock', category: 'Crew', count: 1 },
      { zone: 'Store', category: 'Tools', count: 1 },
    ]);
    const chosen = (
      await adhoc(s, { type: 'reportTypeCategories', categories: [s.tools.id, s.spare.id] })
    ).json();
    expect(chosen.rows).toEqual([{ zone: 'Store', category: 'Tools', count: 1 }]);
    const none = (await adhoc(s, { type: 'reportTypeCategories', categories: [s.spare.id] })).json();
    expect(none.rows).toEqual([]);
  });

  it('Zone durations: stays with entry, exit and duration, open stays last', async () => {
    const s = await reportScenario(app);
    const stays = (await adhoc(s, { type: 'reportTypeZoneDurations' })).json();
    expect(stays.rows).toEqual([
      {
        name: '-Ann',
        class: 'worker',
        zone: 'Dock',
        entry: '2024-01-11T03:00:00.000Z',
        exit: '2024-01-11T07:00:00.000Z',
        duration: 4 * HOUR_NS,
      },
      {
        name: '-Ann',
        class: 'worker',
        zone: 'Store',
        entry: '2024-01-11T07:00:00.000Z',
        exit: '2024-01-11T09:00:00.000Z',
        duration: 2 * HOUR_NS,
      },
      {
        name: '-Ann',
        class: 'worker',
        zone: 'Dock',
        entry: '2024-01-11T09:00:00.000Z',
        exit: null,
        duration: 20 * HOUR_NS,
      },
      {
        name: '=Drill',
        class: 'item',
        zone: 'Store',
        entry: '2024-01-11T15:00:00.000Z',
        exit: null,
        duration: 14 * HOUR_NS,
      },
    ]);
    const summary = await s.viewer.request('GET', `/api/zonedurations/summary?site=${s.site.id}&${range}`);
    expect(summary.statusCode).toBe(200);
    // The chart counts the closed stays, those the Zones History table lists.
    expect(summary.json()).toEqual([
      { zone: s.dock, zoneName: 'Dock', total: 4 * HOUR_NS, stays: 1 },
      { zone: s.store, zoneName: 'Store', total: 2 * HOUR_NS, stays: 1 },
    ]);
  });

  it('Zones History: the chart per zone is the sum of the table’s stays, clipped to the period', async () => {
    const s = await reportScenario(app);
    // A period that cuts Ann's Dock stay (03:00–07:00) in two, with Ann and the drill still in zones.
    const period = { after: '2024-01-11T05:00:00.000Z', before: '2024-01-12T05:00:00.000Z' };
    const query = `site=${s.site.id}&after=${period.after}&before=${period.before}`;
    const table: ZoneDurationRecord[] = [];
    for (let n = 0; n < 10; n++) {
      const page = await s.viewer.request('GET', `/api/zonedurations?${query}&limit=2&page=${n}`);
      expect(page.statusCode).toBe(200);
      table.push(...page.json());
      if (page.json().length < 2) break;
    }
    const after = Date.parse(period.after);
    const before = Date.parse(period.before);
    const fromTable = new Map<string, { total: number; stays: number }>();
    for (const stay of table) {
      const ms = Math.min(Date.parse(stay.timeEnd), before) - Math.max(Date.parse(stay.timeStart), after);
      const zone = fromTable.get(stay.zone) ?? { total: 0, stays: 0 };
      fromTable.set(stay.zone, { total: zone.total + ms * 1e6, stays: zone.stays + 1 });
    }
    const chart = (await s.viewer.request('GET', `/api/zonedurations/summary?${query}`)).json();
    expect(
      chart.map((r: { zone: string; total: number; stays: number }) => [r.zone, r.total, r.stays]),
    ).toEqual(
      [s.dock, s.store].map((zone) => [
        zone,
        fromTable.get(zone)?.total ?? 0,
        fromTable.get(zone)?.stays ?? 0,
      ]),
    );
    expect(fromTable.get(s.dock)).toEqual({ total: 2 * HOUR_NS, stays: 1 });
  });

  it('Exceptions: the period only, newest first', async () => {
    const s = await reportScenario(app);
    const rows = (await adhoc(s, { type: 'reportTypeExceptions' })).json().rows;
    expect(rows).toEqual([
      {
        time: '2024-01-11T04:00:00.000Z',
        type: expect.any(String),
        name: '-Ann',
        zone: 'Dock',
        message: 'was in Dock for longer than the allowed 60 minute(s)',
      },
    ]);
    expect((await adhoc(s, { type: 'reportTypeExceptions', zones: [s.store] })).json().rows).toEqual([]);
  });
});

describe('workbooks', () => {
  it('GET reports/{id}: the Activity workbook with site-local Excel dates and [h]:mm:ss durations', async () => {
    const s = await reportScenario(app);
    const config = await makeReportConfig(db, s.org.id, s.site.id, {
      name: 'Daily activity',
      type: 'reportTypeEvents',
    });
    const res = await s.viewer.request('GET', `/api/reports/${config.id}?${range}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Daily-activity.xlsx"');
    const { sheet, rows } = await workbookOf(res.rawPayload);
    expect(sheet.name).toBe('Daily activity');
    expect(rows[0]).toEqual([
      'Name',
      'Class',
      'Day',
      'First Seen (America/New_York)',
      'Last Seen (America/New_York)',
      'Hours On Site',
      'Events',
      'Hours in Dock',
      'Hours in Store',
    ]);
    // The formula-like name is text as written; 22:00 on Jan 10 in New York is a real date.
    expect(rows[1]?.slice(0, 5)).toEqual([
      '-Ann',
      'worker',
      new Date('2024-01-10T00:00:00.000Z'),
      new Date('2024-01-10T22:00:00.000Z'),
      new Date('2024-01-10T22:00:00.000Z'),
    ]);
    expect(sheet.getCell('C2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('D2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getCell('F2').numFmt).toBe('[h]:mm:ss');
    expect(sheet.getCell('F3').numFmt).toBe('[h]:mm:ss');
    const fraction = (v: unknown) =>
      v instanceof Date ? (v.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : v;
    expect(fraction(sheet.getCell('F2').value)).toBeCloseTo(2 / 24, 9);
    expect(fraction(sheet.getCell('F3').value)).toBeCloseTo(1, 9);
    expect(fraction(sheet.getCell('H3').value)).toBeCloseTo(22 / 24, 9);
    expect(sheet.getCell('G3').value).toBe(3);
    expect(rows[3]?.[0]).toBe('=Drill');
    expect(rows).toHaveLength(4);
  });

  it('headings choose and name the columns; csv and json formats', async () => {
    const s = await reportScenario(app);
    const config = await makeReportConfig(db, s.org.id, s.site.id, {
      name: 'Stays',
      type: 'reportTypeZoneDurations',
      format: 'csv',
      headings: [
        { key: 'zone', label: 'Where' },
        { key: 'name', label: '' },
        { key: 'duration', label: 'How long' },
      ],
    });
    const csv = await s.viewer.request('GET', `/api/reports/${config.id}?${range}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    // A byte order mark, CRLF records; formula-like text is neutralised only here, where it would run.
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Where,Name,How long',
      "Dock,'-Ann,4:00:00",
      "Store,'-Ann,2:00:00",
      "Dock,'-Ann,20:00:00",
      "Store,'=Drill,14:00:00",
      '',
    ]);
    const asJson = await s.viewer.request('GET', `/api/reports/${config.id}?${range}&format=json`);
    expect(asJson.json().columns.map((c: { header: string }) => c.header)).toEqual([
      'Where',
      'Name',
      'How long',
    ]);
    expect(asJson.json().rows[0]).toEqual({ zone: 'Dock', name: '-Ann', duration: 4 * HOUR_NS });
    expect((await s.viewer.request('GET', `/api/reports/${config.id}?format=pdf`)).statusCode).toBe(400);
    const json = await makeReportConfig(db, s.org.id, s.site.id, {
      type: 'reportTypeCategories',
      format: 'json',
      categories: [s.crew.id],
    });
    const res = await s.viewer.request('GET', `/api/reports/${json.id}`);
    expect(res.json().rows).toEqual([{ zone: 'Dock', category: 'Crew', count: 1 }]);
  });

  it('POST reports/adhoc as excel, and the Activity export honouring flattenEventsExports', async () => {
    const s = await reportScenario(app);
    const xlsx = await adhoc(s, { type: 'reportTypeCategories', format: 'excel' });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((await workbookOf(xlsx.rawPayload)).rows).toEqual([
      ['Zone', 'Category', 'Count'],
      ['Dock', 'Crew', 1],
      ['Store', 'Tools', 1],
    ]);
    const wide = await s.viewer.request('GET', `/api/eventsbything/export?site=${s.site.id}&${range}`);
    expect(wide.statusCode).toBe(200);
    expect(wide.headers['content-disposition']).toContain('Activity.xlsx');
    expect((await workbookOf(wide.rawPayload)).rows).toHaveLength(4);
    await s.admin.request('POST', `/api/orgsettings?site=${s.site.id}`, { flattenEventsExports: true });
    const flat = await workbookOf(
      (await s.viewer.request('GET', `/api/eventsbything/export?site=${s.site.id}&${range}`)).rawPayload,
    );
    expect(flat.rows[0]).toEqual([
      'Name',
      'Class',
      'Day',
      'Zone',
      'First Seen (America/New_York)',
      'Last Seen (America/New_York)',
      'Hours In Zone',
      'Events',
    ]);
    expect(flat.rows.slice(1).map((r) => [r[0], r[3], r[7]])).toEqual([
      ['-Ann', 'Dock', 1],
      ['-Ann', 'Dock', 1],
      ['-Ann', 'Store', 2],
      ['=Drill', 'Store', 1],
    ]);
  });
});

describe('report calls: 400, 401, 404', () => {
  it('validates before the first byte', async () => {
    const s = await reportScenario(app);
    const config = await makeReportConfig(db, s.org.id, s.site.id);
    for (const query of [
      '?after=yesterday',
      `?after=${TWO_DAYS.before}&before=${TWO_DAYS.after}`,
      '?after=2020-01-01T00:00:00Z&before=2024-01-01T00:00:00Z',
    ]) {
      const res = await s.viewer.request('GET', `/api/reports/${config.id}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
    }
    expect((await s.viewer.request('GET', '/api/reports/nope')).statusCode).toBe(400);
    const other = await makeSite(app, s.org.id);
    const bad = async (body: object, message: RegExp) => {
      const res = await adhoc(s, { type: 'reportTypeSeen', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await bad({ type: 'reportTypeAll' }, /type/);
    await bad({ format: 'csv' }, /format must be excel or json/);
    await bad({ site: 'x' }, /site/);
    await bad({ zones: [other.id] }, /zones\.0: unknown zone/);
    await bad({ categories: [s.dock] }, /categories\.0: unknown category/);
    await bad({ class: 'robot' }, /class/);
    for (const query of ['', '?site=x', `?site=${s.site.id}&before=soon`]) {
      expect((await s.viewer.request('GET', `/api/eventsbything/export${query}`)).statusCode, query).toBe(
        400,
      );
      expect((await s.viewer.request('GET', `/api/zonedurations/summary${query}`)).statusCode, query).toBe(
        400,
      );
    }
  });

  it('401 without a caller; 404 for another organization or a site the caller cannot read', async () => {
    const s = await reportScenario(app);
    const config = await makeReportConfig(db, s.org.id, s.site.id);
    const anon = anonymous(app);
    expect((await anon.request('GET', `/api/reports/${config.id}`)).statusCode).toBe(401);
    expect(
      (await anon.request('POST', '/api/reports/adhoc', { type: 'reportTypeSeen', site: s.site.id }))
        .statusCode,
    ).toBe(401);
    expect((await anon.request('GET', `/api/eventsbything/export?site=${s.site.id}`)).statusCode).toBe(401);
    expect((await anon.request('GET', `/api/zonedurations/summary?site=${s.site.id}`)).statusCode).toBe(401);
    const other = await makeTenant(app);
    const elsewhere = await makeSite(app, s.org.id);
    const user = await makeUser(app, s.org.id, { role: 'admin', sites: [elsewhere.id] });
    const limited = await login(app, user.username);
    for (const client of [other.admin, limited]) {
      expect((await client.request('GET', `/api/reports/${config.id}`)).statusCode).toBe(404);
      expect(
        (await client.request('POST', '/api/reports/adhoc', { type: 'reportTypeSeen', site: s.site.id }))
          .statusCode,
      ).toBe(404);
      expect((await client.request('GET', `/api/eventsbything/export?site=${s.site.id}`)).statusCode).toBe(
        404,
      );
      expect((await client.request('GET', `/api/zonedurations/summary?site=${s.site.id}`)).statusCode).toBe(
        404,
      );
    }
  });
});
