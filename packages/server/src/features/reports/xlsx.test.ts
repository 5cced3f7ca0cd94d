import { PassThrough } from 'node:stream';
import { wallClockDate } from '@sightline/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { excelSerial, writeSheet, type XlsxCell, type XlsxColumn } from '../../platform/xlsx.js';
import { readSheet } from '../import/sheet.js';
import { wallClockSerials } from './render.js';

async function written(name: string, columns: XlsxColumn[], rows: XlsxCell[][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeSheet(
    out,
    name,
    columns,
    (async function* () {
      yield* rows;
    })(),
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook;
}

describe('writeSheet (the reports xlsx writer)', () => {
  it('writes a workbook exceljs reads back: typed cells, formats, bold header, escaped text', async () => {
    const day = excelSerial(new Date('2024-01-10T00:00:00Z'));
    const at = excelSerial(new Date('2024-01-10T22:00:00Z'));
    const workbook = await written(
      'Stays & <more>',
      [
        { header: 'Name <1>', kind: 'text', width: 28 },
        { header: 'Day', kind: 'day', width: 22 },
        { header: 'At', kind: 'date', width: 22 },
        { header: 'Hours', kind: 'duration', width: 22 },
        { header: 'Events', kind: 'number', width: 22 },
      ],
      [
        ['A & "B" \'C\' <d>\u0001', day, at, 2 / 24, 3],
        [null, null, null, null, Number.NaN],
        ['x'.repeat(70_000), day, at, 1.5, 0],
      ],
    );
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('Stays & <more>');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name <1>', 'Day', 'At', 'Hours', 'Events']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe('A & "B" \'C\' <d>');
    expect(sheet.getCell('B2').value).toEqual(new Date('2024-01-10T00:00:00Z'));
    expect(sheet.getCell('C2').value).toEqual(new Date('2024-01-10T22:00:00Z'));
    expect(sheet.getCell('B2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('C2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getCell('D2').numFmt).toBe('[h]:mm:ss');
    expect(sheet.getCell('E2').value).toBe(3);
    expect(sheet.getCell('E2').type).toBe(ExcelJS.ValueType.Number);
    // Empty and non-finite cells are left out.
    expect(sheet.getCell('A3').value).toBeNull();
    expect(sheet.getCell('E3').value).toBeNull();
    expect(sheet.getCell('A4').value).toHaveLength(70_000);
    expect(sheet.getCell('E4').value).toBe(0);
    expect(sheet.getColumn(1).width).toBe(28);
  });

  it('keeps a carriage return and text that reads like an escape, as a reader decodes them', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const texts = ['cr\rhere', 'crlf\r\nhere', 'literal _x000D_ and _x005F_'];
    await writeSheet(
      out,
      'Texts',
      [{ header: 'Text', kind: 'text', width: 28 }],
      (async function* () {
        yield* texts.map((t) => [t]);
      })(),
    );
    const file = Buffer.concat(chunks);
    const read = await readSheet(file);
    expect(read.rows.map((r) => r.cells[0])).toEqual([
      'cr\rhere',
      'crlf\r\nhere',
      'literal _x000D_ and _x005F_',
    ]);
  });

  it('streams many rows and rejects when the rows fail', async () => {
    const many = Array.from({ length: 30_000 }, (_, i): XlsxCell[] => [`Thing ${i}`, i]);
    const columns: XlsxColumn[] = [
      { header: 'Name', kind: 'text', width: 28 },
      { header: 'N', kind: 'number', width: 22 },
    ];
    const workbook = await written('Many', columns, many);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(30_001);
    expect(sheet?.getCell('A30001').value).toBe('Thing 29999');
    expect(sheet?.getCell('B30001').value).toBe(29_999);

    const out = new PassThrough();
    let ended = false;
    out.on('end', () => {
      ended = true;
    });
    out.resume();
    await expect(
      writeSheet(
        out,
        'Broken',
        columns,
        (async function* () {
          yield ['a', 1] as XlsxCell[];
          throw new Error('rows failed');
        })(),
      ),
    ).rejects.toThrow('rows failed');
    // A truncated file is never ended as if complete (the route then destroys the response).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ended).toBe(false);
  });

  it('wallClockSerials equals the exact wall clock, across DST changes and odd offsets', () => {
    const wrong: string[] = [];
    for (const timeZone of [
      'America/New_York',
      'America/St_Johns',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'UTC',
    ]) {
      const serial = wallClockSerials(timeZone);
      // Every 7 minutes 13 seconds through the weeks of 2024 where these zones change offset.
      for (const [from, to] of [
        [Date.UTC(2024, 2, 8), Date.UTC(2024, 2, 12)],
        [Date.UTC(2024, 3, 5), Date.UTC(2024, 3, 8)],
        [Date.UTC(2024, 9, 4), Date.UTC(2024, 9, 8)],
        [Date.UTC(2024, 10, 2), Date.UTC(2024, 10, 5)],
      ] as const)
        for (let ms = from; ms < to; ms += 433_000) {
          const d = new Date(ms + 123);
          if (serial(d) !== excelSerial(wallClockDate(d, timeZone)))
            wrong.push(`${timeZone} ${d.toISOString()}`);
        }
    }
    expect(wrong).toEqual([]);
  });
});
