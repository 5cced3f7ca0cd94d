/**
 * SPEC 2.1's route table, assembled from the feature registry: public pages (login, password
 * reset) outside the shell, every other screen inside it, and any unknown path back to '/'.
 */
import { createBrowserRouter, Navigate } from 'react-router';
import { SessionProvider } from '../api/session';
import { FullPageLoader } from '../components/FullPageState';
import { features } from '../features';
import { RootRedirect } from './RootRedirect';
import { RouteError } from './RouteError';
import { Shell } from './Shell';

export const router = createBrowserRouter([
  {
    path: '/',
    hydrateFallbackElement: <FullPageLoader />,
    errorElement: <RouteError />,
    children: [
      ...features.flatMap((f) => f.publicRoutes ?? []),
      {
        element: (
          <SessionProvider>
            <Shell />
          </SessionProvider>
        ),
        children: [{ index: true, element: <RootRedirect /> }, ...features.flatMap((f) => f.routes ?? [])],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
