import { createBrowserRouter, type RouteObject } from 'react-router';
import { RemoteModule } from '../federation/RemoteModule';
import { PublicPagesLayout } from '../layouts/PublicPagesLayout';
import { RootLayout } from '../layouts/RootLayout';
import { SignedInLayout } from '../layouts/SignedInLayout';
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
        // Private pages: signed-in users only, inside the side bar / bottom bar frame.
        element: <RequireSession />,
        children: [{ element: <SignedInLayout />, children: remoteRoutes('private') }],
      },
    ],
  },
]);
