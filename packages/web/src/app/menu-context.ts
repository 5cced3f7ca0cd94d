import { useMemo } from 'react';
import { useSession } from '../api/session-context';
import type { MenuContext } from './registry';

/** The session as seen by menu gates and labels. */
export function useMenuContext(): MenuContext {
  const { can, settings, ssoAvailable, superAdmin, siteId } = useSession();
  return useMemo(
    () => ({ can, settings, ssoAvailable, superAdmin, siteId }),
    [can, settings, ssoAvailable, superAdmin, siteId],
  );
}
