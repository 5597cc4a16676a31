import type { RouteObject } from 'react-router';

/** Under /projects/:projectId: the notification search and one notification's attempts. */
export const notificationsRoutes: RouteObject[] = [
  { path: 'notifications', lazy: () => import('./notifications-page').then((m) => ({ Component: m.NotificationsPage })) },
  {
    path: 'notifications/:notificationId',
    lazy: () => import('./notification-detail-page').then((m) => ({ Component: m.NotificationDetailPage })),
  },
];
