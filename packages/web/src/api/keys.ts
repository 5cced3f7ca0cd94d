/**
 * Query keys. Every key starts with the resource path, so invalidating `keys.all('users')`
 * refreshes that resource's lists and records after any save or delete.
 */
import type { Query } from './client';

export const keys = {
  all: (resource: string) => [resource] as const,
  lists: (resource: string) => [resource, 'list'] as const,
  list: (resource: string, query: Query = {}) => [resource, 'list', query] as const,
  record: (resource: string, id: string) => [resource, 'record', id] as const,
  me: () => ['users', 'me'] as const,
  accessRules: (roles: readonly string[]) => ['accessRules', [...roles].sort().join(',')] as const,
  sessionSites: (rulesVersion: string) => ['sites', 'session', rulesVersion] as const,
  settings: (site: string | undefined) => ['orgsettings', site ?? ''] as const,
  roles: () => ['roles', 'list', { sort: 'name' }] as const,
  ssoAvailable: (provider: 'okta' | 'entra') => ['sso-available', provider] as const,
};
