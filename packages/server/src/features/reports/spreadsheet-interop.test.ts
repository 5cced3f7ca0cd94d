/**
 * Every export opened by a reader that is not Sightline's writer: LibreOffice (headless) where it is
 * installed — its CSV rendering of the workbook shows what a person sees, and the workbook it saves
 * back tells each cell's type — else exceljs's reader; report CSV through csv-parse with CRLF
 * records only. Formula-like text, accents and dates must arrive as written.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { reportScenario, TWO_DAYS } from '../../../test/factories/report.factory.js';
import { makeApp, makeReportConfig } from '../../../test/factories.js';
import { things } from '../../db/schema.js';

const app = await makeApp();
const { db } = app.ctx;
const range = `after=${TWO_DAYS.after}&before=${TWO_DAYS.before}`;

const hasLibreOffice = spawnSync('soffice', ['--version'], { timeout: 60_000 }).status === 0;
const work = mkdtempSync(path.join(tmpdir(), 'sightline-interop-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Converts `file` with LibreOffice (its own profile, so parallel runs do not share a lock). */
function soffice(file: string, to: string, infilter?: string) {
  const out = path.join(work, `out-${to.split(':')[0]}`);
  const res = spawnSync(
    'soffice',
    [
      '--headless',
      `-env:UserInstallation=file://${path.join(work, 'profile')}`,
      ...(infilter ? [`--infilter=${infilter}`] : []),
      '--convert-to',
      to,
      '--outdir',
      out,
      file,
    ],
    { timeout: 180_000, encoding: 'utf8' },
  );
  if (res.status !== 0) throw new Error(`soffice failed: ${res.stderr}`);
  const ext = to.split(':')[0] ?? to;
  return readFileSync(path.join(out, `${path.basename(file, path.extname(file))}.${ext}`));
}

/** Each row's cells as [type, value]: 'text', 'number', 'date' or 'formula'. */
async function typedCells(xlsx: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: [string, unknown][][] = [];
  sheet.eachRow((row) => {
    const cells: [string, unknown][] = [];
    row.eachCell({ includeEmpty: true }, (cell) => {
      const v = cell.value;
      if (v === null || v === undefined) cells.push(['empty', null]);
      else if (cell.formula) cells.push(['formula', cell.formula]);
      else if (v instanceof Date) cells.push(['date', v.toISOString()]);
      else if (typeof v === 'number') cells.push(['number', v]);
      else if (typeof v === 'string') cells.push(['text', v]);
      else if (typeof v === 'object' && 'richText' in v)
        cells.push(['text', v.richText.map((r) => r.text).join('')]);
      else cells.push(['other', v]);
    });
    rows.push(cells);
  });
  return rows;
}

/**
 * What an outside reader makes of the workbook: LibreOffice's CSV (the cells as shown) and the
 * types in the workbook LibreOffice saves, or exceljs's types when LibreOffice is missing.
 */
async function openOutside(name: string, xlsx: Buffer) {
  const file = path.join(work, `${name}.xlsx`);
  writeFileSync(file, xlsx);
  if (!hasLibreOffice) return { shown: undefined, typed: await typedCells(xlsx) };
  const shown = parse(soffice(file, 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true'), {
    relax_column_count: true,
  }) as string[][];
  return { shown, typed: await typedCells(soffice(file, 'xlsx')) };
}

async function scenario() {
  const s = await reportScenario(app);
  await db.update(things).set({ name: '-Zoë Ångström', serial: '@ÆØÅ' }).where(eq(things.id, s.ann));
  await db.update(things).set({ name: '=1+2', serial: '+44 20 7946' }).where(eq(things.id, s.drill));
  return s;
}

describe.skipIf(process.env.SKIP_INTEROP === '1')('exports read by outside readers', () => {
  it(`the things workbook (${hasLibreOffice ? 'LibreOffice' : 'exceljs; LibreOffice is not installed'})`, async () => {
    const s = await scenario();
    const res = await s.viewer.request('GET', `/api/things/export?site=${s.site.id}&class=item`);
    expect(res.statusCode).toBe(200);
    const { shown, typed } = await openOutside('things', res.rawPayload);
    const byName = new Map(typed.map((r) => [r[0]?.[1], r]));
    const drill = byName.get('=1+2');
    expect(drill?.slice(0, 3)).toEqual([
      ['text', '=1+2'],
      ['text', '+44 20 7946'],
      ['text', 'item'],
    ]);
    expect(drill?.[6]).toEqual(['text', 'Store']);
    // 10:00 on Jan 11 in New York, a real date
    expect(drill?.[7]).toEqual(['date', '2024-01-11T10:00:00.000Z']);
    if (shown) {
      expect(shown[0]?.[7]).toBe('Zone Entry Time (America/New_York)');
      const row = shown.find((r) => r[0] === '=1+2');
      expect(row?.slice(0, 2)).toEqual(['=1+2', '+44 20 7946']);
      expect(row?.[7]).toBe('2024-01-11 10:00:00');
    }
  }, 300_000);

  it('the exceptions workbook', async () => {
    const s = await scenario();
    const res = await s.viewer.request('GET', `/api/exceptions/export?site=${s.site.id}&${range}`);
    expect(res.statusCode).toBe(200);
    const { shown, typed } = await openOutside('exceptions', res.rawPayload);
    expect(typed[0]?.[0]).toEqual(['text', 'Time (America/New_York)']);
    // 04:00 UTC is 23:00 on Jan 10 in New York
    expect(typed[1]?.slice(0, 4)).toEqual([
      ['date', '2024-01-10T23:00:00.000Z'],
      ['text', 'Zone time'],
      ['text', '-Zoë Ångström'],
      ['text', 'Dock'],
    ]);
    if (shown) expect(shown[1]?.slice(0, 3)).toEqual(['2024-01-10 23:00:00', 'Zone time', '-Zoë Ångström']);
  }, 300_000);

  it('the report workbook: formula-like text, accents and site-local dates', async () => {
    const s = await scenario();
    const config = await makeReportConfig(db, s.org.id, s.site.id, {
      name: 'Activity',
      type: 'reportTypeEvents',
    });
    const res = await s.viewer.request('GET', `/api/reports/${config.id}?${range}`);
    expect(res.statusCode).toBe(200);
    const { shown, typed } = await openOutside('activity', res.rawPayload);
    expect(typed[0]?.[3]).toEqual(['text', 'First Seen (America/New_York)']);
    const ann = typed.find((r) => r[0]?.[1] === '-Zoë Ångström');
    expect(ann?.slice(0, 4)).toEqual([
      ['text', '-Zoë Ångström'],
      ['text', 'worker'],
      ['date', '2024-01-10T00:00:00.000Z'],
      ['date', '2024-01-10T22:00:00.000Z'],
    ]);
    expect(typed.find((r) => r[0]?.[1] === '=1+2')?.[0]).toEqual(['text', '=1+2']);
    if (shown) {
      expect(shown.filter((r) => r[0] === '-Zoë Ångström').map((r) => r.slice(0, 4))).toContainEqual([
        '-Zoë Ångström',
        'worker',
        '2024-01-10',
        '2024-01-10 22:00:00',
      ]);
      expect(shown.some((r) => r[0] === '=1+2')).toBe(true);
    }
  }, 300_000);

  it('the report CSV: strict CRLF records, a byte order mark, neutralised formulas, zone-named headers', async () => {
    const s = await scenario();
    const config = await makeReportConfig(db, s.org.id, s.site.id, {
      name: 'Activity',
      type: 'reportTypeEvents',
      format: 'csv',
    });
    const res = await s.viewer.request('GET', `/api/reports/${config.id}?${range}`);
    expect(res.statusCode).toBe(200);
    const rows = parse(res.rawPayload, { bom: true, record_delimiter: '\r\n' }) as string[][];
    expect(rows[0]?.slice(0, 5)).toEqual([
      'Name',
      'Class',
      'Day',
      'First Seen (America/New_York)',
      'Last Seen (America/New_York)',
    ]);
    expect(rows).toContainEqual(
      expect.arrayContaining(["'-Zoë Ångström", 'worker', '2024-01-10', '2024-01-10 22:00:00']),
    );
    expect(rows.some((r) => r[0] === "'=1+2")).toBe(true);
    // A bare LF never ends a record: the same body with LF records does not parse as these records.
    const lf = res.rawPayload.toString('utf8').replaceAll('\r\n', '\n');
    expect(
      (parse(lf, { bom: true, record_delimiter: '\r\n', relax_column_count: true }) as string[][]).length,
    ).toBe(1);
  }, 60_000);

  it('the report CSV: a name or zone holding a line break stays in its cell, and nothing after it runs', async () => {
    const s = await scenario();
    await db.update(things).set({ name: 'Pallet 9\n=2+5*7' }).where(eq(things.id, s.drill));
    await db.update(things).set({ name: 'cr\rhere' }).where(eq(things.id, s.ann));
    const config = await makeReportConfig(db, s.org.id, s.site.id, {
      name: 'Activity',
      type: 'reportTypeEvents',
      format: 'csv',
    });
    const res = await s.viewer.request('GET', `/api/reports/${config.id}?${range}`);
    expect(res.statusCode).toBe(200);
    const body = res.rawPayload.toString('utf8');
    expect(unquotedLineBreaks(body)).toEqual([]);
    const rows = parse(res.rawPayload, { bom: true, record_delimiter: '\r\n' }) as string[][];
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(['Pallet 9\n=2+5*7', 'cr\rhere']));
    expect(rows.some((r) => r[0]?.startsWith('=') || r[0] === 'here')).toBe(false);
    if (hasLibreOffice) {
      const file = path.join(work, 'linebreaks.csv');
      writeFileSync(file, res.rawPayload);
      const typed = await typedCells(soffice(file, 'xlsx', 'CSV:44,34,76,1'));
      expect(typed.flat().filter(([type]) => type === 'formula')).toEqual([]);
      expect(typed.map((r) => r[0]?.[1])).toContain('Pallet 9\n=2+5*7');
    }
  }, 300_000);
});

/** Offsets of CR or LF outside quotes that are not a CRLF record end. */
function unquotedLineBreaks(csv: string) {
  const found: number[] = [];
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '\r' && csv[i + 1] !== '\n') found.push(i);
    else if (!quoted && c === '\n' && csv[i - 1] !== '\r') found.push(i);
  }
  return found;
}
