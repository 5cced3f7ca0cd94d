import { describe, expect, it } from 'vitest';
import { LIST_OFFSET_MAX, ListQuery, lastPage, listQuery, parseSort } from './list.js';

describe('list query parsing (limit, page, sort, search)', () => {
  it('applies the defaults: limit 25, page 0', () => {
    expect(ListQuery.parse({})).toEqual({ limit: 25, page: 0 });
  });
  it('coerces query strings', () => {
    expect(ListQuery.parse({ limit: '100', page: '3', sort: '-name', search: 'dock' })).toEqual({
      limit: 100,
      page: 3,
      sort: '-name',
      search: 'dock',
    });
  });
  it.each([{ limit: '0' }, { limit: '1001' }, { page: '-1' }, { limit: 'x' }, { sort: 'name;drop' }])(
    'rejects %j',
    (q) => {
      expect(ListQuery.safeParse(q).success).toBe(false);
    },
  );
  it('bounds the rows a page skips (page × limit) and names the last page', () => {
    expect(ListQuery.parse({ limit: '1000', page: String(lastPage(1000)) }).page).toBe(9_007_199_254_740);
    expect(ListQuery.parse({ limit: '1', page: String(LIST_OFFSET_MAX) }).page).toBe(LIST_OFFSET_MAX);
    const past = ListQuery.safeParse({ limit: '1000', page: String(lastPage(1000) + 1) });
    expect(past.error?.issues).toEqual([
      expect.objectContaining({
        path: ['page'],
        message: `page × limit may not exceed ${LIST_OFFSET_MAX} (at limit 1000, the last page is 9007199254740)`,
      }),
    ]);
    expect(listQuery(10_000).safeParse({ limit: '10000', page: '9007199254740991' }).success).toBe(false);
  });
  it('allows larger limits where a list allows more (events 10000)', () => {
    expect(listQuery(10_000).parse({ limit: '10000' }).limit).toBe(10_000);
  });
  it.each([
    ['name', { field: 'name', desc: false }],
    ['-lastZoneTime', { field: 'lastZoneTime', desc: true }],
    [undefined, undefined],
  ])('parseSort(%s)', (sort, expected) => {
    expect(parseSort(sort)).toEqual(expected);
  });
  it('rejects an unknown sort field in the schema when the list names its sortable fields', () => {
    const q = listQuery(100, ['name', 'timeCreated']);
    expect(q.parse({ sort: '-timeCreated' }).sort).toBe('-timeCreated');
    for (const sort of ['password', '-secret', '__proto__', 'constructor', 'name;drop']) {
      expect(q.safeParse({ sort }).success).toBe(false);
    }
    const failed = q.safeParse({ sort: 'password' });
    expect(failed.error?.issues[0]?.message).toBe("'password' is not a sortable field (name, timeCreated)");
  });
});
