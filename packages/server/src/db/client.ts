/**
 * One Drizzle database over either embedded PGlite (no DATABASE_URL; a data folder or memory)
 * or PostgreSQL (DATABASE_URL). Migrations run at start under an advisory lock, so a second
 * start is a no-op and two servers starting together on one PostgreSQL do not race.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_LOCK } from './locks.js';
import * as schema from './schema.js';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Plain PostgreSQL pool (postgres only): LISTEN/NOTIFY and benchmarks. */
  pool?: pg.Pool;
  pglite?: PGlite;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without it, PGlite. */
  url?: string;
  /** PGlite's folder; without it, PGlite in memory. */
  dataDir?: string;
  /** Most connections the PostgreSQL pool opens (default 10). */
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 10);
  return openPglite(opts.dataDir);
}

async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm, btree_gin } });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(pglite), { migrationsFolder });
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client dropped by the server (restart, failover) must not crash the process; the pool reconnects.
  pool.on('error', (err) => console.error('PostgreSQL idle client error:', err.message));
  // A client checked out between two queries (inside a transaction) when the server goes emits
  // 'error' too, where the pool no longer listens: without this the process dies of an uncaught
  // exception. The transaction's next query fails instead, and the request answers 5xx.
  pool.on('connect', (client) =>
    client.on('error', (err) => console.error('PostgreSQL client error:', err.message)),
  );
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK]).catch(() => undefined);
    client.release();
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

/** Rows of a raw query, whichever driver ran it. */
export async function rows<T>(db: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
