/**
 * The one list helper (CONVENTIONS "Lists, everywhere the same"): turns limit/page/sort/search
 * into SQL with a sort whitelist, and answers with the JSON array plus `x-total-count`.
 */
import { type ListQuery, parseSort } from '@sightline/shared';
import { type AnyColumn, asc, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { badRequest } from './errors.js';

export interface ListSpec {
  /** API field name → column or expression that may be sorted on. */
  sortable: Record<string, AnyColumn | SQL>;
  /** Order when the query names none (and the tie-breaker after any sort). */
  defaultSort: SQL[];
  /** Columns `search` matches by substring. */
  searchable: (AnyColumn | SQL)[];
  /** Expression `search2` (fuzzy) matches with pg_trgm word similarity; substring search when absent. */
  fuzzy?: AnyColumn | SQL;
}

export interface ListClauses {
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
    const column = spec.sortable[sort.field];
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

export function sendList<T>(reply: FastifyReply, total: number, items: T[]): T[] {
  reply.header('x-total-count', String(total));
  return items;
}

export { asc, desc };
