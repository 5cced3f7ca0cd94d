/**
 * Query keys. Every key starts with the resource path, so invalidating a resource's `all()`
 * refreshes its lists and records after any save or delete. Each feature declares its own keys
 * in its `keys.ts` with `resourceKeys` (plus whatever else it caches); the live stream's table
 * (`live-cache.ts`) is built from them. The session's keys are here.
 */
import type { Query } from './client';

export function resourceKeys<R extends string>(resource: R) {
  return {
    resource,
    all: () => [resource] as const,
    lists: () => [resource, 'list'] as const,
    list: (query: Query = {}) => [resource, 'list', query] as const,
    details: () => [resource, 'record'] as const,
    /** One record; as a prefix (`query` left out) it matches the record with any query. */
    detail: (id: string, query: Query = {}) => [resource, 'record', id, query] as const,
  };
}

export const sessionKeys = {
  me: () => ['users', 'me'] as const,
  accessRules: (roles: readonly string[]) => ['accessRules', [...roles].sort().join(',')] as const,
  sessionSites: (rulesVersion: string) => ['sites', 'session', rulesVersion] as const,
  settings: (site: string | undefined) => ['orgsettings', site ?? ''] as const,
  roles: () => ['roles', 'list', { sort: 'name' }] as const,
  signInOptions: () => ['sign-in-options'] as const,
};
