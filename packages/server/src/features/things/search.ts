/**
 * The things lists' text search (docs/decisions/0380-search-by-words.md):
 * - `search`: whole words. Every typed word is a word of the thing (name, serial, description,
 *   tags, labels), the last one the beginning of a word, as it may still be being typed. Through
 *   the GIN index of `thing_search_words` (migration 0030), which needs no recheck.
 * - `search2`: those matches, or fuzzy ones — the typed text's trigram word similarity with the
 *   thing's text at least FUZZY_THRESHOLD — best first unless the query names a sort.
 * The words typed decide the work, not the words the rows share: the matches are counted first,
 * at most a cap of them, so the plan is chosen knowing how many there are (the planner's guess
 * for a word prefix is off by orders of magnitude).
 */
import { LIST_TOTAL_CAP } from '@sightline/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { things } from '../../db/schema.js';

/** Every searchable field in one string (migrations 0011, 0018); its trigram index serves search2. */
const searchText = sql`thing_search_text(${things.name}, ${things.serial}, ${things.description}, ${things.tags}, ${things.tag1}, ${things.tag2}, ${things.labels})`;
const searchWords = sql`thing_search_words(${things.name}, ${things.serial}, ${things.description}, ${things.tags}, ${things.tag1}, ${things.tag2}, ${things.labels})`;

/** `thing_search_query` is immutable: the planner computes the query once, from the constant. */
const wordsMatch = (term: string) => sql`${searchWords} @@ thing_search_query(${term})`;

/**
 * Fuzzy: pg_trgm's word similarity of the typed text with the thing's text, at least this. Below
 * pg_trgm's default (0.6) so one or two typos in a word still match.
 */
const FUZZY_THRESHOLD = 0.5;
/**
 * The most fuzzy matches a search2 counts (and ranks, when the best ones are not found above
 * RANKED_THRESHOLD): each candidate of the trigram index is tested again on its row (≈ 10 µs).
 * Past it the total says "1,000+".
 */
export const FUZZY_CAP = 1000;
/** When more than FUZZY_CAP match, the best first are looked for among those at least this similar. */
const RANKED_THRESHOLD = 0.8;

// `text %> term` is `term <% text` written as the trigram index reads it (with `<%` PostgreSQL
// commuted it for the index and then tested the whole condition again on every candidate).
const fuzzyOnly = (term: string) => sql`${searchText} %> ${term}`;
const fuzzyMatch = (term: string) => sql`(${wordsMatch(term)} OR ${fuzzyOnly(term)})`;
const bySimilarity = (term: string) => sql`word_similarity(${term}, ${searchText}) DESC`;

export interface TextSearch {
  /** The typed text. */
  term: string;
  fuzzy: boolean;
}

/** `search` wins when both are sent; blank is no search. */
export function textSearchOf(query: { search?: string; search2?: string }): TextSearch | undefined {
  const term = query.search?.trim();
  if (term) return { term, fuzzy: false };
  const fuzzy = query.search2?.trim();
  return fuzzy ? { term: fuzzy, fuzzy: true } : undefined;
}

/** The order of a search's page when the query names no sort: the best fuzzy matches first. */
export function searchOrder(search: TextSearch | undefined): SQL[] {
  return search?.fuzzy ? [bySimilarity(search.term)] : [];
}

export interface SearchPlan<R> {
  /** The page for `where`, in `orderBy` order (the list's select, projection and paging). */
  page(tx: Tx, where: SQL | undefined): Promise<R[]>;
  limit: number;
  offset: number;
}

/** The settings of the transaction's next statements (`set_config(.., true)`: this transaction only). */
async function settings(tx: Tx, values: Record<string, string>) {
  const calls = Object.entries(values).map(([k, v]) => sql`set_config(${k}, ${v}, true)`);
  await tx.execute(sql`SELECT ${sql.join(calls, sql`, `)}`);
}

/** Matches found through the search indexes (bitmap scans), not by walking an order's index. */
const THROUGH_SEARCH_INDEXES = {
  enable_indexscan: 'off',
  enable_seqscan: 'off',
  // A few thousand rows are not worth starting parallel workers for.
  max_parallel_workers_per_gather: '0',
};
/** The list's order walked on its index, each row tested, until the page is full. */
const IN_LIST_ORDER = { enable_indexscan: 'on', enable_seqscan: 'on', enable_bitmapscan: 'off' };

async function cappedMatches(tx: Tx, where: SQL | undefined, cap: number) {
  const [r] = await tx.select({ n: sql<number>`count(*)::int` }).from(
    sql`(${tx
      .select({ one: sql`1` })
      .from(things)
      .where(where)
      .limit(cap + 1)}) matching`,
  );
  return r?.n ?? 0;
}

/**
 * One page of a text search within `scope`, with its capped total. Few matches (at most the
 * cap): all of them through the search indexes, ordered, cut to the page. Many: the list's own
 * order walked until the page is full — with that many matches it soon is; a fuzzy search ranked
 * by similarity looks for its best among those above RANKED_THRESHOLD, then among the first
 * FUZZY_CAP matches (the bound on its work).
 */
export async function searchPage<R>(
  db: Tx,
  scope: SQL | undefined,
  search: TextSearch,
  rankBySimilarity: boolean,
  plan: SearchPlan<R>,
) {
  return db.transaction(async (tx) => {
    const cap = search.fuzzy ? FUZZY_CAP : LIST_TOTAL_CAP;
    const match = search.fuzzy ? fuzzyMatch(search.term) : wordsMatch(search.term);
    const where = and(scope, match);
    await settings(tx, {
      ...THROUGH_SEARCH_INDEXES,
      'pg_trgm.word_similarity_threshold': String(FUZZY_THRESHOLD),
    });
    const n = await cappedMatches(tx, where, cap);
    const totals = { total: Math.min(n, cap), totalCapped: n > cap };
    if (n <= cap) return { rows: await plan.page(tx, where), ...totals };
    if (!rankBySimilarity) {
      await settings(tx, IN_LIST_ORDER);
      return { rows: await plan.page(tx, where), ...totals };
    }
    // The best matches first: among those above RANKED_THRESHOLD when they fill the page, else
    // among all; when more than the cap are there, among the first `cap` found.
    const wanted = plan.offset + plan.limit;
    for (const threshold of [RANKED_THRESHOLD, FUZZY_THRESHOLD]) {
      await settings(tx, { 'pg_trgm.word_similarity_threshold': String(threshold) });
      const tier = threshold === FUZZY_THRESHOLD ? where : and(scope, fuzzyOnly(search.term));
      const found = threshold === FUZZY_THRESHOLD ? n : await cappedMatches(tx, tier, cap);
      if (found < wanted && threshold !== FUZZY_THRESHOLD) continue;
      if (found <= cap) return { rows: await plan.page(tx, tier), ...totals };
      const firstFound = tx.select({ id: things.id }).from(things).where(tier).limit(cap);
      return { rows: await plan.page(tx, sql`${things.id} IN (${firstFound})`), ...totals };
    }
    return { rows: [], ...totals };
  });
}
