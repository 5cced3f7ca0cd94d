/**
 * Things: every query of the feature (lists, lookups, writes, links).
 * `findThingIdsByTags` and `softDeleteThing` are also used by the tracking engine's DB layer.
 */
import { isDeepStrictEqual } from 'node:util';
import { parseSort, type THING_SORT_FIELDS, type ThingInput } from '@sightline/shared';
import {
  type AnyColumn,
  and,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import type { ThingRow } from '../../db/rows.js';
import { things, thingTags, zones } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import {
  escapeLike,
  type ListSpec,
  listClauses,
  listPage,
  type PageSelect,
} from '../../platform/list-query.js';
import { pseudonymSql } from '../privacy/pseudonyms.js';
import { categoryTotal, countsAnswer } from './category-counts.js';
import { epcTagMatch } from './epc-search.js';
import { searchableByCaller, type ThingFilter, thingWhere } from './filters.js';
import { thingJson } from './presenter.js';
import { searchOrder, searchPage, type TextSearch, textSearchOf } from './search.js';
import { releaseThingTags } from './tags.js';

/** The writable fields, common to items and workers; state columns are the engine's. */
function toRow(input: ThingInput) {
  return {
    name: input.name,
    description: input.description,
    serial: input.serial,
    class: input.class,
    tag1: input.tag1 || null,
    tag2: input.tag2 || null,
    tags: [...new Set(input.tags)],
    categories: [...new Set(input.categories)],
    labels: [...new Set(input.labels)],
    parents: [...new Set(input.parents)],
    photo: [...new Set(input.photo)],
    siteId: input.site,
  };
}

/** What a list reads of each thing: its row (exports, links) or its API JSON text (the list route). */
export interface ThingShape<R> {
  fields: SelectedFieldsFlat;
  read(selected: unknown): R;
  /** Fields worth computing only for the page's rows (see projectedPage). */
  computed: boolean;
}
const asRow: ThingShape<ThingRow> = {
  fields: getTableColumns(things),
  read: (selected) => selected as ThingRow,
  computed: false,
};
export const asJson: ThingShape<string> = {
  fields: { json: thingJson },
  read: (selected) => (selected as { json: string }).json,
  computed: true,
};

const zoneName = sql`(SELECT lower(${zones.name}) FROM ${zones} WHERE ${zones.id} = ${things.zoneId})`;
const byRecentZoneEntry = [sql`${things.lastZoneTime} DESC NULLS LAST`, desc(things.id)];

/**
 * The sortable fields. Where the caller sees some sites' workers by pseudonym
 * (`pseudonymousSites`), those workers sort by what it sees: their pseudonym, and an empty serial
 * and description, so the order of a page never tells their names apart.
 */
function listSpec(
  search: TextSearch | undefined,
  pseudonymousSites: readonly string[] = [],
): ListSpec<(typeof THING_SORT_FIELDS)[number]> {
  const masked = pseudonymousSites.length
    ? sql`(${things.class} = 'worker' AND ${things.siteId} = ANY(${sql.param([...pseudonymousSites])}::text[]))`
    : undefined;
  const shown = (column: AnyColumn, pseudonym: SQL) =>
    masked ? sql`(CASE WHEN ${masked} THEN ${pseudonym} ELSE ${column} END)` : column;
  return {
    sortable: {
      name: sql`lower(${shown(things.name, pseudonymSql(things.id))})`,
      serial: shown(things.serial, sql`''`),
      class: things.class,
      description: shown(things.description, sql`''`),
      zone: zoneName,
      lastZoneTime: things.lastZoneTime,
      lastEvent: things.lastEvent,
      timeCreated: things.timeCreated,
      timeModified: things.timeModified,
    },
    // Most recent zone entry first, the lists' default order; a fuzzy search ranks the best matches first.
    defaultSort: [...searchOrder(search), ...byRecentZoneEntry],
    // The text search is features/things/search.ts's, not the list helper's substring test.
    searchable: [],
  };
}

/** The text fields a term naming an EPC identity is also looked for in, as a substring. */
const searchable = [
  things.name,
  things.serial,
  things.description,
  sql`array_to_string(${things.tags}, ' ')`,
  sql`coalesce(${things.tag1}, '')`,
  sql`coalesce(${things.tag2}, '')`,
  sql`array_to_string(${things.labels}, ' ')`,
];

export interface ThingPageQuery extends ThingFilter {
  limit: number;
  page: number;
  sort?: string;
  search?: string;
  search2?: string;
}

/** Throws the 400 of an invalid sort now, so an export fails before its first byte. */
export function checkThingQuery(filter: ThingPageQuery) {
  listClauses({ ...filter, search2: undefined }, listSpec(undefined, filter.pseudonymousSites));
}

/**
 * A page's rows chosen first (the order, limit and offset on the table's columns), then projected
 * to `fields` in the same order: PostgreSQL computes a projection for every row an OFFSET skips
 * too, so building the JSON of page 10 in one step built it for 10,000 things.
 */
function projectedPage(d: Tx, fields: SelectedFieldsFlat): PageSelect<{ thing: unknown }> {
  return {
    where: (where) => ({
      orderBy: (...by) => ({
        limit: (n) => ({
          offset: (offset) => {
            // Aliased as the table: `fields` and `by` name the table's columns, now the page's.
            const page = d
              .select()
              .from(things)
              .where(where)
              .orderBy(...by)
              .limit(n)
              .offset(offset)
              .as('things');
            return d
              .select({ thing: fields })
              .from(page)
              .orderBy(...by);
          },
        }),
      }),
    }),
  };
}

/** One page of things; `withTotal` false skips the count (exports page through everything). */
export async function listThings<R = ThingRow>(
  db: Tx,
  filter: ThingPageQuery,
  extra?: SQL,
  withTotal = true,
  shape: ThingShape<R> = asRow as ThingShape<unknown> as ThingShape<R>,
) {
  const select = (d: Tx) =>
    shape.computed
      ? projectedPage(d, shape.fields)
      : (d.select({ thing: shape.fields }).from(things) as unknown as PageSelect<{ thing: unknown }>);
  const read = (r: { thing: unknown }) => shape.read(r.thing);
  const term = filter.search?.trim() || filter.search2?.trim() || undefined;
  const epc = epcTagMatch(term);
  // A term that names an EPC identity (URI, Digital Link, GTIN) finds the tags carrying it, and
  // the things whose text contains it: a substring search then, not a word or fuzzy one.
  const epcScope =
    epc && term ? or(epc, ...searchable.map((column) => ilike(column, `%${escapeLike(term)}%`))) : undefined;
  const scope = and(thingWhere(filter), extra, epcScope, searchableByCaller(filter));
  const query = { ...filter, search: undefined, search2: undefined };
  const search = epc ? undefined : textSearchOf(filter);
  if (!search) {
    // A category's total from the kept counts: counting the matching rows visits one table
    // page per match (organization, site and class are not in the category index).
    const kept = withTotal && !extra && countsAnswer(filter) ? categoryTotal(db, filter) : undefined;
    const [page, counted] = await Promise.all([
      listPage(db, things, scope, query, listSpec(undefined, filter.pseudonymousSites), read, {
        select,
        total: withTotal && !kept,
      }),
      kept,
    ]);
    const { total, totalCapped } = counted ?? page;
    return { rows: page.items, total, totalCapped };
  }
  const c = listClauses(query, listSpec(search, filter.pseudonymousSites));
  const found = await searchPage(db, scope, search, search.fuzzy && !parseSort(filter.sort), {
    limit: c.limit,
    offset: c.offset,
    page: async (tx, where) =>
      (
        await select(tx)
          .where(where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset)
      ).map(read),
  });
  return withTotal ? found : { ...found, total: 0, totalCapped: false };
}

/** A live (not deleted) thing of the organization, with the site of its current zone. */
export async function findThing(db: Tx, orgId: string, id: string) {
  const [found] = await db
    .select({ thing: things, zoneSiteId: zones.siteId })
    .from(things)
    .leftJoin(zones, eq(zones.id, things.zoneId))
    .where(and(eq(things.orgId, orgId), eq(things.id, id), isNull(things.deletedAt)));
  return found;
}

export async function insertThing(db: Tx, orgId: string, input: ThingInput): Promise<ThingRow> {
  const [row] = await db
    .insert(things)
    .values({ id: newId(), orgId, ...toRow(input) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A PUT that changes nothing (a record sent back as it was read) keeps its modification time. */
export async function updateThing(db: Tx, orgId: string, id: string, input: ThingInput, current?: ThingRow) {
  const values = toRow(input);
  const changed =
    !current ||
    Object.entries(values).some(([key, value]) => !isDeepStrictEqual(value, current[key as keyof ThingRow]));
  const [row] = await db
    .update(things)
    .set(changed ? { ...values, timeModified: new Date() } : values)
    .where(and(eq(things.orgId, orgId), eq(things.id, id), isNull(things.deletedAt)))
    .returning();
  return row;
}

/**
 * Soft delete (history is kept): frees the thing's tags for reuse and unlinks it from its
 * children. Call inside a transaction.
 */
export async function softDeleteThing(tx: Tx, orgId: string, id: string): Promise<boolean> {
  const now = new Date();
  const deleted = await tx
    .update(things)
    .set({ deletedAt: now, timeModified: now })
    .where(and(eq(things.orgId, orgId), eq(things.id, id), isNull(things.deletedAt)))
    .returning({ id: things.id });
  if (!deleted.length) return false;
  await releaseThingTags(tx, orgId, id);
  await tx
    .update(things)
    .set({ parents: sql`array_remove(${things.parents}, ${id})` })
    .where(and(eq(things.orgId, orgId), sql`${things.parents} @> ARRAY[${id}]::text[]`));
  return true;
}

/** Tag → thing id for the organization's live things, in one query (tracking engine, import). */
export async function findThingIdsByTags(
  db: Tx,
  orgId: string,
  tags: readonly string[],
): Promise<Map<string, string>> {
  if (!tags.length) return new Map();
  const found = await db
    .select({ tag: thingTags.tag, thingId: thingTags.thingId })
    .from(thingTags)
    .where(and(eq(thingTags.orgId, orgId), inArray(thingTags.tag, [...new Set(tags)])));
  return new Map(found.map((r) => [r.tag, r.thingId]));
}
