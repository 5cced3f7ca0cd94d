/**
 * The things lists' text search (docs/decisions/0380-search-by-words.md, 0427-search-common-words.md):
 * - `search`: whole words. Every typed word is a word of the thing (name, serial, description,
 *   tags, labels), the last one the beginning of a word, as it may still be being typed. Through
 *   the thing's stored words (`search_words`, migrations 0030 and 0033) and their GIN index.
 * - `search2`: those matches, or fuzzy ones — the typed text's trigram word similarity with the
 *   thing's text at least FUZZY_THRESHOLD — best first unless the query names a sort.
 * The words typed decide the work, not the words the rows share. A word most things hold, typed
 * last, is not looked up in the index (GIN gathers every row a word's beginning names before the
 * first one is read: half a million for "asset"): it is tested on the rows the other words find,
 * or, when every typed word is that common, on the rows the list's own order reads, until the
 * page is full. How common a word is comes from the table's statistics (ANALYZE's most common
 * words); the matches are then counted, at most a cap of them, so the plan is chosen knowing
 * how many there are.
 */
import { LIST_TOTAL_CAP } from '@sightline/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { things } from '../../db/schema.js';

/** Every searchable field in one string (migrations 0011, 0018); its trigram index serves search2. */
const searchText = sql`thing_search_text(${things.name}, ${things.serial}, ${things.description}, ${things.tags}, ${things.tag1}, ${things.tag2}, ${things.labels})`;
/**
 * The thing's words, stored on its row (migration 0033: `thing_search_words` of those fields, a
 * generated column) with a GIN index. Not in the Drizzle schema: no row read or written by the
 * application carries it.
 */
const searchWords = sql`"things"."search_words"`;

/** Through the index: `thing_search_query` is immutable, computed once from the constant. */
const wordsMatch = (term: string) => sql`${searchWords} @@ thing_search_query(${term})`;
/** The most things a search gathers as an array of ids (see `gathered`). */
const GATHER_MAX = 10_000;
/**
 * The things whose words match `condition`, gathered from the words' index alone, once, before the
 * list's other conditions: left with them, the planner ANDs the index's few rows with the class
 * column of the trigram index (half a million rows for the items) at a cost of 60–140 ms. Only
 * when they are at most GATHER_MAX (a probe reads that many and one more): an array's cost grows
 * faster than its size — 100,000 ids took 0.34 s, 500,000 over 20 s, looked up in the primary
 * key — so more matches (statistics missing or stale, a word just below "common" in a large
 * table, common words that rarely meet) stay a condition the planner scans, whose cost grows
 * with the rows.
 */
async function gathered(tx: Tx, condition: SQL): Promise<SQL> {
  // The words' index is a GIN index, read by bitmap scans only.
  await settings(tx, { enable_bitmapscan: 'on' });
  const [probe] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM things WHERE ${condition} LIMIT ${GATHER_MAX + 1}) g`,
  );
  if ((probe?.n ?? 0) > GATHER_MAX) return condition;
  return sql`${things.id} = ANY(ARRAY(SELECT id FROM things WHERE ${condition}))`;
}
/** The same test on each row (≈ 1 µs): a function call, which the planner does not take to the index. */
const wordsTest = (term: string) => sql`ts_match_vq(${searchWords}, thing_search_query(${term}))`;

/**
 * Fuzzy: pg_trgm's word similarity of the typed text with the thing's text, at least this. Below
 * pg_trgm's default (0.6) so one or two typos in a word still match.
 */
const FUZZY_THRESHOLD = 0.5;
/**
 * The most fuzzy matches a search2 counts (and ranks, when the best ones are not found above
 * RANKED_THRESHOLD): each candidate of the trigram index is tested again on its row (≈ 10 µs).
 * Past it the total says "1,000+". A search walking the list's order counts this many too.
 */
export const FUZZY_CAP = 1000;
/** When more than FUZZY_CAP match, the best first are looked for among those at least this similar. */
const RANKED_THRESHOLD = 0.8;

/**
 * A typed word is common when its share of the things (from the statistics) names more rows than
 * this: the index would gather them all for it. Below it, gathering costs less than testing rows.
 */
export const COMMON_WORD_ROWS = 20_000;
/**
 * …and when at least this share of things hold it, so that reading the list's order meets a match
 * every few rows (FUZZY_CAP of them within WALK_ROWS: ≈ 14,300 rows at this share, with room for
 * the statistics' sampling error — a word held by a tenth of the things was estimated at 9.9 %).
 */
const COMMON_WORD_SHARE = 0.07;
/**
 * A last word this short begins too many different words for the statistics to tell (each number
 * beginning with "4" is rare, all of them are not): it is taken for a common one.
 */
const SHORT_PREFIX = 2;
/**
 * The most rows a search of common words reads in the list's order to count its matches: when
 * fewer than FUZZY_CAP are found there (the words rarely meet on one thing), the index finds them.
 */
export const WALK_ROWS = 20_000;
/**
 * A fuzzy search of a common word ranked by similarity ranks the matches of every typed word and
 * this many of the things holding that word (the first found): the bound on its work.
 */
const RANKED_POOL = 250;

// `text %> term` is `term <% text` written as the trigram index reads it (with `<%` PostgreSQL
// commuted it for the index and then tested the whole condition again on every candidate).
const fuzzyOnly = (term: string) => sql`${searchText} %> ${term}`;
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
  enable_bitmapscan: 'on',
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

/** The words as `thing_search_query` reads them: between spaces (a tab or a line break is one). */
function typedWords(term: string) {
  return term.split(/[ \t\n\r\f\v]+/).filter((w) => w !== '');
}

/**
 * What the statistics say of each typed word, from those ANALYZE keeps of the stored words (the
 * most common ones with the share of things holding each): `share`, of things holding it (the
 * last: a word it begins); `exact`, holding it as a whole word; `similar`, whether holding it
 * alone makes a thing a fuzzy match (its word similarity with the typed text). A word not among
 * the most common is rare; without statistics (never analyzed) every word is.
 */
async function wordStats(tx: Tx, term: string, words: string[]) {
  const lower = words.map((w) => w.toLowerCase());
  const [r] = await rows<{ things: number; share: number[]; exact: number[]; alike: boolean[] }>(
    tx,
    sql`WITH common AS (
      SELECT m.word, m.share FROM pg_stats s,
        unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS m(word, share)
      WHERE s.schemaname = current_schema() AND s.tablename = 'things' AND s.attname = 'search_words'
        AND m.word IS NOT NULL),
    typed AS (
      SELECT w.n,
        least(coalesce((SELECT sum(c.share) FROM common c
          WHERE c.word = w.word OR (w.n = ${lower.length} AND starts_with(c.word, w.word))), 0), 1)::float8 AS share,
        coalesce((SELECT c.share FROM common c WHERE c.word = w.word), 0)::float8 AS exact,
        word_similarity(${term}, w.word) >= ${FUZZY_THRESHOLD} AS alike
      FROM unnest(${sql.param(lower)}::text[]) WITH ORDINALITY AS w(word, n))
    SELECT greatest((SELECT reltuples FROM pg_class WHERE oid = 'things'::regclass), 0)::float8 AS things,
      ARRAY(SELECT share FROM typed ORDER BY n) AS share, ARRAY(SELECT exact FROM typed ORDER BY n) AS exact,
      ARRAY(SELECT alike FROM typed ORDER BY n) AS alike`,
  );
  const numbers = (a: unknown[] | undefined) => (a ?? []).map(Number);
  return {
    things: Number(r?.things ?? 0),
    share: numbers(r?.share),
    exact: numbers(r?.exact),
    similar: r?.alike ?? [],
  };
}

/** Held by so many things that the index would gather too many rows for it. */
const isCommon = (share: number, things: number) =>
  share >= COMMON_WORD_SHARE && share * things > COMMON_WORD_ROWS;

interface WordsPlan {
  /** The typed words' match: through the index when `indexed`, else tested on each row read. */
  match: SQL;
  indexed: boolean;
  /**
   * A word many things hold as a whole word, each of them a fuzzy match for holding it (letters
   * and digits only: lower case as PostgreSQL's). Undefined when there is none.
   */
  sure?: string;
}

/**
 * How the typed words are looked for. GIN gathers every row a word beginning names before it
 * reads one, but walks a whole word's rows only where the other words' rows are (its "fast scan"):
 * a common whole word costs little next to a rare one, a common last word (a beginning) costs all
 * its rows. So: no common word last, the whole query through the index; a common last word, the
 * other words (whole) through the index and the whole query tested on the rows they find; every
 * word common, no index — each row read is tested.
 */
async function wordsPlan(tx: Tx, term: string): Promise<WordsPlan> {
  const words = typedWords(term);
  const stats = await wordStats(tx, term, words);
  const last = words.length - 1;
  const common = words.map(
    (word, i) => (i === last && word.length <= SHORT_PREFIX) || isCommon(stats.share[i] ?? 0, stats.things),
  );
  const sure = words
    .map((word, i) => ({ word: word.toLowerCase(), exact: stats.exact[i] ?? 0, similar: stats.similar[i] }))
    .filter((w) => w.similar && /^[a-z0-9]+$/.test(w.word) && isCommon(w.exact, stats.things))
    .sort((a, b) => b.exact - a.exact)[0]?.word;
  if (common.every(Boolean)) return { match: wordsTest(term), indexed: false, sure };
  if (!common[last]) return { match: await gathered(tx, wordsMatch(term)), indexed: true, sure };
  const others = sql`${searchWords} @@ thing_search_whole_words(${words.slice(0, last).join(' ')})`;
  return { match: and(await gathered(tx, others), wordsTest(term)) as SQL, indexed: true, sure };
}

/**
 * The rows matching `test` among the first WALK_ROWS rows of `scope` (in whatever order is
 * cheapest), at most `cap + 1` of them, and whether those were all the rows of `scope`.
 */
async function walkedMatches(tx: Tx, scope: SQL | undefined, test: SQL, cap: number) {
  const inScope = sql`SELECT ${searchWords} AS search_words FROM things WHERE ${scope ?? sql`true`} LIMIT ${WALK_ROWS}`;
  const [found] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM (${inScope}) things WHERE ${test} LIMIT ${cap + 1}) m`,
  );
  const n = found?.n ?? 0;
  if (n > cap) return { n, all: false };
  const [read] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM (${inScope}) s`);
  return { n, all: (read?.n ?? 0) < WALK_ROWS };
}

/**
 * One page of a text search within `scope`, with its capped total.
 * - Common words (every typed word common; for search2, one common word that alone makes a fuzzy
 *   match): the list's order read, each row's stored words tested — the first FUZZY_CAP + 1
 *   matches are soon met, the total says "1,000+" and the page is the first rows that match. A
 *   fuzzy search ranked by similarity takes its best among the matches of every typed word and
 *   the first RANKED_POOL things holding that common word (more for a page past them).
 * - Else few matches (at most the cap): all of them through the search indexes, ordered, cut to
 *   the page. Many: the list's own order walked until the page is full; a fuzzy search ranked by
 *   similarity looks for its best among those above RANKED_THRESHOLD, then among the first
 *   FUZZY_CAP matches (the bound on its work).
 */
export async function searchPage<R>(
  db: Tx,
  scope: SQL | undefined,
  search: TextSearch,
  rankBySimilarity: boolean,
  plan: SearchPlan<R>,
) {
  return db.transaction(async (tx) => {
    const { term, fuzzy } = search;
    const words = await wordsPlan(tx, term);
    // Walking first: a fuzzy search by its sure word (a cheap test that proves a match), a whole-word one
    // by its words.
    const sureTest = words.sure ? sql`ts_match_vq(${searchWords}, ${words.sure}::tsquery)` : undefined;
    const walkTest = fuzzy ? sureTest : words.indexed ? undefined : words.match;
    if (walkTest) {
      await settings(tx, { ...IN_LIST_ORDER, 'pg_trgm.word_similarity_threshold': String(FUZZY_THRESHOLD) });
      const walked = await walkedMatches(tx, scope, walkTest, FUZZY_CAP);
      const totals = { total: Math.min(walked.n, FUZZY_CAP), totalCapped: walked.n > FUZZY_CAP };
      if (!fuzzy && (walked.n > FUZZY_CAP || walked.all))
        return { rows: await plan.page(tx, and(scope, walkTest)), ...totals };
      if (fuzzy && walked.n > FUZZY_CAP) {
        // Every thing holding the sure word matches: tested first, as it is the cheapest test.
        const match = sql`(${walkTest} OR ${wordsTest(term)} OR ${fuzzyOnly(term)})`;
        if (!rankBySimilarity) return { rows: await plan.page(tx, and(scope, match)), ...totals };
        // The pool by walking (its test is not the index's); every word's matches through the index.
        await settings(tx, { enable_bitmapscan: 'on' });
        // Pages past the pool still fill, up to the FUZZY_CAP matches the total names.
        const poolSize = Math.min(FUZZY_CAP, Math.max(RANKED_POOL, plan.offset + plan.limit));
        const pool = tx.select({ id: things.id }).from(things).where(and(scope, walkTest)).limit(poolSize);
        const allWords = tx
          .select({ id: things.id })
          .from(things)
          .where(and(scope, words.match))
          .limit(FUZZY_CAP);
        return { rows: await plan.page(tx, sql`${things.id} IN ((${pool}) UNION (${allWords}))`), ...totals };
      }
      // Few matches there (the words rarely meet on one thing): the indexes find them.
    }
    const cap = fuzzy ? FUZZY_CAP : LIST_TOTAL_CAP;
    const match = words.indexed ? words.match : await gathered(tx, wordsMatch(term));
    const where = and(scope, fuzzy ? sql`(${match} OR ${fuzzyOnly(term)})` : match);
    await settings(tx, {
      ...THROUGH_SEARCH_INDEXES,
      'pg_trgm.word_similarity_threshold': String(FUZZY_THRESHOLD),
    });
    const n = await cappedMatches(tx, where, cap);
    const totals = { total: Math.min(n, cap), totalCapped: n > cap };
    if (n <= cap) return { rows: await plan.page(tx, where), ...totals };
    if (!rankBySimilarity) {
      // Walking, the words are tested on each row (the index is for gathering).
      await settings(tx, IN_LIST_ORDER);
      const onRow = fuzzy ? sql`(${wordsTest(term)} OR ${fuzzyOnly(term)})` : wordsTest(term);
      return { rows: await plan.page(tx, and(scope, onRow)), ...totals };
    }
    // The best matches first: among those above RANKED_THRESHOLD when they fill the page, else
    // among all; when more than the cap are there, among the first `cap` found.
    const wanted = plan.offset + plan.limit;
    for (const threshold of [RANKED_THRESHOLD, FUZZY_THRESHOLD]) {
      await settings(tx, { 'pg_trgm.word_similarity_threshold': String(threshold) });
      const tier = threshold === FUZZY_THRESHOLD ? where : and(scope, fuzzyOnly(term));
      const found = threshold === FUZZY_THRESHOLD ? n : await cappedMatches(tx, tier, cap);
      if (found < wanted && threshold !== FUZZY_THRESHOLD) continue;
      if (found <= cap) return { rows: await plan.page(tx, tier), ...totals };
      const firstFound = tx.select({ id: things.id }).from(things).where(tier).limit(cap);
      return { rows: await plan.page(tx, sql`${things.id} IN (${firstFound})`), ...totals };
    }
    return { rows: [], ...totals };
  });
}
