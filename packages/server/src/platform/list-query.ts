/**
 * The one list helper (CONVENTIONS "Lists, everywhere the same"): turns limit/page/sort/search
 * into SQL with a sort whitelist, and answers with the JSON array plus `x-total-count`.
 */
import { LIST_TOTAL_CAP, type ListQuery, parseSort } from '@sightline/shared';
import { type AnyColumn, and, count, type InferSelectModel, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Tx } from '../db/client.js';
import { badRequest } from './errors.js';

export interface ListSpec<F extends string = string> {
  /** API field name → column or expression that may be sorted on (typed from shared `*_SORT_FIELDS`). */
  sortable: Record<F, AnyColumn | SQL>;
  /** Order when the query names none (and the tie-breaker after any sort). */
  defaultSort: SQL[];
  /** Columns `search` matches by substring. */
  searchable: (AnyColumn | SQL)[];
  /** Expression `search2` (fuzzy) matches with pg_trgm word similarity; substring search when absent. */
  fuzzy?: AnyColumn | SQL;
}

interface ListClauses {
  where?: SQL;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

export function listClauses(query: ListQuery, spec: ListSpec): ListClauses {
  const orderBy: SQL[] = [];
  const sort = parseSort(query.sort);
  if (sort) {
    // Own properties only: `sort=__proto__` or `constructor` must be an unknown field, not a crash.
    const column = Object.hasOwn(spec.sortable, sort.field)
      ? (spec.sortable as Record<string, AnyColumn | SQL>)[sort.field]
      : undefined;
    if (!column)
      throw badRequest(
        `sort: '${sort.field}' is not a sortable field (${Object.keys(spec.sortable).join(', ')})`,
      );
    orderBy.push(sort.desc ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS LAST`);
  }
  orderBy.push(...spec.defaultSort);
  let where: SQL | undefined;
  const term = query.search?.trim();
  const fuzzy = query.search2?.trim();
  if (term && spec.searchable.length) {
    where = or(...spec.searchable.map((c) => ilike(c as AnyColumn, `%${escapeLike(term)}%`)));
  } else if (fuzzy && spec.searchable.length) {
    const like = or(...spec.searchable.map((c) => ilike(c as AnyColumn, `%${escapeLike(fuzzy)}%`)));
    where = spec.fuzzy ? sql`(${like} OR ${fuzzy} <% ${spec.fuzzy})` : like;
  }
  return { where, orderBy, limit: query.limit, offset: query.page * query.limit };
}

export interface ListPage<T> {
  items: T[];
  total: number;
  /** More rows than `total` (the cap) match. */
  totalCapped: boolean;
}

/** A select that can be narrowed, ordered and paged (a Drizzle select with its joins). */
export interface PageSelect<Row> {
  where(where: SQL | undefined): {
    orderBy(...by: SQL[]): { limit(n: number): { offset(n: number): PromiseLike<Row[]> } };
  };
}

interface ListOptions<Row> {
  /** The page's select when it is more than the table's own rows (joined names). */
  select?: (db: Tx) => PageSelect<Row>;
  /** false: no count (exports page through everything); the answer's total is then 0. */
  total?: boolean;
  /** Most rows the total counts (LIST_TOTAL_CAP unless a caller or test says otherwise). */
  totalCap?: number;
}

/**
 * How many rows match `where`, counting at most `cap` + 1 of them: an exact count over a million
 * rows is most of a list's time, and past a few thousand nobody pages through them.
 */
export async function cappedCount(
  db: Tx,
  table: PgTable,
  where: SQL | undefined,
  cap = LIST_TOTAL_CAP,
): Promise<{ total: number; totalCapped: boolean }> {
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matching');
  const [r] = await db.select({ n: count() }).from(matching);
  const n = r?.n ?? 0;
  return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}

/**
 * The one list query: `scope` (organization, site and filters) plus the query's search, sort and
 * page, answered as API objects with the total. Every repository's list is one call of this.
 */
export async function listPage<T extends PgTable, Api, Row = InferSelectModel<T>>(
  db: Tx,
  table: T,
  scope: SQL | undefined,
  query: ListQuery,
  spec: ListSpec,
  toApi: (row: Row) => Api,
  options: ListOptions<Row> = {},
): Promise<ListPage<Api>> {
  const c = listClauses(query, spec);
  const where = and(scope, c.where);
  const select: PageSelect<Row> =
    options.select?.(db) ?? (db.select().from(table as PgTable) as unknown as PageSelect<Row>);
  const [rows, counted] = await Promise.all([
    select
      .where(where)
      .orderBy(...c.orderBy)
      .limit(c.limit)
      .offset(c.offset),
    options.total === false
      ? { total: 0, totalCapped: false }
      : cappedCount(db, table as PgTable, where, options.totalCap),
  ]);
  return { items: rows.map(toApi), ...counted };
}

/**
 * The answer of a list route: the items, `x-total-count` (at most the cap) and `x-total-capped`
 * ('true' when more rows match than the total says).
 */
export function sendList<T>(
  reply: FastifyReply,
  { items, total, totalCapped = false }: { items: T[]; total: number; totalCapped?: boolean },
): T[] {
  totalHeaders(reply, total, totalCapped);
  return items;
}

function totalHeaders(reply: FastifyReply, total: number, totalCapped: boolean) {
  reply.header('x-total-count', String(total));
  reply.header('x-total-capped', String(totalCapped));
}

/**
 * `sendList` for a page whose JSON text the database wrote (the things list): sent as is, so the
 * route's response schema documents it but does not check it — the repository's test compares
 * that text with what the schema's serializer writes.
 */
export function sendListJson(
  reply: FastifyReply,
  { json, total, totalCapped = false }: { json: string; total: number; totalCapped?: boolean },
) {
  totalHeaders(reply, total, totalCapped);
  return reply.type('application/json; charset=utf-8').send(json);
}
