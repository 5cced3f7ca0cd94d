/**
 * Identity-provider availability: `GET /auth/{provider}/available`, 200 means available; any
 * refusal (404 when SSO is off) simply means not available, never an error to show or retry.
 * Signed in, only users who may manage SSO settings need to know, so only they ask.
 */
import { type AccessRule, can } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from './client';
import { sessionKeys } from './keys';

export type SsoProvider = 'okta' | 'entra';

/** Signed in, availability is asked only by users who may manage SSO settings (create on ssosettings). */
export const needsSsoAvailability = (rules: readonly AccessRule[] | undefined) =>
  rules !== undefined && can(rules, 'ssosettings', 'create');

export function useSsoAvailable(provider: SsoProvider, enabled = true): boolean {
  const query = useQuery({
    queryKey: sessionKeys.ssoAvailable(provider),
    queryFn: async ({ signal }) => {
      try {
        await request(`/auth/${provider}/available`, { signal });
        return true;
      } catch {
        return false;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
    enabled,
  });
  return query.data === true;
}
