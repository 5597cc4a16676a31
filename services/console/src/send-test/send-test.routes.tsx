import type { RouteObject } from 'react-router';

export const sendTestRoutes: RouteObject[] = [
  { path: 'send', lazy: () => import('./send-test-page').then((m) => ({ Component: m.SendTestPage })) },
];
