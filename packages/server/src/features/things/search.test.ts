/**
 * The things lists' text search on names that share their words (search.ts): whole words with the
 * last one as typed, serials and tags by their parts and beginnings, fuzzy matches best first, and
 * the bound on a fuzzy search's work.
 */
import { LIST_TOTAL_CAP } from '@sightline/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeApp, makeTenant } from '../../../test/factories.js';
import { placeThing } from './fixtures.js';
import { FUZZY_CAP } from './search.js';

const app = await makeApp();
const names = (res: { json(): { name: string }[] }) => res.json().map((x) => x.name);

describe('things search', () => {
  it('matches whole words, the last one by its beginning, in every field', async () => {
    const t = await makeTenant(app);
    const add = async (name: string, more: object = {}) => {
      const res = await t.admin.request('POST', '/api/things', { name, site: t.site.id, ...more });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    await add('Asset 4242 drill', { serial: 'SN-2023-0004242', tag1: 'E28011606000020700004242' });
    await add('Asset 42421 saw', { serial: 'SN-2024-0042421', tag1: 'E28011606000020700042421' });
    await add('Asset 14242 drill', { serial: 'SN-2023-0009999' });
    await add('Pallet 4242 jack', { labels: ['asset tag missing'] });
    await add('Laptop 7', { description: 'Assets of the office, drill-free' });
    // Compared as sets: the order of names is the database collation's.
    const q = async (query: string) =>
      names(await t.viewer.request('GET', `/api/things?site=${t.site.id}&${query}`)).sort();

    // Every word must be there; the last may be the beginning of one; words are not substrings.
    expect(await q('search=Asset%204242')).toEqual([
      'Asset 4242 drill',
      'Asset 42421 saw',
      'Pallet 4242 jack',
    ]);
    expect(await q('search=asset%204242%20dr')).toEqual(['Asset 4242 drill']);
    expect(await q('search=drill')).toEqual(['Asset 14242 drill', 'Asset 4242 drill', 'Laptop 7']);
    expect(await q('search=sset')).toEqual([]);
    expect(await q('search=Asse%204242')).toEqual([]);
    expect(await q('search=4242%20asset')).toEqual(['Asset 4242 drill', 'Pallet 4242 jack']);
    // Serials and tags: a word as written, or a run of letters and digits inside it, or their beginnings.
    expect(await q('search=SN-2023-000')).toEqual(['Asset 14242 drill', 'Asset 4242 drill']);
    expect(await q('search=2024')).toEqual(['Asset 42421 saw']);
    expect(await q('search=0004242')).toEqual(['Asset 4242 drill']);
    expect(await q('search=E2801160600002070000')).toEqual(['Asset 4242 drill']);
    expect(await q('search=e280116060000207')).toEqual(['Asset 4242 drill', 'Asset 42421 saw']);
    // Punctuation typed is matched as typed, and characters of the query syntax are plain text.
    expect(await q('search=drill-free')).toEqual(['Laptop 7']);
    expect(await q(`search=${encodeURIComponent("drill' & !x:*")}`)).toEqual([]);
    expect(await q(`search=${encodeURIComponent('\\')}`)).toEqual([]);
    const total = await t.viewer.request('GET', `/api/things?site=${t.site.id}&search=asset`);
    // "Assets" begins with "asset": the last word is a beginning.
    expect(total.headers['x-total-count']).toBe('5');
  });

  it('ranks fuzzy matches by similarity, keeps a named sort, and finds whole words too', async () => {
    const t = await makeTenant(app);
    const add = async (name: string, more: object = {}) =>
      (await t.admin.request('POST', '/api/things', { name, site: t.site.id, ...more })).json();
    const far = await add('Asset 4242 drill');
    await add('Asset 14242 drill');
    await add('Asset 4243 saw');
    await add('Helmet 9 radio', { labels: ['drilling'] });
    await placeThing(app, far._id, { lastZoneTime: new Date('2020-01-01T00:00:00Z') });
    const q = async (query: string) =>
      names(await t.viewer.request('GET', `/api/things?site=${t.site.id}&${query}`));

    // Best first, though the exact match entered its zone longest ago.
    expect((await q('search2=drill%204242'))[0]).toBe('Asset 4242 drill');
    expect((await q('search2=dril%204242'))[0]).toBe('Asset 4242 drill');
    expect((await q('search2=drill%204242')).slice(0, 2)).toEqual(['Asset 4242 drill', 'Asset 14242 drill']);
    expect(await q('search2=drill%204242&sort=-name')).toEqual(['Asset 4242 drill', 'Asset 14242 drill']);
    // A label's word beginning is a match too (the words of search), however far in similarity.
    expect(await q('search2=drilli')).toContain('Helmet 9 radio');
    expect(await q('search2=zzzz')).toEqual([]);
  });

  it("bounds a fuzzy search's work: the total stops at its cap, the best match still comes first", async () => {
    const t = await makeTenant(app);
    const n = FUZZY_CAP + 100;
    await app.ctx.db.execute(sql`
      INSERT INTO things (id, org_id, site_id, name, class, last_zone_time)
      SELECT substr(md5(${t.org.id} || '-' || i), 1, 24), ${t.org.id}, ${t.site.id}, 'Asset ' || i || ' drill', 'item',
        '2024-01-01'::timestamptz + i * interval '1 minute'
      FROM generate_series(1, ${n}) i`);
    await t.admin.request('POST', '/api/things', { name: 'Pump 77', site: t.site.id });
    const get = (query: string) => t.viewer.request('GET', `/api/things?site=${t.site.id}&${query}`);

    const ranked = await get('search2=asset%20777%20drill');
    expect(ranked.headers['x-total-count']).toBe(String(FUZZY_CAP));
    expect(ranked.headers['x-total-capped']).toBe('true');
    expect(names(ranked)[0]).toBe('Asset 777 drill');
    // A named sort walks the list's order: the most recent zone entries first, exactly.
    const recent = await get('search2=asset%20drill&sort=-lastZoneTime&limit=3');
    expect(names(recent)).toEqual([`Asset ${n} drill`, `Asset ${n - 1} drill`, `Asset ${n - 2} drill`]);
    // Whole words are counted up to the lists' cap.
    const words = await get('search=drill&limit=2&page=3');
    expect(words.headers['x-total-count']).toBe(String(Math.min(n, LIST_TOTAL_CAP)));
    expect(names(words)).toEqual([`Asset ${n - 6} drill`, `Asset ${n - 7} drill`]);
    expect(names(await get('search2=pump'))).toEqual(['Pump 77']);
  });
});
