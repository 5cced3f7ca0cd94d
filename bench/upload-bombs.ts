/**
 * Upload bombs against the sheet reader (docs/security.md "Uploads"): each bomb is built in memory
 * and read by `readSheet` in a child process of its own, which reports its answer, its time, its
 * RSS once the bomb is built and its peak RSS (getrusage's maxrss), so one bomb's memory never
 * counts against the next. An ordinary 20,000-row sheet is read the same way for comparison.
 *
 *   npx tsx bench/upload-bombs.ts [--case <name>]
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readSheet } from '@sightline/server/src/features/import/sheet.js';
import { assetSheetRows, makeXlsx, xlsxBomb } from '../packages/server/test/factories/import.factory.js';

const CASES: Record<string, () => Buffer | Promise<Buffer>> = {
  'an ordinary sheet of 20,000 rows (for comparison)': () => makeXlsx(assetSheetRows(20_000, 40)),
  'shared strings 1.4 GB': () => xlsxBomb.sharedStrings(1400),
  'shared strings 1.4 GB, sizes that lie': () => xlsxBomb.sharedStrings(1400, false),
  'one shared string of 60 M characters': () => xlsxBomb.longSharedString(60 * 1024 * 1024),
  'one inline cell of 60 M characters': () => xlsxBomb.longInlineCell(60 * 1024 * 1024),
  '20,000 × 100 cells naming one 32,767-character string': () => xlsxBomb.repeatedCells(20_000, 100, 32_767),
  '10,000 entries': () => xlsxBomb.entries(10_000),
  '10 M nested elements': () => xlsxBomb.nesting(10_000_000),
};

const { values: args } = parseArgs({ options: { case: { type: 'string' } } });

async function runOne(name: string) {
  const build = CASES[name];
  if (!build) throw new Error(`unknown case ${name}`);
  const bomb = await build();
  const built = process.memoryUsage().rss / 1024 / 1024;
  const started = performance.now();
  let answer: string;
  try {
    const sheet = await readSheet(bomb);
    answer = `read: ${sheet.rows.length} rows, ${JSON.stringify(sheet).length} bytes of JSON`;
  } catch (err) {
    const e = err as { statusCode?: number; message?: string };
    answer = `${e.statusCode ?? 'error'} ${String(e.message).slice(0, 90)}`;
  }
  const ms = performance.now() - started;
  const peak = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({
      name,
      upload: bomb.length,
      answer,
      ms: Math.round(ms),
      builtMb: Math.round(built),
      peakMb: Math.round(peak),
    }),
  );
}

if (args.case) await runOne(args.case);
else {
  console.log('| bomb | upload | answer | time | RSS once built | peak RSS |');
  console.log('| --- | ---: | --- | ---: | ---: | ---: |');
  for (const name of Object.keys(CASES)) {
    let line: string;
    try {
      line = execFileSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), '--case', name],
        { encoding: 'utf8', maxBuffer: 1 << 20, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const r = JSON.parse(line.trim().split('\n').at(-1) ?? '{}');
      line = `| ${name} | ${(r.upload / 1024).toFixed(0)} kB | ${r.answer} | ${r.ms} ms | ${r.builtMb} MB | ${r.peakMb} MB |`;
    } catch (err) {
      const e = err as { status?: number; signal?: string; stderr?: string };
      line = `| ${name} | | crashed (${e.signal ?? e.status}): ${String(e.stderr)
        .split('\n')
        .find((l) => /Error|heap/i.test(l))
        ?.slice(0, 90)} | | | |`;
    }
    console.log(line);
  }
}
