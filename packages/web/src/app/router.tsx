/**
 * The console's route table, assembled from the feature registry: public pages (login, password
 * reset) outside the shell, every other screen inside it, and any unknown path back to '/'.
 */
import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageLoader } from '../components/FullPageState';
import { features } from '../features';
import { RootRedirect } from './RootRedirect';
import { RouteError } from './RouteError';

/**
 * The signed-in shell (drawer, top bar, session) loads with the first screen inside it, not with
 * the login page: the login route stays under its JavaScript budget
 * (docs/decisions/0043-console-delivery.md).
 */
async function signedInShell() {
  const [{ SessionProvider }, { Shell }] = await Promise.all([import('../api/session'), import('./Shell')]);
  return {
    Component: () => (
      <SessionProvider>
        <Shell />
      </SessionProvider>
    ),
  };
}

export const router = createBrowserRouter([
  {
    path: '/',
    hydrateFallbackElement: <FullPageLoader />,
    errorElement: <RouteError />,
    children: [
      ...features.flatMap((f) => f.publicRoutes ?? []),
      {
        lazy: signedInShell,
        children: [{ index: true, element: <RootRedirect /> }, ...features.flatMap((f) => f.routes ?? [])],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
