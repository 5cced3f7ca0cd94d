/**
 * Activity (events by thing): per thing and site-local day, first and last seen, events, hours on
 * site and hours per zone — aggregated by PostgreSQL (activity.repository.ts) for batches of things
 * in name order, so the rows stream into the workbook or the JSON with flat memory. `flatten`
 * (site setting flattenEventsExports): one row per thing, day and zone instead of a column per zone.
 */
import { REPORT_COLUMNS, type ReportColumnDef } from '@sightline/shared';
import type { Tx } from '../../db/client.js';
import { nameFor } from '../privacy/pseudonyms.js';
import * as activityRepo from './activity.repository.js';
import type { ReportFilter } from './repository.js';
import { chooseColumns, type ReportRow, type ReportTable, type TableSpec } from './tables.js';

/** A thing's name as the caller may see it (a worker's pseudonym where it is pseudonymous). */
const shownName = (f: ReportFilter, t: { id: string; name: string }) =>
  f.workers ? nameFor(f.workers, { id: t.id }, t.name) : t.name;

/** Things per query: big enough to amortise the query, small enough to keep a batch's rows small. */
const BATCH = 500;
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const secsToNs = (secs: number | string) => Math.round(Number(secs) * 1e9);

const FLAT_ACTIVITY_COLUMNS: ReportColumnDef[] = [
  { key: 'name', header: 'Name', kind: 'text' },
  { key: 'class', header: 'Class', kind: 'text' },
  { key: 'day', header: 'Day', kind: 'day' },
  { key: 'zone', header: 'Zone', kind: 'text' },
  { key: 'firstSeen', header: 'First Seen', kind: 'date' },
  { key: 'lastSeen', header: 'Last Seen', kind: 'date' },
  { key: 'hours', header: 'Hours In Zone', kind: 'duration' },
  { key: 'events', header: 'Events', kind: 'number' },
];

/** A page of things (the screen's paging): `limit` things from `page * limit`, in name order. */
export interface ThingPage {
  limit: number;
  page: number;
}

/** The things with activity, batch by batch in name order (or only the requested page). */
async function* thingBatches(db: Tx, f: ReportFilter, now: Date, paged?: ThingPage) {
  if (paged) {
    const page = await activityRepo.activityThings(
      db,
      f,
      now,
      undefined,
      paged.limit,
      paged.page * paged.limit,
    );
    if (page.length) yield new Map(page.map((t) => [t.id, t]));
    return;
  }
  let cursor: activityRepo.ActivityCursor | undefined;
  for (;;) {
    const batch = await activityRepo.activityThings(db, f, now, cursor, BATCH);
    if (batch.length) yield new Map(batch.map((t) => [t.id, t]));
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return;
    cursor = { sortName: last.sort_name, id: last.id };
  }
}

/**
 * Each batch of things with its rows, the next batch's query already running while the current
 * batch's rows are written: two batches in flight use two of PostgreSQL's cores
 * (docs/decisions/0034-activity-in-sql.md). `db` must be the pool (each query its own connection),
 * as every caller passes.
 */
async function* withRows<T>(
  batches: AsyncIterable<Map<string, activityRepo.ActivityThing>>,
  load: (ids: string[]) => Promise<T[]>,
): AsyncIterable<[Map<string, activityRepo.ActivityThing>, T[]]> {
  let pending: [Map<string, activityRepo.ActivityThing>, Promise<T[]>] | undefined;
  try {
    for await (const things of batches) {
      const next: typeof pending = [things, load([...things.keys()])];
      // Awaited below; this only keeps an early failure from being reported as unhandled.
      next[1].catch(() => {});
      if (pending) yield [pending[0], await pending[1]];
      pending = next;
    }
    if (pending) yield [pending[0], await pending[1]];
  } finally {
    // A reader that stops early (a failed download) must not leave a query's failure unobserved.
    await pending?.[1].catch(() => {});
  }
}

async function* wideRows(
  db: Tx,
  f: ReportFilter,
  now: Date,
  zoneIds: string[],
  paged?: ThingPage,
): AsyncIterable<ReportRow> {
  const batches = withRows(thingBatches(db, f, now, paged), (ids) =>
    activityRepo.activityDays(db, f, now, ids),
  );
  for await (const [things, days] of batches) {
    for (const r of days) {
      const t = things.get(r.thing_id);
      if (!t) continue;
      const row: ReportRow = {
        name: shownName(f, t),
        class: t.class,
        day: r.day,
        firstSeen: iso(r.first_seen),
        lastSeen: iso(r.last_seen),
        hours: secsToNs(r.secs),
        events: r.n,
      };
      for (const id of zoneIds) row[`zone:${id}`] = secsToNs(r.zone_secs[id] ?? 0);
      yield row;
    }
  }
}

async function* flatRows(db: Tx, f: ReportFilter, now: Date, paged?: ThingPage): AsyncIterable<ReportRow> {
  const batches = withRows(thingBatches(db, f, now, paged), (ids) =>
    activityRepo.activityZoneDays(db, f, now, ids),
  );
  for await (const [things, days] of batches) {
    for (const r of days) {
      const t = things.get(r.thing_id);
      if (!t) continue;
      yield {
        name: shownName(f, t),
        class: t.class,
        day: r.day,
        zone: r.zone_name,
        firstSeen: iso(r.first_seen),
        lastSeen: iso(r.last_seen),
        hours: secsToNs(r.secs),
        events: r.n,
      };
    }
  }
}

/**
 * The Activity table: its columns (one per zone with time, unless flattened) and its streamed rows;
 * with `paged`, one page of things and the total of things with activity.
 */
export async function activityTable(
  db: Tx,
  spec: TableSpec,
  f: ReportFilter,
  now: Date,
  paged?: ThingPage,
): Promise<ReportTable> {
  const total = paged ? await activityRepo.countActivityThings(db, f, now) : undefined;
  if (spec.flatten) {
    const keep = new Set(['zone', ...spec.headings.map((h) => h.key)]);
    const labels = new Map(spec.headings.map((h) => [h.key, h.label]));
    const columns = FLAT_ACTIVITY_COLUMNS.filter((c) => !spec.headings.length || keep.has(c.key)).map(
      (c) => ({
        ...c,
        header: labels.get(c.key) || c.header,
      }),
    );
    return { columns, rows: flatRows(db, f, now, paged), total };
  }
  const zones = await activityRepo.activityZones(db, f, now);
  const columns = chooseColumns(REPORT_COLUMNS.reportTypeEvents, spec.headings, (c, label) =>
    c.key === 'zoneHours'
      ? zones.map((z) => ({ key: `zone:${z.id}`, header: `${label || c.header} ${z.name}`, kind: c.kind }))
      : [{ ...c, header: label || c.header }],
  );
  const zoneIds = zones.map((z) => z.id);
  return { columns, rows: wideRows(db, f, now, zoneIds, paged), total };
}
