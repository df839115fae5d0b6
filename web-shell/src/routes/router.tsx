import { createBrowserRouter, type RouteObject } from 'react-router';
import { RemoteModule } from '../federation/RemoteModule';
import { PublicPagesLayout } from '../layouts/PublicPagesLayout';
import { RootLayout } from '../layouts/RootLayout';
import { DashboardPage } from '../pages/DashboardPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RouteErrorPage } from '../pages/RouteErrorPage';
import { REMOTE_ROUTES, type RemoteRoute } from './remoteRoutes';
import { RequireSession } from './RequireSession';

function remoteRoutes(access: RemoteRoute['access']): RouteObject[] {
  return REMOTE_ROUTES.filter((route) => route.access === access).map(({ path, module }) => ({
    path,
    element: <RemoteModule module={module} />,
  }));
}

/** The app's only router: remotes render inside it and use the shared react-router singleton. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicPagesLayout />,
        children: [...remoteRoutes('public'), { path: '*', element: <NotFoundPage /> }],
      },
      {
        element: <RequireSession />,
        children: [{ path: '/dashboard', element: <DashboardPage /> }, ...remoteRoutes('private')],
      },
    ],
  },
]);
