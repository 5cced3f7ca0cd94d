/**
 * Live messages as state: a record a message carries is written into the cached lists and
 * details that hold it (`setQueryData`), and a list is refetched only when the message can change
 * which records it holds or their order — a record new to it or gone from it, one that leaves or
 * enters its filters, or a change of the field it is sorted by. Everything else is patched in place,
 * so a screen open on thousands of moving things does not refetch them.
 *
 * A list query's key ends with its API query (`resourceKeys(…).list(query)`); its data is a
 * `ListResult`. The filters a rule names are evaluated here; a filter it does not name (a search,
 * a date range) is not, so a record that sorts into such a page refetches it even when the filter
 * would keep it out. A record that leaves an earlier page for a later one is not seen by the pages
 * in between (its old value is not in the message) until their next refetch.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ListResult, Query } from './client';

/** Query parameters that page or sort a list rather than filter it. */
const NOT_FILTERS = new Set(['page', 'limit', 'sort', 'all']);

type Row = Record<string, unknown>;

/** What a message's rule works with. */
export interface LiveCacheContext {
  client: QueryClient;
  /** Refetches the queries under `key` (throttled: at most once a second per key). */
  invalidate: (key: QueryKey) => void;
}

/** How a list query meets a record: its filters, sort and page. */
export interface ListRule {
  /** Filters checked against the record's own field of the same name (e.g. class, zone, map). */
  fields: readonly string[];
  /** Filters that every record on this stream passes (the stream is per site: `site`). */
  ignored?: readonly string[];
}

/** `a` against `b` as the server sorts them: nulls last in either direction, then by value. */
export function compareSortValues(a: unknown, b: unknown, desc = false): number {
  const an = a === null || a === undefined || a === '';
  const bn = b === null || b === undefined || b === '';
  if (an || bn) return an === bn ? 0 : an ? 1 : -1;
  const order =
    typeof a === 'number' && typeof b === 'number'
      ? a - b
      : String(a).localeCompare(String(b), 'en', { sensitivity: 'base' });
  return desc ? -order : order;
}

export type ListEffect = 'patch' | 'refetch' | 'none';

/**
 * What `record` (the record's new state; `id` its id) does to one cached page of a list asked
 * with `query`. `patch` = it is on the page and stays where it is; `refetch` = the page's members or
 * order may change; `none` = it has nothing to do with this page.
 */
export function listEffect(
  query: Query,
  items: readonly Row[],
  id: string,
  record: Row,
  rule: ListRule,
  idOf: (row: Row) => string = (row) => String(row._id),
): ListEffect {
  const at = items.findIndex((row) => idOf(row) === id);
  const known = new Set(rule.fields);
  const ignored = new Set(rule.ignored ?? []);
  /** A filter on a field the record carries was checked: membership may have just changed. */
  let checked = false;
  let passes = true;
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '' || NOT_FILTERS.has(name) || ignored.has(name)) continue;
    if (!known.has(name) || !(name in record)) continue;
    checked = true;
    if (String(record[name] ?? '') !== String(value)) passes = false;
  }
  const sort = typeof query.sort === 'string' ? query.sort : undefined;
  const field = sort?.replace(/^-/, '');
  const desc = sort?.startsWith('-') ?? false;
  if (at >= 0) {
    if (!passes) return 'refetch';
    const before = items[at] as Row;
    if (field && field in record && compareSortValues(before[field], record[field]) !== 0) return 'refetch';
    return 'patch';
  }
  if (!passes) return 'none';
  // Unsorted, or sorted by a field this message does not carry: only a filter can bring it here.
  if (!field || !(field in record)) return checked ? 'refetch' : 'none';
  // Not on the page: anything that sorts before its last row (or anywhere, while the page is not
  // full) joins it or shifts it; a record from another page may have moved (its old value is unknown).
  const limit = Number(query.limit ?? Number.POSITIVE_INFINITY);
  const last = items.at(-1);
  return items.length < limit || !last || compareSortValues(record[field], last[field], desc) <= 0
    ? 'refetch'
    : 'none';
}

/**
 * Applies `record` to every cached list under `listsKey`: patched in place where it stays, the
 * list invalidated (through `invalidate`, which throttles) where it may move.
 */
export function applyToLists(
  client: QueryClient,
  listsKey: QueryKey,
  id: string,
  record: Row,
  rule: ListRule,
  invalidate: (key: QueryKey) => void,
): void {
  for (const query of client.getQueryCache().findAll({ queryKey: listsKey })) {
    const data = query.state.data as ListResult<Row> | undefined;
    if (!data?.items) continue;
    const params = (query.queryKey.at(-1) ?? {}) as Query;
    const effect = listEffect(params, data.items, id, record, rule);
    if (effect === 'refetch') invalidate(query.queryKey);
    else if (effect === 'patch')
      client.setQueryData<ListResult<Row>>(query.queryKey, (old) =>
        old
          ? {
              ...old,
              items: old.items.map((row) => (String(row._id) === id ? { ...row, ...record } : row)),
            }
          : old,
      );
  }
}

/** Writes `record` over every cached detail of it (`detailKey`, any query). */
export function applyToDetails(client: QueryClient, detailKey: QueryKey, record: Row): void {
  client.setQueriesData<Row>({ queryKey: detailKey }, (old) => (old ? { ...old, ...record } : old));
}
