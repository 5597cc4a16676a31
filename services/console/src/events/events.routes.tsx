import type { RouteObject } from 'react-router';

/** Under /projects/:projectId: the event list and one event's deliveries. */
export const eventsRoutes: RouteObject[] = [
  { path: 'events', lazy: () => import('./events-page').then((m) => ({ Component: m.EventsPage })) },
  { path: 'events/:eventId', lazy: () => import('./event-detail-page').then((m) => ({ Component: m.EventDetailPage })) },
];
