import type { RouteObject } from 'react-router';

/** Where the project's consumer portal may be embedded, and how it looks. */
export const portalSettingsRoutes: RouteObject[] = [
  { path: 'portal', lazy: () => import('./portal-settings-page').then((m) => ({ Component: m.PortalSettingsPage })) },
];
