import type { RouteObject } from 'react-router';

/** Under /projects/:projectId: the overview, the project's landing page (its charts load with it, never before). */
export const analyticsRoutes: RouteObject[] = [
  { path: 'overview', lazy: () => import('./overview-page').then((m) => ({ Component: m.OverviewPage })) },
];
