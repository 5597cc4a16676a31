import type { RouteObject } from 'react-router';

/** Under /projects/:projectId: requests per endpoint per hour. */
export const usageRoutes: RouteObject[] = [{ path: 'usage', lazy: () => import('./usage-page').then((m) => ({ Component: m.UsagePage })) }];
