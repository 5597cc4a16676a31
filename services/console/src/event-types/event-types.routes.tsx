import type { RouteObject } from 'react-router';

/** The catalogue of event types a project's webhook consumers pick from. */
export const eventTypesRoutes: RouteObject[] = [
  { path: 'event-types', lazy: () => import('./event-types-page').then((m) => ({ Component: m.EventTypesPage })) },
];
