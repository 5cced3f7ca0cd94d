/**
 * The things search when most things share the typed words (search.ts): the statistics name the
 * common words, which are tested on the rows the list's order reads instead of gathered from the
 * index. The answers are the index's: the same things, in the same order, with totals capped as
 * the fuzzy search's are. ANALYZE is the whole database's: a database of its own.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePrivateApp, makeTenant } from '../../../test/factories.js';
import { COMMON_WORD_ROWS, FUZZY_CAP, WALK_ROWS } from './search.js';

const app = await makePrivateApp();
const names = (res: { json(): { name: string }[] }) => res.json().map((x) => x.name);
/** More things than WALK_ROWS, all holding "asset" and "drill", numbered by their zone entry. */
const N = Math.max(COMMON_WORD_ROWS, WALK_ROWS) + 1000;

describe('things search of common words', () => {
  let t: Awaited<ReturnType<typeof makeTenant>>;
  let other: Awaited<ReturnType<typeof makeTenant>>;
  beforeAll(async () => {
    t = await makeTenant(app);
    other = await makeTenant(app);
    await app.ctx.db.execute(sql`
      INSERT INTO things (id, org_id, site_id, name, class, last_zone_time)
      SELECT substr(md5(${t.org.id} || '-' || i), 1, 24), ${t.org.id}, ${t.site.id}, 'Asset ' || i || ' drill', 'item',
        '2024-01-01'::timestamptz + i * interval '1 minute'
      FROM generate_series(1, ${N}) i`);
    for (const name of ['Zzyzx 1 pump', 'Zzyzx 2 drill', 'Asset 4242 saw']) {
      expect((await t.admin.request('POST', '/api/things', { name, site: t.site.id })).statusCode).toBe(200);
    }
    for (const name of ['Asset 1 ladder', 'Asset 2 drill']) {
      expect(
        (await other.admin.request('POST', '/api/things', { name, site: other.site.id })).statusCode,
      ).toBe(200);
    }
    await app.ctx.db.execute(sql`ANALYZE things`);
  }, 120_000);

  const get = (tenant: typeof t, query: string) =>
    tenant.viewer.request('GET', `/api/things?site=${tenant.site.id}&${query}`);

  it('pages a word most things hold in the list order, its total capped', async () => {
    const res = await get(t, 'search=asset&limit=3&page=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(FUZZY_CAP));
    expect(res.headers['x-total-capped']).toBe('true');
    // Most recent zone entry first (the things added through the API have none: last).
    expect(names(res)).toEqual([`Asset ${N - 3} drill`, `Asset ${N - 4} drill`, `Asset ${N - 5} drill`]);
    // Two common words, the last one being typed, and a named sort.
    const sorted = await get(t, 'search=drill%20ass&sort=lastZoneTime&limit=2');
    expect(names(sorted)).toEqual(['Asset 1 drill', 'Asset 2 drill']);
    // A last word of one or two letters begins too many words to tell: walked too.
    expect((await get(t, 'search=as&limit=1')).headers['x-total-capped']).toBe('true');
  });

  it('finds a rare word with a common one, whichever is typed last', async () => {
    const q = async (query: string) => names(await get(t, query)).sort();
    // Numbers beginning with 4242 past it are not there (N < 42420).
    expect(await q('search=asset%204242')).toEqual(['Asset 4242 drill', 'Asset 4242 saw']);
    expect(await q('search=4242%20asset')).toEqual(['Asset 4242 drill', 'Asset 4242 saw']);
    expect(await q('search=4242%20drill')).toEqual(['Asset 4242 drill']);
    const total = await get(t, 'search=4242%20asset');
    expect(total.headers['x-total-count']).toBe('2');
    expect(total.headers['x-total-capped']).toBe('false');
  });

  it('counts exactly when the common words rarely meet, or the list holds few things', async () => {
    // "zz" begins no common word: the list's order is read, too few match, the index finds them.
    const rare = await get(t, 'search=zz');
    expect(names(rare).sort()).toEqual(['Zzyzx 1 pump', 'Zzyzx 2 drill']);
    expect(rare.headers['x-total-count']).toBe('2');
    // Another organization's list holds few things: all of them read, the total exact.
    const few = await get(other, 'search=asset');
    expect(names(few).sort()).toEqual(['Asset 1 ladder', 'Asset 2 drill']);
    expect(few.headers['x-total-count']).toBe('2');
    expect(few.headers['x-total-capped']).toBe('false');
  });

  it('ranks fuzzy matches of a common word best first, or in the named order', async () => {
    const ranked = await get(t, 'search2=drill%204242&limit=3');
    expect(ranked.headers['x-total-count']).toBe(String(FUZZY_CAP));
    expect(ranked.headers['x-total-capped']).toBe('true');
    expect(names(ranked)[0]).toBe('Asset 4242 drill');
    // A page past the first 250 ranked is still full (the pool grows with the page).
    expect(names(await get(t, 'search2=drill%204242&limit=100&page=5'))).toHaveLength(100);
    // A typo in the rare word: the common word still makes the matches, the page is full.
    expect(names(await get(t, 'search2=drill%204243&limit=3'))).toHaveLength(3);
    const recent = await get(t, 'search2=drill%204242&sort=-lastZoneTime&limit=2');
    expect(names(recent)).toEqual([`Asset ${N} drill`, `Asset ${N - 1} drill`]);
    // Not a common word's fuzzy matches: the other tenant's list, exact and ranked.
    const few = await get(other, 'search2=drill%202');
    expect(names(few)[0]).toBe('Asset 2 drill');
  });

  it('answers the same without the statistics: a word they do not name is not gathered past its bound', async () => {
    // As after an upgrade before ANALYZE ran: no word is known to be common, so "asset" goes to
    // the index, whose matches (more than GATHER_MAX) stay a condition instead of an id array.
    await app.ctx.db.execute(sql`DELETE FROM pg_statistic WHERE starelid = 'things'::regclass
      AND staattnum = (SELECT attnum FROM pg_attribute WHERE attrelid = 'things'::regclass AND attname = 'search_words')`);
    try {
      const res = await get(t, 'search=asset&limit=3&page=1');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-capped']).toBe('true');
      expect(names(res)).toEqual([`Asset ${N - 3} drill`, `Asset ${N - 4} drill`, `Asset ${N - 5} drill`]);
      expect(names(await get(t, 'search=asset%204242')).sort()).toEqual([
        'Asset 4242 drill',
        'Asset 4242 saw',
      ]);
      const ranked = await get(t, 'search2=drill%204242&limit=3');
      expect(names(ranked)[0]).toBe('Asset 4242 drill');
    } finally {
      await app.ctx.db.execute(sql`ANALYZE things`);
    }
  });
});
