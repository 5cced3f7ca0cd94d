/**
 * Hooks per resource. `resource` is the path under /api ('users', 'apikeys', 'sites' ...).
 * Lists keep the previous page on screen while the next one loads.
 */
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, type ListResult, type Query } from './client';
import { resourceKeys, sessionKeys } from './keys';

export const isNewId = (id: string | undefined) => id === undefined || id === 'new';

export function useList<T>(resource: string, query: Query = {}, options: { enabled?: boolean } = {}) {
  return useQuery<ListResult<T>>({
    queryKey: resourceKeys(resource).list(query),
    queryFn: ({ signal }) => api.list<T>(resource, query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One record; `id` 'new' or undefined loads nothing. An empty id ('') loads `resource` itself (single records). */
export function useRecord<T>(
  resource: string,
  id: string | undefined,
  options: { query?: Query; enabled?: boolean } = {},
) {
  return useQuery<T>({
    queryKey: resourceKeys(resource).detail(id ?? 'new', options.query),
    queryFn: ({ signal }) => api.get<T>(id ? `${resource}/${id}` : resource, options.query, signal),
    enabled: (options.enabled ?? true) && (id === '' || !isNewId(id)),
  });
}

export interface SaveArgs {
  /** Existing record id: PUT resource/id. Absent: POST resource. Empty string: PUT resource. */
  id?: string;
  body: unknown;
  query?: Query;
}
export function useSave<T>(resource: string) {
  const client = useQueryClient();
  return useMutation<T, Error, SaveArgs>({
    mutationFn: ({ id, body, query }) => {
      if (id === undefined) return api.post<T>(resource, body, query);
      return api.put<T>(id ? `${resource}/${id}` : resource, body, query);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKeys(resource).all() }),
  });
}

/**
 * Deleting drops the record from the cache (a refetch could only answer 404) and refreshes the
 * rest of the resource: lists, other records. A screen still showing the record disables its query
 * once the delete succeeds (useEditor), so nothing asks for it again.
 */
export function useDelete(resource: string) {
  const client = useQueryClient();
  return useMutation<unknown, Error, string>({
    mutationFn: (id) => api.delete(`${resource}/${id}`),
    onSuccess: (_, id) => forgetDeleted(client, resource, id),
  });
}

/** After deleting `id`: its record leaves the cache (removed, not invalidated); the rest refreshes. */
export function forgetDeleted(client: QueryClient, resource: string, id: string) {
  const keys = resourceKeys(resource);
  client.removeQueries({ queryKey: keys.detail(id) });
  return client.invalidateQueries({ queryKey: keys.all() });
}

/** Every role, by name (`GET roles?sort=name`), shared by users and API keys. */
export function useRoles() {
  return useQuery({
    queryKey: sessionKeys.roles(),
    queryFn: ({ signal }) => api.get<{ id: string; name: string }[]>('roles', { sort: 'name' }, signal),
    staleTime: 5 * 60_000,
  });
}

/**
 * A record's id whichever way the API spells it: `_id` on most records, `id` on some (users,
 * categories, images).
 */
export function recordId(record: unknown): string {
  const r = record as { _id?: unknown; id?: unknown } | null | undefined;
  return String(r?._id ?? r?.id ?? '');
}
