/**
 * Identity-provider availability, asked by the login page: `GET /auth/{provider}/available`, 200
 * means available.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from './client';
import { sessionKeys } from './keys';

export type SsoProvider = 'okta' | 'entra';

export function useSsoAvailable(provider: SsoProvider): boolean {
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
  });
  return query.data === true;
}
