/** The image calls the screens use: the paged list, meta, bulk calls, uploads with progress. */
import { CSRF_HEADER, CSRF_VALUE, type Image } from '@sightline/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, request } from '../../api/client';
import { filterParams, type UrlFilter } from './filter';
import { imageKeys } from './keys';

const IMAGE_PAGE = 50;

export function useImagePages(filter: UrlFilter, site: string | undefined) {
  const params = filterParams(filter, site);
  return useInfiniteQuery({
    queryKey: imageKeys.pages(params.toString()),
    enabled: Boolean(site),
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams(params);
      query.set('limit', String(IMAGE_PAGE));
      query.set('page', String(pageParam));
      const res = await request<Image[]>(`/api/images?${query}`, { signal });
      return { items: res.data, total: res.total ?? res.data.length, page: pageParam };
    },
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.items.length, 0) < last.total ? last.page + 1 : undefined,
  });
}

/** Which images a bulk call acts on: the selection (bulk mode) or the filter (query mode). */
export type Target = { ids: string[] } | { filter: UrlFilter };

function targetQuery(target: Target, site: string): URLSearchParams {
  if ('ids' in target) return new URLSearchParams({ site, ids: target.ids.join(',') });
  return filterParams(target.filter, site);
}

export interface BulkChange {
  addTags: string[];
  removeTags: string[];
  addCategories: string[];
  removeCategories: string[];
}

export async function bulkEdit(target: Target, site: string, change: BulkChange) {
  return (
    await request<{ count: number }>(`/api/images/meta?${targetQuery(target, site)}`, {
      method: 'PUT',
      body: change,
    })
  ).data;
}

export async function bulkDelete(target: Target, site: string) {
  return (await request<{ count: number }>(`/api/images?${targetQuery(target, site)}`, { method: 'DELETE' }))
    .data;
}

/** Download links: zip and CSV of the selection or of the filter (images//zip?...). */
export function exportUrl(kind: 'zip' | 'csv', target: Target, site: string): string {
  if ('ids' in target) return `/api/images/${target.ids.join(',')}/${kind}`;
  return `/api/images//${kind}?${filterParams(target.filter, site)}`;
}

export const originalUrl = (id: string, download = false) =>
  `/api/images/${id}${download ? '?download=true' : ''}`;

/** Starts a browser download of `url` (the server sends Content-Disposition: attachment). */
export function download(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export interface UploadOptions {
  site: string;
  tags?: string[];
  categories?: string[];
  thing?: string;
  category?: string;
  onProgress?: (fraction: number) => void;
}

/** POST api/images with one file, through XMLHttpRequest for real upload progress. */
export function uploadImage(file: File, options: UploadOptions): Promise<Image[]> {
  const form = new FormData();
  for (const t of options.tags ?? []) form.append('tags', t);
  for (const c of options.categories ?? []) form.append('categories', c);
  if (options.thing) form.append('thing', options.thing);
  if (options.category) form.append('category', options.category);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/images?site=${encodeURIComponent(options.site)}`);
    xhr.setRequestHeader(CSRF_HEADER, CSRF_VALUE);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: keep the text
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(body as Image[]);
        return;
      }
      const message = (body as { message?: string } | null)?.message ?? String(body ?? '');
      reject(new ApiError(xhr.status, xhr.statusText || `HTTP ${xhr.status}`, message, body));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}
