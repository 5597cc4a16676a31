import type { RouteObject } from 'react-router';

/** Events to be published later: the list and one scheduled event. */
export const scheduledEventsRoutes: RouteObject[] = [
  { path: 'scheduled-events', lazy: () => import('./scheduled-events-page').then((m) => ({ Component: m.ScheduledEventsPage })) },
  {
    path: 'scheduled-events/:scheduledEventId',
    lazy: () => import('./scheduled-event-page').then((m) => ({ Component: m.ScheduledEventPage })),
  },
];
