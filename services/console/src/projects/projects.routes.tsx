import { Navigate, type RouteObject } from 'react-router';
import { analyticsRoutes } from '../analytics/analytics.routes';
import { apiKeysRoutes } from '../api-keys/api-keys.routes';
import { auditRoutes } from '../audit/audit.routes';
import { deadLetterRoutes } from '../dead-letters/dead-letters.routes';
import { eventsRoutes } from '../events/events.routes';
import { liveDeliveriesRoutes } from '../live-deliveries/live-deliveries.routes';
import { notificationsRoutes } from '../notifications/notifications.routes';
import { scheduledEventsRoutes } from '../scheduled-events/scheduled-events.routes';
import { sendTestRoutes } from '../send-test/send-test.routes';
import { templatesRoutes } from '../templates/templates.routes';
import { usageRoutes } from '../usage/usage.routes';
import { settingsRoutes } from '../settings/settings.routes';
import { portalSettingsRoutes } from '../portal-settings/portal-settings.routes';
import { suppressionsRoutes } from '../suppressions/suppressions.routes';
import { eventTypesRoutes } from '../event-types/event-types.routes';
import { consumersRoutes } from '../consumers/consumers.routes';

/**
 * A project's pages, under `/projects/:projectId`; each area adds its own routes here, one line
 * each. The overview is the project's landing page.
 */
export const projectRoutes: RouteObject[] = [
  {
    path: 'projects/:projectId',
    children: [
      { index: true, element: <Navigate to="overview" replace /> },
      ...analyticsRoutes,
      ...eventsRoutes,
      ...liveDeliveriesRoutes,
      ...notificationsRoutes,
      ...deadLetterRoutes,
      ...apiKeysRoutes,
      ...sendTestRoutes,
      ...templatesRoutes,
      ...auditRoutes,
      ...usageRoutes,
      ...suppressionsRoutes,
      ...scheduledEventsRoutes,
      ...eventTypesRoutes,
      ...consumersRoutes,
      ...portalSettingsRoutes,
      ...settingsRoutes,
    ],
  },
];
