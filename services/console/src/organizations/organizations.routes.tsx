import type { RouteObject } from 'react-router';

export const organizationRoutes: RouteObject[] = [
  { path: 'organizations/:organizationId', lazy: () => import('./organization-page').then((m) => ({ Component: m.OrganizationPage })) },
];
