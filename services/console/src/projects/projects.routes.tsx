import { Navigate, type RouteObject } from 'react-router';
import { apiKeysRoutes } from '../api-keys/api-keys.routes';
import { deadLetterRoutes } from '../dead-letters/dead-letters.routes';
import { eventsRoutes } from '../events/events.routes';
import { notificationsRoutes } from '../notifications/notifications.routes';
import { sendTestRoutes } from '../send-test/send-test.routes';

/**
 * A project's pages, under `/projects/:projectId`; each area adds its own routes here, one line
 * each.
 */
export const projectRoutes: RouteObject[] = [
  {
    path: 'projects/:projectId',
    children: [
      { index: true, element: <Navigate to="events" replace /> },
      ...eventsRoutes,
      ...notificationsRoutes,
      ...deadLetterRoutes,
      ...apiKeysRoutes,
      ...sendTestRoutes,
    ],
  },
];
