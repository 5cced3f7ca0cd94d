/**
 * The images screen's filter in the URL query (kept across reloads and links) and as API query
 * strings: the same parameter names as `GET api/images`, repeated for several tags or categories.
 */
import { filterIsActive, type ImageFilter } from '@sightline/shared';

export type UrlFilter = Omit<ImageFilter, 'site'>;

export const EMPTY_FILTER: UrlFilter = {
  category: [],
  tag: [],
  partial: false,
  or: false,
  notags: false,
  nocategories: false,
};

const flag = (v: string | null) => v === 'true' || v === '1';

export function filterFromSearch(search: URLSearchParams): UrlFilter {
  return {
    category: search.getAll('category').filter(Boolean),
    tag: search.getAll('tag').filter(Boolean),
    uploader: search.get('uploader') || undefined,
    search: search.get('search') || undefined,
    partial: flag(search.get('partial')),
    start: search.get('start') || undefined,
    end: search.get('end') || undefined,
    or: flag(search.get('or')),
    notags: flag(search.get('notags')),
    nocategories: flag(search.get('nocategories')),
  };
}

/** The filter's query parameters (with the site); flags only when set. */
export function filterParams(filter: UrlFilter, site: string | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (site) params.set('site', site);
  for (const c of filter.category) params.append('category', c);
  for (const t of filter.tag) params.append('tag', t);
  if (filter.uploader) params.set('uploader', filter.uploader);
  if (filter.search) params.set('search', filter.search);
  if (filter.partial) params.set('partial', 'true');
  if (filter.start) params.set('start', filter.start);
  if (filter.end) params.set('end', filter.end);
  if (filter.or) params.set('or', 'true');
  if (filter.notags) params.set('notags', 'true');
  if (filter.nocategories) params.set('nocategories', 'true');
  return params;
}

export const isFiltered = (filter: UrlFilter) => filterIsActive(filter);

/** "1 image", "3 images" (also "1 selected image", with `before`). */
export const imageCount = (n: number, before = '') => `${n} ${before}${n === 1 ? 'image' : 'images'}`;
