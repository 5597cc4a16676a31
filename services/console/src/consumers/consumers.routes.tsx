import type { RouteObject } from 'react-router';

/** The project's webhook consumers (its own customers) and their endpoints. */
export const consumersRoutes: RouteObject[] = [
  { path: 'consumers', lazy: () => import('./consumers-page').then((m) => ({ Component: m.ConsumersPage })) },
  { path: 'consumers/:uid', lazy: () => import('./consumer-page').then((m) => ({ Component: m.ConsumerPage })) },
];
