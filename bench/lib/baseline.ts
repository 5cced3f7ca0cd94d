/**
 * The floor to compare with: how fast this PostgreSQL takes the same rows with nothing else done,
 * as plain multi-row INSERTs (500 rows per statement, one statement per transaction, like one
 * ingest batch per transaction) into a copy of the events table (same columns and indexes), from
 * as many concurrent connections as the ingest run has clients.
 */
import pg from 'pg';

const COLUMNS = [
  'org_id',
  'site_id',
  'tag',
  'thing_id',
  'time',
  'first_time',
  'repeat_count',
  'direction',
  'endpoint_id',
  'antenna',
  'zone_id',
  'location_tag_id',
  'alarm_tamper',
  'data',
] as const;

/** Ids of the same shape as the server's (24 hex). */
const ENDPOINT = '6565f0a1b2c3d4e5f6a7b8c9';
const ZONE = '6565f0a1b2c3d4e5f6a7b8d0';

function insertText(rows: number): string {
  const values = Array.from(
    { length: rows },
    (_, r) => `(${COLUMNS.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`,
  );
  return `INSERT INTO events_baseline (${COLUMNS.join(', ')}) VALUES ${values.join(', ')}`;
}

export async function baselineInsert(
  url: string,
  opts: {
    orgId: string;
    siteId: string;
    tags: readonly string[];
    batch: number;
    clients: number;
    seconds: number;
  },
): Promise<{ rows: number; seconds: number; statements: number }> {
  const pool = new pg.Pool({ connectionString: url, max: opts.clients });
  // The database is dropped right after the run: a closing connection may report that; ignore it.
  pool.on('error', () => undefined);
  try {
    await pool.query('DROP TABLE IF EXISTS events_baseline');
    await pool.query('CREATE TABLE events_baseline (LIKE events INCLUDING ALL)');
    const text = insertText(opts.batch);
    let rows = 0;
    let statements = 0;
    let next = 0;
    const start = performance.now();
    const until = Date.now() + opts.seconds * 1000;
    await Promise.all(
      Array.from({ length: opts.clients }, async () => {
        while (Date.now() < until) {
          const now = Date.now();
          const params: unknown[] = [];
          for (let i = 0; i < opts.batch; i++) {
            const t = next++ % opts.tags.length;
            const tag = opts.tags[t];
            const thing = t.toString(16).padStart(24, '0');
            const time = new Date(now - (opts.batch - i)).toISOString();
            params.push(opts.orgId, opts.siteId, tag, thing, time, time, 0, 'NEAR', ENDPOINT, 1);
            params.push(ZONE, null, false, `{"cFloat0":${now}}`);
          }
          await pool.query(text, params);
          rows += opts.batch;
          statements++;
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    await pool.query('DROP TABLE events_baseline');
    return { rows, seconds, statements };
  } finally {
    await pool.end();
  }
}
