/**
 * Migration 0031 on a database that already holds events and stays: they become the DEFAULT
 * partitions' rows, still read, merged into and deleted (the stays' rollup following) through the
 * partitioned tables, and the next event's id is drawn from today's block. On PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, rows, type Tx } from '../../db/client.js';

const DAY = 24 * 60 * 60 * 1000;
const PARTITIONED_HISTORY = '0031_partitioned_history';
const pgUrl = process.env.TEST_DATABASE_URL;

/** The migrations folder as it was before partitioned history: every migration written before it. */
function before(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sightline-before-'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const cut = journal.entries.find((e) => e.tag === PARTITIONED_HISTORY)?.when ?? 0;
  const entries = journal.entries.filter((e) => e.when < cut);
  for (const f of readdirSync(migrationsFolder))
    if (entries.some((e) => `${e.tag}.sql` === f))
      copyFileSync(path.join(migrationsFolder, f), path.join(dir, f));
  mkdirSync(path.join(dir, 'meta'));
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

async function seed(db: Tx) {
  await db.execute(sql`INSERT INTO events (org_id, site_id, tag, thing_id, time, first_time)
    VALUES ('o1', 's1', 'AB01', 't1', now() - interval '2 days', now() - interval '2 days'),
           ('o1', 's1', 'AB02', 't2', now() - interval '1 hour', now() - interval '1 hour')`);
  await db.execute(sql`INSERT INTO zone_durations (org_id, site_id, thing_id, zone_id, time_start, time_end, time_duration_ns)
    VALUES ('o1', 's1', 't1', 'z1', now() - interval '3 days 1 minute', now() - interval '3 days', 60000000000),
           ('o1', 's1', 't2', 'z1', now() - interval '1 minute' , now(), 60000000000)`);
}

async function check(db: Tx) {
  const placed = await rows<{ part: string; n: number }>(
    db,
    sql`SELECT tableoid::regclass::text AS part, count(*)::int AS n FROM events GROUP BY 1
      UNION ALL SELECT tableoid::regclass::text, count(*)::int FROM zone_durations GROUP BY 1 ORDER BY 1`,
  );
  expect(placed).toEqual([
    { part: 'events_default', n: 2 },
    { part: 'zone_durations_default', n: 2 },
  ]);
  // An old event is still merged into by its id.
  const [old] = await rows<{ id: string }>(db, sql`SELECT id FROM events WHERE tag = 'AB02'`);
  const merged = await rows<{ id: string }>(
    db,
    sql`UPDATE events SET repeat_count = repeat_count + 1, time = now() WHERE id = ${old?.id} RETURNING id`,
  );
  expect(merged).toHaveLength(1);
  // The next event's id is today's, in today's partition.
  const [next] = await rows<{ id: string; part: string }>(
    db,
    sql`INSERT INTO events (org_id, site_id, tag, thing_id, time, first_time)
      VALUES ('o1', 's1', 'AB03', 't3', now(), now()) RETURNING id, tableoid::regclass::text AS part`,
  );
  const today = Math.floor(Date.now() / DAY);
  expect(Math.floor(Number(next?.id) / 2 ** 32)).toBe(today);
  expect(next?.part).toBe(`events_p${new Date(today * DAY).toISOString().slice(0, 10).replaceAll('-', '')}`);
  // Stays deleted through the partitioned table leave the rollup (its triggers moved with it).
  const us = async () =>
    Number(
      (
        await rows<{ us: string }>(db, sql`SELECT coalesce(sum(us), 0)::bigint AS us FROM zone_time_quarters`)
      )[0]?.us,
    );
  expect(await us()).toBe(2 * 60_000_000);
  await db.execute(sql`DELETE FROM zone_durations WHERE thing_id = 't1'`);
  expect(await us()).toBe(60_000_000);
}

describe('partitioned history on an upgraded database', () => {
  it('keeps the events and stays stored before (PGlite)', { timeout: 180_000 }, async () => {
    const from = before();
    const pglite = await PGlite.create('memory://', { extensions: { pg_trgm, btree_gin } });
    try {
      const db = drizzlePglite(pglite) as unknown as Tx;
      await migratePglite(drizzlePglite(pglite), { migrationsFolder: from });
      await seed(db);
      await migratePglite(drizzlePglite(pglite), { migrationsFolder });
      await check(db);
    } finally {
      await pglite.close();
    }
  });

  it.skipIf(!pgUrl)(
    'keeps the events and stays stored before (PostgreSQL)',
    { timeout: 180_000 },
    async () => {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      const name = `sightline_upgrade_${process.pid}_${Date.now()}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(pgUrl ?? '');
      url.pathname = `/${name}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const db = drizzleNodePg(client) as unknown as Tx;
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder: before() });
        await seed(db);
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
        await check(db);
      } finally {
        await client.end();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
