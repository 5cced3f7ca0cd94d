/**
 * The signed-in session: users/me, the access rules of the user's roles, the sites they may see,
 * the selected site (from `?site=`) and that site's settings. Screens read it with useSession().
 */
import {
  type AccessRule,
  type Action,
  can as canDo,
  DEFAULT_SITE_SETTINGS,
  isSuperAdmin,
  type Site,
  type SiteSettings,
  type User,
} from '@sightline/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FullPageError, FullPageLoader } from '../components/FullPageState';
import { ApiError, api, errorText } from './client';
import { sessionKeys } from './keys';
import { type Session, SessionContext } from './session-context';
import { selectSiteId, withSite } from './site-selection';
import { needsSsoAvailability, useSsoProviders } from './sso';

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();

  const me = useQuery({
    queryKey: sessionKeys.me(),
    queryFn: ({ signal }) => api.get<User>('users/me', {}, signal),
  });
  const roles = me.data?.roles ?? [];
  const rules = useQuery({
    queryKey: sessionKeys.accessRules(roles),
    queryFn: ({ signal }) => api.get<AccessRule[]>('accessRules', { roles }, signal),
    enabled: me.isSuccess,
  });
  // The site list reloads when access rules change (they decide which sites the user reaches): the
  // rules are part of its key.
  const rulesVersion = JSON.stringify(rules.data ?? []);
  const sites = useQuery({
    queryKey: sessionKeys.sessionSites(rulesVersion),
    queryFn: ({ signal }) => api.get<Site[]>('sites', { sort: 'name', limit: 1000 }, signal),
    enabled: rules.isSuccess,
  });
  const siteList = sites.data ?? [];
  const requested = search.get('site');
  const siteId = selectSiteId(siteList, requested);
  // Failures loading settings are only logged, never shown; the defaults stand in.
  const settings = useQuery({
    queryKey: sessionKeys.settings(siteId),
    queryFn: ({ signal }) => api.get<SiteSettings>('orgsettings', { site: siteId }, signal),
    enabled: siteId !== undefined,
  });
  useEffect(() => {
    if (settings.error) console.warn('site settings', settings.error);
  }, [settings.error]);
  // Availability only gates the SSO Settings menu entry, which needs create on ssosettings.
  const mayManageSso = needsSsoAvailability(rules.data);
  const providers = useSsoProviders(mayManageSso);
  const okta = providers.has('okta');
  const entra = providers.has('entra');

  // Keep `?site=` on every route: add it when missing, replace it when unknown.
  useEffect(() => {
    if (siteId && requested !== siteId)
      setSearch((prev) => withSiteKeepPage(prev, siteId), { replace: true });
  }, [siteId, requested, setSearch]);

  const setSite = useCallback((id: string) => setSearch((prev) => withSite(prev, id)), [setSearch]);
  const logout = useCallback(async () => {
    try {
      await api.post('auth/logout');
    } catch {
      // Logging out clears the local session even when the call fails.
    }
    client.clear();
    navigate('/login', { replace: true });
  }, [client, navigate]);

  const value = useMemo<Session | undefined>(() => {
    if (!me.data || !rules.data || !sites.data) return undefined;
    const ruleList = rules.data;
    return {
      user: me.data,
      rules: ruleList,
      superAdmin: isSuperAdmin(ruleList),
      sites: sites.data,
      site: sites.data.find((s) => s._id === siteId),
      siteId,
      setSite,
      settings: { ...DEFAULT_SITE_SETTINGS, ...settings.data },
      ssoAvailable: okta || entra,
      can: (resource: string, action: Action) => canDo(ruleList, resource, action, siteId),
      logout,
    };
  }, [me.data, rules.data, sites.data, siteId, setSite, settings.data, okta, entra, logout]);

  const failure = me.error ?? rules.error ?? sites.error;
  // A 401 is already on its way to the login page (client.ts); keep the loader up meanwhile.
  if (failure && !(failure instanceof ApiError && failure.status === 401)) {
    return (
      <FullPageError
        message={errorText(failure)}
        onRetry={() => client.invalidateQueries()}
        onSignOut={() => void logout()}
      />
    );
  }
  // Screens mount only once `?site=` names the selected site, so none fetches for the wrong site
  // and no redirect of theirs races the rewrite above.
  if (!value || (siteId !== undefined && requested !== siteId)) return <FullPageLoader />;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function withSiteKeepPage(prev: URLSearchParams, siteId: string) {
  const next = new URLSearchParams(prev);
  next.set('site', siteId);
  return next;
}
