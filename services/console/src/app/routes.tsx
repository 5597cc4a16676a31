import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminRoutes } from '../admin/admin.routes';
import { authRoutes } from '../auth/auth.routes';
import { organizationRoutes } from '../organizations/organizations.routes';
import { projectRoutes } from '../projects/projects.routes';
import { RequireSession } from './require-session';
import { Shell } from './shell';
import { HomePage } from './home-page';
import { NotFoundPage } from './not-found-page';

/**
 * Every area brings its own routes, one line each. Pages outside the shell are the ones a person
 * reaches before signing in (sign-in, the magic link, an invitation); everything else needs a
 * session. Area pages load on first visit, so the first page carries only the shell.
 */
const signedIn: RouteObject[] = [
  { index: true, element: <HomePage /> },
  ...organizationRoutes,
  ...projectRoutes,
  ...adminRoutes,
  { path: '*', element: <NotFoundPage /> },
];

export function createConsoleRouter() {
  return createBrowserRouter([
    ...authRoutes,
    {
      element: (
        <RequireSession>
          <Shell />
        </RequireSession>
      ),
      children: signedIn,
    },
  ]);
}
