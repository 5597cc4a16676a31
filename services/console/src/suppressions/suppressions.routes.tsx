import type { RouteObject } from 'react-router';

/** Recipients a project no longer sends to, by channel. */
export const suppressionsRoutes: RouteObject[] = [
  { path: 'suppressions', lazy: () => import('./suppressions-page').then((m) => ({ Component: m.SuppressionsPage })) },
];
