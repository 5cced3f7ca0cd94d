/**
 * What each report type means, as a table: its columns and its rows, produced page by
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
import { maskThingName } from '../privacy/pseudonyms.js';
import { activityTable, type ThingPage } from './activity.js';
import * as repo from './repository.js';

export type ReportRow = Record<string, ReportCell>;

export interface ReportTable {
  columns: ReportColumnDef[];
  rows: AsyncIterable<ReportRow>;
  /** Paged Activity only: the things with activity in the period. */
  total?: number;
}

const PAGE = 2000;
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

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
    hideWorkers: f.hideWorkers,
  };
  const zones = f.zones.length ? new Set(f.zones) : undefined;
  for (let page = 0; ; page++) {
    const { items } = await exceptionsRepo.listExceptions(db, filter, { limit: 1000, page }, false);
    for (const e of items) {
      if (zones && !(e.zone && zones.has(e.zone))) continue;
      yield {
        time: e.time,
        type: EXCEPTION_TYPE_LABELS[e.type],
        name: (f.workers ? maskThingName(f.workers, e, e.thing, e.thingClass) : e).thingName ?? '',
        zone: e.zoneName ?? '',
        message: e.message,
      };
    }
    if (items.length < 1000) break;
  }
}

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
  /** Activity as JSON only: one page of things. */
  paged?: ThingPage;
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
    case 'reportTypeEvents':
      return activityTable(db, spec, f, now, spec.paged);
  }
}
