import { ALL_SITES } from '@sightline/shared';
import { useMemo } from 'react';
import { useSession } from '../api/session-context';
import type { MenuContext } from '../navigation/registry';

/** The session as seen by menu gates and labels. */
export function useMenuContext(): MenuContext {
  const { can, settings, ssoAvailable, superAdmin, siteId, user } = useSession();
  const allSites = superAdmin || user.securityCtx.sites.includes(ALL_SITES);
  return useMemo(
    () => ({ can, settings, ssoAvailable, superAdmin, allSites, siteId, userId: user.id }),
    [can, settings, ssoAvailable, superAdmin, allSites, siteId, user.id],
  );
}
