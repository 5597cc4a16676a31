import { Navigate, type RouteObject } from 'react-router';

/**
 * A project's pages, under `/projects/:projectId`; each area adds its own routes here, one line
 * each.
 */
export const projectRoutes: RouteObject[] = [
  {
    path: 'projects/:projectId',
    children: [{ index: true, element: <Navigate to="events" replace /> }],
  },
];
