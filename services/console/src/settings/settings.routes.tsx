import type { RouteObject } from 'react-router';

/** The deployment's effective channel configuration and retry policies, read only. */
export const settingsRoutes: RouteObject[] = [
  { path: 'settings', lazy: () => import('./settings-page').then((m) => ({ Component: m.SettingsPage })) },
];
