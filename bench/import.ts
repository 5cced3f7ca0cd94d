/**
 * Import benchmark (docs/benchmarks.md): a 10,000-row xlsx (duplicates, prefixed and generated
 * tags, a formula cell) through a real server process on PostgreSQL the way the import screen
 * drives it — upload, preview, then batches of 500 one after another — against a plain batched
 * INSERT of the same 10,000 items into a copy of the things table, measured in the same run.
 *
 *   npm run bench:import [-- --rows 10000] [--profile <dir>]   (--profile: a CPU profile of the server)
 *
 * Uses its own database (BENCH_DATABASE, default sightline_bench_import) on BENCH_PG_URL
 * (default postgres://postgres@127.0.0.1:5432/), created at the start and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  CSRF_HEADER,
  CSRF_VALUE,
  IMPORT_BATCH_SIZE,
  type ImportPreview,
  type ImportSheet,
} from '@sightline/shared';
import pg from 'pg';
import {
  ASSET_SHEET_MAPPING,
  assetSheetRows,
  existingAssetTag,
  makeXlsx,
} from '../packages/server/test/factories/import.factory.js';
import { login, type RunningServer, startServer } from './lib/server.js';
import { databaseUrl, dropDatabase, recreateDatabase } from './lib/setup.js';
import { fmt } from './lib/stats.js';

const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, profile: { type: 'string' } },
});
const ROWS = Number(args.rows);
const EXISTING = 40;
const PREFIX = 'ABCD';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/';
const DATABASE = process.env.BENCH_DATABASE ?? 'sightline_bench_import';
const log = (line = '') => console.log(line);
const newId = () =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0') + randomBytes(8).toString('hex');

async function call<T>(port: number, cookie: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    ...init,
    headers: { cookie, [CSRF_HEADER]: CSRF_VALUE, ...(init.headers ?? {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function seed(pool: pg.Pool) {
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM organizations LIMIT 1');
  const orgId = rows[0]?.id;
  if (!orgId) throw new Error('the server did not create its organization');
  const siteId = newId();
  await pool.query(`INSERT INTO sites (id, org_id, name, timezone) VALUES ($1, $2, 'Bench site', 'UTC')`, [
    siteId,
    orgId,
  ]);
  for (let k = 0; k < EXISTING; k++) {
    const id = newId();
    const tag = PREFIX + existingAssetTag(k);
    await pool.query('INSERT INTO things (id, org_id, site_id, name, tag1) VALUES ($1, $2, $3, $4, $5)', [
      id,
      orgId,
      siteId,
      `Existing ${k}`,
      tag,
    ]);
    await pool.query('INSERT INTO thing_tags (org_id, tag, thing_id) VALUES ($1, $2, $3)', [orgId, tag, id]);
  }
  return { orgId, siteId };
}

/** The same items as one plain batched INSERT (500 rows a statement, one transaction) into a copy of things. */
async function baseline(pool: pg.Pool, orgId: string, siteId: string, sheet: ImportSheet) {
  await pool.query('DROP TABLE IF EXISTS things_baseline');
  await pool.query('CREATE TABLE things_baseline (LIKE things INCLUDING ALL)');
  const client = await pool.connect();
  const started = performance.now();
  try {
    await client.query('BEGIN');
    for (let i = 0; i < sheet.rows.length; i += IMPORT_BATCH_SIZE) {
      const part = sheet.rows.slice(i, i + IMPORT_BATCH_SIZE);
      const params: unknown[] = [];
      const values = part.map((r) => {
        const [name, tag, serial, , description, labels] = r.cells;
        params.push(
          newId(),
          orgId,
          siteId,
          name ?? '',
          tag || null,
          serial ?? '',
          description ?? '',
          (labels ?? '').split(/,\s*/),
        );
        const n = params.length;
        return `($${n - 7}, $${n - 6}, $${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
      });
      await client.query(
        `INSERT INTO things_baseline (id, org_id, site_id, name, tag1, serial, description, labels) VALUES ${values.join(', ')}`,
        params,
      );
    }
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  return performance.now() - started;
}

async function main() {
  log(`Sightline import benchmark — ${new Date().toISOString()}`);
  log(
    `sheet: ${fmt(ROWS)} rows, ${EXISTING} existing items, prefix ${PREFIX} with duplicate check and generated tags`,
  );
  await recreateDatabase(PG_URL, DATABASE);
  const url = databaseUrl(PG_URL, DATABASE);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  let server: RunningServer | undefined;
  try {
    server = await startServer({ databaseUrl: url, profileDir: args.profile });
    const cookie = await login(server.port);
    const { orgId, siteId } = await seed(pool);
    const settings = await call<Record<string, unknown>>(
      server.port,
      cookie,
      `/api/orgsettings?site=${siteId}`,
    );
    await call(
      server.port,
      cookie,
      `/api/orgsettings?site=${siteId}`,
      json({
        ...settings,
        orgTagPrefix: PREFIX,
        importSettings: {
          ...(settings.importSettings as object),
          generatePrefixTag: true,
          prefixedTagDupCheck: true,
        },
      }),
    );
    const xlsx = await makeXlsx(assetSheetRows(ROWS, EXISTING));
    log(`xlsx: ${fmt(xlsx.length / 1024)} KiB`);

    const t0 = performance.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(xlsx)]), 'assets.xlsx');
    const sheet = await call<ImportSheet>(server.port, cookie, `/api/import/sheet?site=${siteId}`, {
      method: 'POST',
      body: form,
    });
    const t1 = performance.now();
    const request = { mapping: ASSET_SHEET_MAPPING, headers: sheet.headers };
    const preview = await call<ImportPreview>(
      server.port,
      cookie,
      `/api/import/preview?site=${siteId}`,
      json({ ...request, rows: sheet.rows }),
    );
    const t2 = performance.now();
    let complete = 0;
    let duplicates = 0;
    const batchMs: number[] = [];
    for (let i = 0; i < sheet.rows.length; i += IMPORT_BATCH_SIZE) {
      const b0 = performance.now();
      const result = await call<{ rows: { status: string }[] }>(
        server.port,
        cookie,
        `/api/import/rows?site=${siteId}`,
        json({ ...request, rows: sheet.rows.slice(i, i + IMPORT_BATCH_SIZE) }),
      );
      batchMs.push(performance.now() - b0);
      complete += result.rows.filter((r) => r.status === 'complete').length;
      duplicates += result.rows.filter((r) => r.status === 'complete duplicate').length;
    }
    const t3 = performance.now();
    const { rows: counted } = await pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM things WHERE site_id = $1',
      [siteId],
    );
    const baselineMs = await baseline(pool, orgId, siteId, sheet);

    const total = t3 - t0;
    batchMs.sort((a, b) => a - b);
    log(`preview: ${JSON.stringify(preview.counts)}`);
    log(
      `result: ${fmt(complete)} complete, ${fmt(duplicates)} complete duplicate; things on the site: ${counted[0]?.n}`,
    );
    log(`upload + read sheet: ${fmt(t1 - t0)} ms`);
    log(`preview:             ${fmt(t2 - t1)} ms`);
    log(
      `import (${batchMs.length} batches): ${fmt(t3 - t2)} ms (batch median ${fmt(batchMs[Math.floor(batchMs.length / 2)] ?? 0)} ms, max ${fmt(batchMs.at(-1) ?? 0)} ms)`,
    );
    log(
      `end to end:          ${fmt(total)} ms (${fmt(ROWS / (total / 1000))} rows/s) — target < 20 s: ${total < 20_000 ? 'met' : 'NOT met'}`,
    );
    log(`baseline (plain batched INSERT of the same ${fmt(ROWS)} items): ${fmt(baselineMs)} ms`);
    log(`ratio end to end / baseline: ${fmt(total / baselineMs, 1)}x`);
  } finally {
    await server?.stop();
    await pool.end();
    await dropDatabase(PG_URL, DATABASE);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
