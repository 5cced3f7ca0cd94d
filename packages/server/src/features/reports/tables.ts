/**
 * What each report type means (DESIGN §9), as a table: its columns and its rows, produced page by
 * page so a large report never sits in memory whole. Cell values are typed by the column kind:
 * dates ISO strings, days YYYY-MM-DD, durations nanoseconds.
 */
import {
  EXCEPTION_TYPE_LABELS,
  REPORT_COLUMNS,
  type ReportCell,
  type ReportColumnDef,
  type ReportType,
} from '@sightline/shared';
import type { Tx } from '../../db/client.js';
import * as exceptionsRepo from '../exceptions/repository.js';
import * as repo from './repository.js';

export type ReportRow = Record<string, ReportCell>;

export interface ReportTable {
  columns: ReportColumnDef[];
  rows: AsyncIterable<ReportRow>;
}

const PAGE = 2000;
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const secsToNs = (secs: number | string) => Math.round(Number(secs) * 1e9);

async function* each<T>(list: Promise<T[]>, map: (row: T) => ReportRow): AsyncIterable<ReportRow> {
  for (const row of await list) yield map(row);
}

interface Names {
  categories: Map<string, string>;
  zones: Map<string, string>;
}

async function namesOf(db: Tx, orgId: string): Promise<Names> {
  const [zoneRows, categoryRows] = await Promise.all([
    repo.namesOf(db, 'zones', orgId),
    repo.namesOf(db, 'categories', orgId),
  ]);
  return {
    zones: new Map(zoneRows.map((r) => [r.id, r.name])),
    categories: new Map(categoryRows.map((r) => [r.id, r.name])),
  };
}

const categoryNames = (names: Names, list: string[]) =>
  list
    .map((id) => names.categories.get(id))
    .filter((n): n is string => n !== undefined)
    .join(', ');

async function* seen(db: Tx, f: repo.ReportFilter): AsyncIterable<ReportRow> {
  const names = await namesOf(db, f.orgId);
  yield* each(repo.seenThings(db, f), (r) => ({
    name: r.name,
    class: r.class,
    tag: r.tag ?? '',
    categories: categoryNames(names, r.categories),
    zone: r.zone_name ?? '',
    firstSeen: iso(r.first_seen),
    lastSeen: iso(r.last_seen),
    events: r.n,
  }));
}

async function* notSeen(db: Tx, f: repo.ReportFilter): AsyncIterable<ReportRow> {
  const names = await namesOf(db, f.orgId);
  yield* each(repo.notSeenThings(db, f), (r) => ({
    name: r.name,
    class: r.class,
    tag: r.tag ?? '',
    categories: categoryNames(names, r.categories),
    zone: r.zone_name ?? '',
    lastSeen: iso(r.last_event),
  }));
}

function categories(db: Tx, f: repo.ReportFilter): AsyncIterable<ReportRow> {
  return each(repo.categoryCounts(db, f), (r) => ({
    zone: r.zone_name,
    category: r.category_name,
    count: r.n,
  }));
}

async function* stays(db: Tx, f: repo.ReportFilter, now: Date): AsyncIterable<ReportRow> {
  let cursor: repo.StayCursor | undefined;
  for (;;) {
    const page = await repo.closedStays(db, f, cursor, PAGE);
    for (const r of page)
      yield {
        name: r.name,
        class: r.class,
        zone: r.zone_name,
        entry: iso(r.time_start),
        exit: iso(r.time_end),
        duration: Number(r.time_duration_ns),
      };
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    cursor = { end: new Date(last.time_end).toISOString(), id: Number(last.id) };
  }
  // Stays still open: no exit yet, their duration so far.
  for (const r of await repo.openStays(db, f)) {
    const start = new Date(r.time_start);
    yield {
      name: r.name,
      class: r.class,
      zone: r.zone_name,
      entry: start.toISOString(),
      exit: null,
      duration: Math.max(0, Math.min(now.getTime(), f.before.getTime()) - start.getTime()) * 1e6,
    };
  }
}

async function* exceptionRows(db: Tx, f: repo.ReportFilter): AsyncIterable<ReportRow> {
  const filter = {
    orgId: f.orgId,
    site: f.siteId,
    after: f.after.toISOString(),
    before: new Date(f.before.getTime() - 1).toISOString(),
  };
  const zones = f.zones.length ? new Set(f.zones) : undefined;
  for (let page = 0; ; page++) {
    const { items } = await exceptionsRepo.listExceptions(db, filter, { limit: 1000, page }, false);
    for (const e of items) {
      if (zones && !(e.zone && zones.has(e.zone))) continue;
      yield {
        time: e.time,
        type: EXCEPTION_TYPE_LABELS[e.type],
        name: e.thingName ?? '',
        zone: e.zoneName ?? '',
        message: e.message,
      };
    }
    if (items.length < 1000) break;
  }
}

/** One thing's activity on one site-local day, in total and per zone. */
interface DayActivity {
  thingId: string;
  day: string;
  firstSeen: number | null;
  lastSeen: number | null;
  events: number;
  hoursNs: number;
  zones: Map<string, { firstSeen: number | null; lastSeen: number | null; events: number; hoursNs: number }>;
}

const minOf = (a: number | null, b: number) => (a === null ? b : Math.min(a, b));
const maxOf = (a: number | null, b: number) => (a === null ? b : Math.max(a, b));

/**
 * Activity (events by thing): per thing and site-local day, first and last seen, events, hours on
 * site and hours per zone. `flatten`: one row per thing, day and zone instead of a column per zone.
 */
export async function activity(db: Tx, f: repo.ReportFilter, now: Date, flatten: boolean) {
  const [eventRows, stayRows, names] = await Promise.all([
    repo.eventsPerDay(db, f),
    repo.staysPerDay(db, f, now),
    namesOf(db, f.orgId),
  ]);
  const days = new Map<string, DayActivity>();
  const dayOf = (thingId: string, day: string) => {
    const key = `${thingId}|${day}`;
    let a = days.get(key);
    if (!a) {
      a = { thingId, day, firstSeen: null, lastSeen: null, events: 0, hoursNs: 0, zones: new Map() };
      days.set(key, a);
    }
    return a;
  };
  const zoneOf = (a: DayActivity, zoneId: string) => {
    let z = a.zones.get(zoneId);
    if (!z) {
      z = { firstSeen: null, lastSeen: null, events: 0, hoursNs: 0 };
      a.zones.set(zoneId, z);
    }
    return z;
  };
  for (const r of eventRows) {
    const a = dayOf(r.thing_id, r.day);
    const first = new Date(r.first_seen).getTime();
    const last = new Date(r.last_seen).getTime();
    a.firstSeen = minOf(a.firstSeen, first);
    a.lastSeen = maxOf(a.lastSeen, last);
    a.events += r.n;
    const z = zoneOf(a, r.zone_id ?? '');
    z.firstSeen = minOf(z.firstSeen, first);
    z.lastSeen = maxOf(z.lastSeen, last);
    z.events += r.n;
  }
  for (const r of stayRows) {
    const a = dayOf(r.thing_id, r.day);
    const ns = secsToNs(r.secs);
    a.hoursNs += ns;
    zoneOf(a, r.zone_id).hoursNs += ns;
  }
  const things = new Map(
    (await repo.thingsById(db, f.orgId, [...new Set([...days.values()].map((a) => a.thingId))])).map((t) => [
      t.id,
      t,
    ]),
  );
  const wanted = (t: repo.ThingInfo | undefined): t is repo.ThingInfo =>
    t !== undefined &&
    (!f.class || t.class === f.class) &&
    (!f.categories.length || t.categories.some((c) => f.categories.includes(c)));
  const list = [...days.values()]
    .map((a) => ({ a, t: things.get(a.thingId) }))
    .filter((x): x is { a: DayActivity; t: repo.ThingInfo } => wanted(x.t))
    .sort(
      (x, y) =>
        x.t.name.localeCompare(y.t.name, 'en', { sensitivity: 'base' }) ||
        x.t.id.localeCompare(y.t.id) ||
        x.a.day.localeCompare(y.a.day),
    );
  const zoneIds = new Set<string>();
  for (const { a } of list) for (const [id, z] of a.zones) if (z.hoursNs > 0 && id) zoneIds.add(id);
  const zoneName = (id: string) => names.zones.get(id) ?? '';
  const zoneColumns = [...zoneIds].sort((x, y) => zoneName(x).localeCompare(zoneName(y)));
  const ms = (v: number | null) => (v === null ? null : new Date(v).toISOString());

  const rows: ReportRow[] = [];
  for (const { a, t } of list) {
    if (flatten) {
      const zoneIdsOfDay = [...a.zones.keys()].sort((x, y) => zoneName(x).localeCompare(zoneName(y)));
      for (const id of zoneIdsOfDay) {
        const z = a.zones.get(id);
        if (!z) continue;
        rows.push({
          name: t.name,
          class: t.class,
          day: a.day,
          zone: zoneName(id),
          firstSeen: ms(z.firstSeen),
          lastSeen: ms(z.lastSeen),
          hours: z.hoursNs,
          events: z.events,
        });
      }
      continue;
    }
    const row: ReportRow = {
      name: t.name,
      class: t.class,
      day: a.day,
      firstSeen: ms(a.firstSeen),
      lastSeen: ms(a.lastSeen),
      hours: a.hoursNs,
      events: a.events,
    };
    for (const id of zoneColumns) row[`zone:${id}`] = a.zones.get(id)?.hoursNs ?? 0;
    rows.push(row);
  }
  return { rows, zoneColumns: zoneColumns.map((id) => ({ id, name: zoneName(id) })) };
}

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

/** The columns a report shows: the type's defaults, or those `headings` choose, in their order and names. */
export function chooseColumns(
  defaults: ReportColumnDef[],
  headings: { key: string; label: string }[],
  expand: (col: ReportColumnDef, label: string) => ReportColumnDef[] = (c, l) => [
    { ...c, header: l || c.header },
  ],
) {
  if (!headings.length) return defaults.flatMap((c) => expand(c, ''));
  const byKey = new Map(defaults.map((c) => [c.key, c]));
  return headings.flatMap((h) => {
    const col = byKey.get(h.key);
    return col ? expand(col, h.label) : [];
  });
}

export interface TableSpec {
  type: ReportType;
  headings: { key: string; label: string }[];
  /** Activity only: one row per zone instead of a column per zone (site setting flattenEventsExports). */
  flatten: boolean;
}

/** Builds the report's table. Runs its first query only when the rows are read (after validation). */
export async function reportTable(
  db: Tx,
  spec: TableSpec,
  f: repo.ReportFilter,
  now: Date,
): Promise<ReportTable> {
  const plain = (rows: AsyncIterable<ReportRow>): ReportTable => ({
    columns: chooseColumns(REPORT_COLUMNS[spec.type], spec.headings),
    rows,
  });
  switch (spec.type) {
    case 'reportTypeSeen':
      return plain(seen(db, f));
    case 'reportTypeNotSeen':
      return plain(notSeen(db, f));
    case 'reportTypeCategories':
      return plain(categories(db, f));
    case 'reportTypeZoneDurations':
      return plain(stays(db, f, now));
    case 'reportTypeExceptions':
      return plain(exceptionRows(db, f));
    case 'reportTypeEvents': {
      const result = await activity(db, f, now, spec.flatten);
      const rows = (async function* () {
        yield* result.rows;
      })();
      if (spec.flatten) {
        const keep = new Set(['zone', ...spec.headings.map((h) => h.key)]);
        const labels = new Map(spec.headings.map((h) => [h.key, h.label]));
        const columns = FLAT_ACTIVITY_COLUMNS.filter((c) => !spec.headings.length || keep.has(c.key)).map(
          (c) => ({ ...c, header: labels.get(c.key) || c.header }),
        );
        return { columns, rows };
      }
      const columns = chooseColumns(REPORT_COLUMNS.reportTypeEvents, spec.headings, (c, label) =>
        c.key === 'zoneHours'
          ? result.zoneColumns.map((z) => ({
              key: `zone:${z.id}`,
              header: `${label || c.header} ${z.name}`,
              kind: c.kind,
            }))
          : [{ ...c, header: label || c.header }],
      );
      return { columns, rows };
    }
  }
}
