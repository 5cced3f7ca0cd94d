/**
 * Sign-in options: `GET /auth/options` (public) names the providers the organization can sign in
 * with, so one request answers both and a provider that is off is simply absent (no 404 to log).
 * Signed in, only users who may manage SSO settings need to know, so only they ask.
 */
import { type AccessRule, can, type SignInOptions } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from './client';
import { sessionKeys } from './keys';

export type SsoProvider = SignInOptions['providers'][number];

/** Signed in, availability is asked only by users who may manage SSO settings (create on ssosettings). */
export const needsSsoAvailability = (rules: readonly AccessRule[] | undefined) =>
  rules !== undefined && can(rules, 'ssosettings', 'create');

/** The providers available; none while asking or when the answer fails (never an error to show). */
export function useSsoProviders(enabled = true): ReadonlySet<SsoProvider> {
  const query = useQuery({
    queryKey: sessionKeys.signInOptions(),
    queryFn: async ({ signal }) => {
      try {
        return (await request<SignInOptions>('/auth/options', { signal })).data.providers;
      } catch {
        return [];
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
    enabled,
  });
  return new Set(query.data ?? []);
}
