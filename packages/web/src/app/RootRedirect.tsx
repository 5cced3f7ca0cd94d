import { Navigate } from 'react-router';
import { features } from '../features';
import { sitePath } from '../navigation/site-links';
import { useMenuContext } from './menu-context';
import { firstScreen } from './menu-layout';

/** '/' goes to the first screen the user's menu offers (unknown paths land here too). */
export function RootRedirect() {
  const ctx = useMenuContext();
  return <Navigate to={sitePath(firstScreen(features, ctx), ctx.siteId)} replace />;
}
