/**
 * The day partitions of the history tables partitioned by time (docs/decisions/0323-partitioned-sightings.md,
 * docs/decisions/0355-events-and-stays-partition-keys.md): the raw sightings log by the read's time,
 * the stays (`zone_durations`) by their end. One partition per UTC day `[day, day + 1)`, named
 * `<table>_pYYYYMMDD`, created PARTITIONS_AHEAD days ahead so current rows never land in the
 * DEFAULT partition, and detached and dropped whole once the longest policy of every organization
 * has passed their end — the disk comes back at once, with no row-by-row delete. Organizations
 * keeping less have their rows deleted in batches.
 *
 * Creating and dropping a partition lock the parent table; each runs in its own transaction with a
 * LOCK_TIMEOUT, so ingest never waits behind it for longer: a partition not made or dropped this
 * run is made or dropped at the next.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, rows } from '../../db/client.js';
import { sightings, zoneDurations } from '../../db/schema.js';

/** A table range-partitioned by day on a time column that never changes once written. */
interface DayPartitioned {
  table: string;
  /** The partition key: the time the row expires by. */
  column: string;
  /** Its columns by name (DEFAULT, the table before it was partitioned, may order them otherwise). */
  columns: ReturnType<typeof sql.raw>;
}

const spec = (table: PgTable, name: string, column: string): DayPartitioned => ({
  table: name,
  column,
  columns: sql.raw(
    Object.values(getTableColumns(table))
      .map((c) => `"${c.name}"`)
      .join(', '),
  ),
});

export const SIGHTINGS_LOG = spec(sightings, 'sightings', 'time');
export const STAYS = spec(zoneDurations, 'zone_durations', 'time_end');

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of partitions made ahead of today: a missed run or two never sends today's rows to DEFAULT. */
export const PARTITIONS_AHEAD = 3;
/** The longest ingest may wait on a partition change's lock. */
const LOCK_TIMEOUT = '100ms';

const dayStart = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
const nameOf = (p: Pick<DayPartitioned, 'table'>, day: number) =>
  `${p.table}_p${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`;

/**
 * The day partitions of a table, oldest first: name and first instant (UTC) of its day. An events
 * day that kept some rows when its day expired is `<name>_kept`.
 */
export async function dayPartitions(
  db: Db,
  p: Pick<DayPartitioned, 'table'>,
): Promise<{ name: string; from: number }[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = ${p.table}::regclass`,
  );
  const pattern = new RegExp(`^${p.table}_p(\\d{4})(\\d{2})(\\d{2})(_kept)?$`);
  return found
    .flatMap(({ name }) => {
      const m = pattern.exec(name);
      return m ? [{ name, from: Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) }] : [];
    })
    .sort((a, b) => a.from - b.from);
}

/** Tries of a partition drop, PAUSE_MS apart: ingest's transactions leave the parent free between them. */
const DROP_TRIES = 5;
const PAUSE_MS = 200;

/**
 * Runs `statement` in a transaction whose locks wait at most LOCK_TIMEOUT, up to `tries` times;
 * false when it could not.
 */
async function briefly(db: Db, statement: ReturnType<typeof sql>[], tries = 1): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (i) await new Promise((r) => setTimeout(r, PAUSE_MS));
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`));
        for (const s of statement) await tx.execute(s);
      });
      return true;
    } catch {
      // A lock not had in time, or DEFAULT already holding rows of that day: tried again, then
      // left for the next run.
    }
  }
  return false;
}

/** Makes the partitions of today and the PARTITIONS_AHEAD days after `now`; answers those made. */
export async function ensureDayPartitions(db: Db, p: DayPartitioned, now: number): Promise<string[]> {
  const have = new Set((await dayPartitions(db, p)).map((x) => x.name));
  const made: string[] = [];
  const parent = sql.identifier(p.table);
  const fallback = sql.identifier(`${p.table}_default`);
  const key = sql.identifier(p.column);
  for (let i = 0; i <= PARTITIONS_AHEAD; i++) {
    const from = dayStart(now) + i * DAY_MS;
    const name = nameOf(p, from);
    if (have.has(name)) continue;
    const bounds = sql.raw(
      `FROM ('${new Date(from).toISOString()}') TO ('${new Date(from + DAY_MS).toISOString()}')`,
    );
    const table = sql.identifier(name);
    const made_ =
      (await briefly(db, [sql`CREATE TABLE ${table} PARTITION OF ${parent} FOR VALUES ${bounds}`])) ||
      // DEFAULT already holds rows of that day (written before its partition existed, or kept from
      // before the table was partitioned): they move into the day's new partition, which is attached.
      // Neither statement is on the parent, so its triggers (the stays' rollup) see no change.
      (await briefly(db, [
        sql`CREATE TABLE ${table} (LIKE ${parent} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
        sql`WITH moved AS (DELETE FROM ${fallback}
            WHERE ${key} >= ${new Date(from).toISOString()}::timestamptz
              AND ${key} < ${new Date(from + DAY_MS).toISOString()}::timestamptz RETURNING ${p.columns})
          INSERT INTO ${table} (${p.columns}) SELECT ${p.columns} FROM moved`,
        sql`ALTER TABLE ${parent} ATTACH PARTITION ${table} FOR VALUES ${bounds}`,
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
 * longest policy); answers the rows they held (estimated) and the end of the last day dropped.
 */
export async function dropExpiredDayPartitions(
  db: Db,
  p: DayPartitioned,
  before: Date | null,
): Promise<{ rows: number; through: number | null }> {
  let dropped = 0;
  let through: number | null = null;
  if (!before) return { rows: dropped, through };
  const parent = sql.identifier(p.table);
  for (const part of await dayPartitions(db, p)) {
    if (part.from + DAY_MS > before.getTime()) break;
    const n = await estimatedRows(db, part.name);
    const table = sql.identifier(part.name);
    // Oldest first, stopping at the first not dropped: every day before `through` is gone.
    if (
      !(await briefly(
        db,
        [sql`ALTER TABLE ${parent} DETACH PARTITION ${table}`, sql`DROP TABLE ${table}`],
        DROP_TRIES,
      ))
    )
      break;
    dropped += n;
    through = part.from + DAY_MS;
  }
  return { rows: dropped, through };
}

/**
 * Events (migration 0031; docs/decisions/0355-events-and-stays-partition-keys.md) are partitioned by
 * id, not by time: an event's time moves while sightings merge into it, its id never does, and the
 * engine writes an event by its id. The ids of UTC day d are the block [d * 2^32, (d + 1) * 2^32),
 * partition `events_pYYYYMMDD`: the partitions are made ahead like the days of the log, and the
 * sequence is moved into today's block once its partition exists (it only ever moves forward, so
 * an id is never drawn twice; a day with more than 2^32 events would run into the next block,
 * which exists by then).
 */
export const EVENTS = { table: 'events' } as const;
const BLOCK = 2 ** 32;
const blockOf = (day: number) => (day / DAY_MS) * BLOCK;
/** The most rows a day's partition keeps when it expires: more, and it stays for the row batches. */
const KEEP_MAX = 10_000;
/** Serializes moving the events sequence (the job and a purge run now may overlap). */
const SEQUENCE_LOCK = 0x5e9_0e7e;

/** Makes the events partitions of today and the days ahead, and moves the ids into today's block. */
export async function ensureEventPartitions(db: Db, now: number): Promise<string[]> {
  const have = new Set((await dayPartitions(db, EVENTS)).map((x) => x.name.replace(/_kept$/, '')));
  const made: string[] = [];
  for (let i = 0; i <= PARTITIONS_AHEAD; i++) {
    const from = dayStart(now) + i * DAY_MS;
    const name = nameOf(EVENTS, from);
    if (have.has(name)) continue;
    const ok = await briefly(db, [
      sql`CREATE TABLE ${sql.identifier(name)} PARTITION OF events
        FOR VALUES FROM (${sql.raw(String(blockOf(from)))}) TO (${sql.raw(String(blockOf(from + DAY_MS)))})`,
    ]);
    if (!ok) continue;
    made.push(name);
    have.add(name);
  }
  const today = blockOf(dayStart(now));
  if (have.has(nameOf(EVENTS, dayStart(now))))
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEQUENCE_LOCK})`);
      // The sequence's own last_value, not pg_sequence_last_value: that one is NULL after a
      // setval(.., false) until the next nextval, and reading NULL as 0 would move the sequence
      // back into a block whose ids are already taken.
      await tx.execute(sql`SELECT setval('events_id_seq', ${today}, false)
        WHERE (SELECT last_value FROM events_id_seq) < ${today}`);
    });
  return made;
}

/**
 * Drops the events days whose every row has expired under `before` (the longest events policy):
 * rows made that day whose time is still at or after it (an event merged into since) and every
 * tag's open event (the thing's current state, however old it is) are kept — the day's partition
 * is swapped for a `_kept` one holding only them, under the same brief lock. Answers the rows
 * dropped (estimated).
 */
export async function dropExpiredEventPartitions(db: Db, before: Date | null): Promise<number> {
  if (!before) return 0;
  let dropped = 0;
  for (const part of await dayPartitions(db, EVENTS)) {
    if (part.from + DAY_MS > before.getTime()) break;
    const [lo, hi] = [blockOf(part.from), blockOf(part.from + DAY_MS)];
    const table = sql.identifier(part.name);
    // What to keep, found before any lock: an old row becomes current again only as a tag's open
    // event (tag_state), which is read again under the lock.
    const open = sql`SELECT event_id FROM tag_state WHERE event_id >= ${lo} AND event_id < ${hi}`;
    const keep = (
      await rows<{ id: string | number }>(
        db,
        sql`SELECT id FROM ${table} WHERE time >= ${before.toISOString()}::timestamptz UNION ${open}`,
      )
    ).map((r) => Number(r.id));
    if (keep.length > KEEP_MAX) break;
    const n = await estimatedRows(db, part.name);
    // A day already swapped that has nothing more to give up stays as it is.
    if (keep.length && part.name.endsWith('_kept')) {
      const [all] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${table}`);
      if (Number(all?.n) === keep.length) continue;
    }
    const base = part.name.replace(/_kept$/, '');
    const old = sql.identifier(`${base}_old`);
    const done = keep.length
      ? await briefly(
          db,
          [
            sql`ALTER TABLE events DETACH PARTITION ${table}`,
            sql`ALTER TABLE ${table} RENAME TO ${old}`,
            sql`CREATE TABLE ${sql.identifier(`${base}_kept`)} PARTITION OF events
            FOR VALUES FROM (${sql.raw(String(lo))}) TO (${sql.raw(String(hi))})`,
            sql`INSERT INTO events SELECT * FROM ${old}
            WHERE id = ANY(${`{${keep.join(',')}}`}::bigint[]) OR id IN (${open})`,
            sql`DROP TABLE ${old}`,
          ],
          DROP_TRIES,
        )
      : await briefly(
          db,
          [sql`ALTER TABLE events DETACH PARTITION ${table}`, sql`DROP TABLE ${table}`],
          DROP_TRIES,
        );
    if (!done) break;
    dropped += Math.max(0, n - keep.length);
  }
  return dropped;
}
