import type { RouteObject } from 'react-router';

export const apiKeysRoutes: RouteObject[] = [
  { path: 'keys', lazy: () => import('./api-keys-page').then((m) => ({ Component: m.ApiKeysPage })) },
];
