import type { RouteObject } from 'react-router';

/** Under /projects/:projectId: the project's deliveries as they happen. */
export const liveDeliveriesRoutes: RouteObject[] = [
  { path: 'live', lazy: () => import('./live-deliveries-page').then((m) => ({ Component: m.LiveDeliveriesPage })) },
];
