/**
 * The raw sightings log's day partitions (migration 0021; docs/decisions/0323-partitioned-sightings.md):
 * one per UTC day `[day, day + 1)`, named `sightings_pYYYYMMDD`, created PARTITIONS_AHEAD days ahead
 * so current reads never land in the DEFAULT partition, and detached and dropped whole once the
 * longest sightings policy of every organization has passed their end — the disk comes back at
 * once, with no row-by-row delete. Organizations keeping less have their rows deleted in batches.
 *
 * Creating and dropping a partition lock the parent table; each runs in its own transaction with a
 * LOCK_TIMEOUT, so ingest never waits behind it for longer: a partition not made or dropped this
 * run is made or dropped at the next.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { sightings } from '../../db/schema.js';

/** The log's columns by name. */
const columns = sql.raw(
  Object.values(getTableColumns(sightings))
    .map((c) => `"${c.name}"`)
    .join(', '),
);

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of partitions made ahead of today: a missed run or two never sends today's reads to DEFAULT. */
export const PARTITIONS_AHEAD = 3;
/** The longest ingest may wait on a partition change's lock. */
const LOCK_TIMEOUT = '100ms';
const NAME = /^sightings_p(\d{4})(\d{2})(\d{2})$/;

const dayStart = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
const nameOf = (day: number) => `sightings_p${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`;

/** The day partitions of the sightings log, oldest first: name and first instant (UTC). */
export async function sightingPartitions(db: Db): Promise<{ name: string; from: number }[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'sightings'::regclass`,
  );
  return found
    .flatMap(({ name }) => {
      const m = NAME.exec(name);
      return m ? [{ name, from: Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) }] : [];
    })
    .sort((a, b) => a.from - b.from);
}

/** Runs `statement` in a transaction whose locks wait at most LOCK_TIMEOUT; false when it could not. */
async function briefly(db: Db, statement: ReturnType<typeof sql>[]): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`));
      for (const s of statement) await tx.execute(s);
    });
    return true;
  } catch {
    // A lock not had in time, or DEFAULT already holding rows of that day: left for the next run.
    return false;
  }
}

/** Makes the partitions of today and the PARTITIONS_AHEAD days after `now`; answers those made. */
export async function ensureSightingPartitions(db: Db, now: number): Promise<string[]> {
  const have = new Set((await sightingPartitions(db)).map((p) => p.name));
  const made: string[] = [];
  for (let i = 0; i <= PARTITIONS_AHEAD; i++) {
    const from = dayStart(now) + i * DAY_MS;
    const name = nameOf(from);
    if (have.has(name)) continue;
    const bounds = sql.raw(
      `FROM ('${new Date(from).toISOString()}') TO ('${new Date(from + DAY_MS).toISOString()}')`,
    );
    const table = sql.identifier(name);
    const made_ =
      (await briefly(db, [sql`CREATE TABLE ${table} PARTITION OF sightings FOR VALUES ${bounds}`])) ||
      // DEFAULT already holds rows of that day (written before its partition existed, or kept from
      // before the log was partitioned): they move into the day's new partition, which is attached.
      (await briefly(db, [
        sql`CREATE TABLE ${table} (LIKE sightings INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
        // By name: DEFAULT (the log's table before it was partitioned) may order its columns otherwise.
        sql`WITH moved AS (DELETE FROM sightings_default
            WHERE time >= ${new Date(from).toISOString()}::timestamptz
              AND time < ${new Date(from + DAY_MS).toISOString()}::timestamptz RETURNING ${columns})
          INSERT INTO ${table} (${columns}) SELECT ${columns} FROM moved`,
        sql`ALTER TABLE sightings ATTACH PARTITION ${table} FOR VALUES ${bounds}`,
      ]));
    if (made_) made.push(name);
  }
  return made;
}

/** Estimated rows of a table: the planner's count once analysed, else an exact one. */
async function estimatedRows(db: Db, name: string): Promise<number> {
  const [est] = await rows<{ n: number }>(
    db,
    sql`SELECT reltuples::bigint AS n FROM pg_class WHERE oid = ${name}::regclass`,
  );
  if (est && Number(est.n) >= 0) return Number(est.n);
  const [exact] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::bigint AS n FROM ${sql.identifier(name)}`,
  );
  return Number(exact?.n ?? 0);
}

/**
 * Detaches and drops every day partition that ends at or before `before` (the boundary of the
 * longest sightings policy); answers the rows they held (estimated).
 */
export async function dropExpiredSightingPartitions(db: Db, before: Date | null): Promise<number> {
  if (!before) return 0;
  let dropped = 0;
  for (const p of await sightingPartitions(db)) {
    if (p.from + DAY_MS > before.getTime()) break;
    const n = await estimatedRows(db, p.name);
    const table = sql.identifier(p.name);
    if (await briefly(db, [sql`ALTER TABLE sightings DETACH PARTITION ${table}`, sql`DROP TABLE ${table}`]))
      dropped += n;
  }
  return dropped;
}
