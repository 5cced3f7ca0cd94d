/**
 * The Activity report's events rollup (migration 0016, docs/decisions/0038-events-rollup.md): per
 * site, thing and site-local day, min(first_time), max(time) and count(*) of the events that can
 * no longer change, folded by a scheduled job. Exact because of two rules of the tracking store:
 *  1. Every writer of events holds the organization lock while it writes (tracking/store/process.ts
 *     `inOrgTransaction`, the demo seed): with that lock held for a moment, every event id the
 *     sequence handed out to the organization's writers is committed or rolled back, so the events
 *     of the organization up to the sequence's value then are settled (later ones get larger ids).
 *  2. Only the event a tag_state row names is ever updated (merged into: its time, first time), and
 *     a tag_state row only ever moves to a newly inserted event (write-events.ts): an event no
 *     tag_state row names never changes again.
 * The job folds the settled events above the watermark that no tag_state row names; those that
 * are open go to event_days_pending and are folded once closed. Readers (activity.repository.ts)
 * add, in one snapshot, the rollup, the pending events and the events above the watermark.
 */
import { NO_THING_ID } from '@sightline/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { eventDaysLockKeys } from '../../db/locks.js';
import { type Job, type JobScope, stopping } from '../../platform/jobs.js';
import { lockOrganization } from '../../tracking/store/process.js';
import { ids, type ReportFilter, reportSettings, ts } from './repository.js';

export const EVENT_DAYS_JOB = 'reports.eventDays';
const EVENT_DAYS_INTERVAL_MS = 60_000;
/** The organization's events per fold transaction (a first fold of a big table runs in many short transactions). */
const CHUNK = 1_000_000;
/** Events folded in one call after which the rollup's statistics are refreshed. */
const ANALYZE_AFTER = 100_000;

/** The newest event id handed out to the organization's writers; all at or below it are settled. */
async function settledEventId(db: Db, orgId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await lockOrganization(tx, orgId);
    const [r] = await rows<{ id: string | number | null }>(
      tx,
      // The sequence's own state, not pg_sequence_last_value (NULL after the setval(.., false)
      // that moves it into a new day's block): not yet called, last_value is the next id to hand out.
      sql`SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END AS id FROM events_id_seq`,
    );
    return Number(r?.id ?? 0);
  });
}

/** Adds the (site, thing, day) rows of `source` (a query with those columns and the aggregates) to the rollup. */
const upsertDays = (orgId: string, source: ReturnType<typeof sql>) =>
  sql`INSERT INTO event_days (org_id, site_id, thing_id, day, first_time, last_time, n)
    SELECT ${orgId}, site_id, thing_id, day, min(first_time), max(time), count(*) FROM (${source}) src
    GROUP BY site_id, thing_id, day
    ON CONFLICT (site_id, thing_id, day) DO UPDATE SET
      first_time = least(event_days.first_time, excluded.first_time),
      last_time = greatest(event_days.last_time, excluded.last_time), n = event_days.n + excluded.n`;

const localDay = (zones: string) => sql`(e.time AT TIME ZONE (${zones}::jsonb ->> e.site_id))::date`;

/**
 * One fold transaction: the organization's next `chunk` settled events above the watermark, then
 * the pending events that have closed. Resolves with whether more settled events remain; null when
 * another fold of the organization is running.
 */
async function foldChunk(
  db: Db,
  orgId: string,
  settled: number,
  chunk: number,
): Promise<{ more: boolean; folded: number } | null> {
  return db.transaction(async (tx) => {
    const [lock] = await rows<{ ok: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${eventDaysLockKeys(orgId)}) AS ok`,
    );
    if (!lock?.ok) return null;
    await reportSettings(tx);
    // The sites' timezones now (read after `settled`: a site created later has no settled events).
    const [current] = await rows<{ zones: Record<string, string> }>(
      tx,
      sql`SELECT coalesce(jsonb_object_agg(id, timezone), '{}') AS zones FROM sites WHERE org_id = ${orgId}`,
    );
    const zones = JSON.stringify(current?.zones ?? {});
    const [state] = await rows<{ event_id: string | number; same: boolean }>(
      tx,
      sql`SELECT event_id, ${zones}::jsonb @> time_zones AS same FROM event_days_state WHERE org_id = ${orgId}`,
    );
    let from = state ? Number(state.event_id) : 0;
    if (state && !state.same) {
      // A site's timezone changed (or a site went): its days are other days now. Start again.
      await tx.execute(sql`DELETE FROM event_days WHERE org_id = ${orgId}`);
      await tx.execute(sql`DELETE FROM event_days_pending WHERE org_id = ${orgId}`);
      from = 0;
    }
    // The chunk ends at the organization's chunk-th event above the watermark (all of them when
    // fewer remain): ids are shared by every organization, and drawn in day blocks with billions
    // never handed out between two days' blocks (docs/decisions/0355-events-and-stays-partition-keys.md),
    // so a range of ids could hold none of its events; along the primary key a gap costs nothing.
    const [end] = await rows<{ id: string | number | null; n: string | number }>(
      tx,
      sql`SELECT max(id) AS id, count(*) AS n FROM (SELECT id FROM events
        WHERE org_id = ${orgId} AND id > ${from} AND id <= ${settled} ORDER BY id LIMIT ${chunk}) x`,
    );
    const found = Number(end?.n ?? 0);
    const to = found < chunk ? Math.max(from, settled) : Number(end?.id);
    if (found > 0)
      await tx.execute(sql`WITH ev AS MATERIALIZED (
          SELECT e.id, e.tag, e.site_id, e.thing_id, e.time, e.first_time, ${localDay(zones)} AS day,
            s.event_id IS NOT NULL AS open
          FROM events e
          LEFT JOIN tag_state s ON s.org_id = ${orgId} AND s.event_id = e.id AND s.tag = e.tag
          WHERE e.id > ${from} AND e.id <= ${to} AND e.org_id = ${orgId} AND e.thing_id <> ${NO_THING_ID}
            AND (${zones}::jsonb ->> e.site_id) IS NOT NULL
        ),
        pending AS (
          INSERT INTO event_days_pending (org_id, event_id, tag, site_id, thing_id)
          SELECT ${orgId}, id, tag, site_id, thing_id FROM ev WHERE open
        )
        ${upsertDays(orgId, sql`SELECT site_id, thing_id, day, first_time, time FROM ev WHERE NOT open`)}`);
    // Pending events whose tag has moved on (or whose tag_state is gone) can no longer change.
    await tx.execute(sql`WITH closed AS (
        DELETE FROM event_days_pending p WHERE p.org_id = ${orgId}
          AND NOT EXISTS (SELECT 1 FROM tag_state s WHERE s.org_id = p.org_id AND s.tag = p.tag AND s.event_id = p.event_id)
        RETURNING p.event_id
      )
      ${upsertDays(
        orgId,
        sql`SELECT e.site_id, e.thing_id, ${localDay(zones)} AS day, e.first_time, e.time
          FROM closed JOIN events e ON e.id = closed.event_id`,
      )}`);
    await tx.execute(
      sql`INSERT INTO event_days_state (org_id, event_id, time_zones) VALUES (${orgId}, ${to}, ${zones}::jsonb)
        ON CONFLICT (org_id) DO UPDATE SET event_id = excluded.event_id, time_zones = excluded.time_zones`,
    );
    return { more: to < settled, folded: found };
  });
}

/**
 * Folds the organization's settled events into the rollup, chunk by chunk, until it has caught up,
 * another fold of the organization holds it, or `maxChunks` transactions have run. Resolves with
 * whether it caught up.
 */
export async function foldEventDays(
  db: Db,
  orgId: string,
  opts: { chunk?: number; maxChunks?: number } = {},
): Promise<boolean> {
  const settled = await settledEventId(db, orgId);
  let folded = 0;
  try {
    for (let n = 1; ; n++) {
      const step = await foldChunk(db, orgId, settled, opts.chunk ?? CHUNK);
      if (step === null) return false;
      folded += step.folded;
      if (!step.more) return true;
      if (opts.maxChunks !== undefined && n >= opts.maxChunks) return false;
    }
  } finally {
    // After a big fold (the first one, or a start again) the planner needs the new rows' statistics:
    // without them it read a batch's days by site and day range and filtered the things (280 ms
    // instead of 8 ms for 500 things × 29 days, measured).
    if (folded >= ANALYZE_AFTER) await db.execute(sql`ANALYZE event_days, event_days_pending`);
  }
}

export function eventDaysJob(db: Db): Job {
  return {
    name: EVENT_DAYS_JOB,
    intervalMs: EVENT_DAYS_INTERVAL_MS,
    run: async (_now, _since, scope: JobScope) => {
      const orgs = await rows<{ id: string }>(
        db,
        sql`SELECT DISTINCT org_id AS id FROM sites
          ${scope.orgIds ? sql`WHERE org_id = ANY(${ids([...scope.orgIds])})` : sql``}`,
      );
      // One chunk per organization and run: the scheduler runs its jobs one after the other, so a
      // first fold of millions of events goes on over several runs instead of holding up the
      // tracking jobs (reads are exact at every step).
      for (const org of orgs) {
        if (stopping(scope)) break; // the watermark keeps its place: the next run goes on from it
        await foldEventDays(db, org.id, { maxChunks: 1 });
      }
    },
  };
}

/** What a reader takes from the rollup: its watermark and the period's whole site-local days. */
export interface EventDaysCover {
  /** The watermark: events above it are read live. */
  eventId: string;
  /** The first and last whole site-local days of the period (YYYY-MM-DD), and their bounds. */
  firstDay: string;
  lastDay: string;
  start: Date;
  end: Date;
}

/**
 * The rollup's cover of the period, for a site whose days it holds in the filter's timezone and a
 * period with at least one whole site-local day; undefined otherwise (read everything live). Read
 * it in the same snapshot as the rollup (a REPEATABLE READ transaction).
 */
export async function eventDaysCover(tx: Tx, f: ReportFilter): Promise<EventDaysCover | undefined> {
  const tz = f.timeZone;
  const [row] = await rows<{
    event_id: string | number;
    d1: string;
    d2: string;
    s: Date | string;
    e: Date | string;
  }>(
    tx,
    sql`SELECT st.event_id, to_char(x.d1, 'YYYY-MM-DD') AS d1, to_char(x.d2, 'YYYY-MM-DD') AS d2,
          x.d1::timestamp AT TIME ZONE ${tz} AS s, (x.d2 + 1)::timestamp AT TIME ZONE ${tz} AS e
        FROM event_days_state st,
          LATERAL (SELECT CASE WHEN a = a::date THEN a::date ELSE a::date + 1 END AS d1, b::date - 1 AS d2
            FROM (SELECT ${ts(f.after)} AT TIME ZONE ${tz} AS a, ${ts(f.before)} AT TIME ZONE ${tz} AS b) y) x
        WHERE st.org_id = ${f.orgId} AND st.time_zones ->> ${f.siteId} = ${tz} AND x.d1 <= x.d2`,
  );
  if (!row) return undefined;
  return {
    eventId: String(row.event_id),
    firstDay: row.d1,
    lastDay: row.d2,
    start: new Date(row.s),
    end: new Date(row.e),
  };
}
