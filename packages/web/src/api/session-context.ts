import {
  type AccessRule,
  type Action,
  ALL_SITES,
  type Site,
  type SiteSettings,
  type User,
} from '@sightline/shared';
import { createContext, useContext } from 'react';

/**
 * Who is signed in, what they may do, and where (roles' access rules, sites); provided by
 * SessionProvider.
 */
export interface Session {
  user: User;
  rules: AccessRule[];
  superAdmin: boolean;
  sites: Site[];
  site: Site | undefined;
  siteId: string | undefined;
  setSite: (id: string) => void;
  settings: SiteSettings;
  ssoAvailable: boolean;
  /**
   * Whether the user's access rules allow an action on a resource at the selected site:
   * `can('users', 'create')`.
   */
  can: (resource: string, action: Action) => boolean;
  /** Ends the session; clears local state and goes to login even when the call fails. */
  logout: () => Promise<void>;
}

export const SessionContext = createContext<Session | undefined>(undefined);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/** Whether the user may act on every site (a Super Admin, or All Sites among the user's sites). */
export const hasAllSites = (session: Pick<Session, 'superAdmin' | 'user'>) =>
  session.superAdmin || session.user.securityCtx.sites.includes(ALL_SITES);
