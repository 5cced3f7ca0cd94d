import { describe, expect, it } from 'vitest';
import { selectSiteId, withSite } from './site-selection';

describe('site selection', () => {
  const sites = [{ _id: 'a' }, { _id: 'b' }];
  it('keeps a known site and falls back to the first', () => {
    expect(selectSiteId(sites, 'b')).toBe('b');
    expect(selectSiteId(sites, 'zzz')).toBe('a');
    expect(selectSiteId(sites, null)).toBe('a');
    expect(selectSiteId([], 'b')).toBeUndefined();
  });
  it('switching site rewrites the query and returns to the first page', () => {
    const next = withSite(new URLSearchParams('site=a&page=3&search=abc'), 'b');
    expect(next.toString()).toBe('site=b&search=abc');
  });
});
