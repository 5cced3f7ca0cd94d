/**
 * Renders the matched screen, or the no-access page when the route's gate (its `handle.gate`,
 * see registry.ts) refuses the signed-in user: the screen then never mounts, so nothing asks the
 * server for what it would refuse.
 */
import { Outlet, useMatches } from 'react-router';
import { NoAccess } from '../components/NoAccess';
import { routeGate } from '../navigation/registry';
import { useMenuContext } from './menu-context';

export function RouteGate() {
  const matches = useMatches();
  const ctx = useMenuContext();
  const gate = routeGate(matches.map((m) => m.handle));
  if (gate && !gate(ctx, matches.at(-1)?.params)) return <NoAccess />;
  return <Outlet />;
}
